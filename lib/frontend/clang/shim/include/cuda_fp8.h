// kernel-tidy shim of cuda_fp8.h: the fp8 storage types, the e4m3 and e5m2
// scalars and pairs/quads quantisation kernels take as parameters, and the
// C-style conversions. Declarations only; typed as the toolkit types them
// (test/frontend/clang/shim/toolkit_probe.cu).
#ifndef __KT_CUDA_FP8_H
#define __KT_CUDA_FP8_H
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#ifdef __cplusplus

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(
    const float x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_double_to_fp8(
    const double x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(
    const float2 x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(
    const __half_raw x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(
    const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __half_raw __nv_cvt_fp8_to_halfraw(
    const __nv_fp8_storage_t x, const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __half2_raw __nv_cvt_fp8x2_to_halfraw2(
    const __nv_fp8x2_storage_t x, const __nv_fp8_interpretation_t fp8_interpretation);

// One fp8 scalar kind: explicit conversions from and to the wider types.
#define __KT_FP8_SCALAR(NAME)                                                  \
  struct __attribute__((aligned(1))) NAME {                                    \
    __nv_fp8_storage_t __x;                                                    \
    NAME() = default;                                                          \
    explicit __host__ __device__ NAME(const __half f);                         \
    explicit __host__ __device__ NAME(const __nv_bfloat16 f);                  \
    explicit __host__ __device__ NAME(const float f);                          \
    explicit __host__ __device__ NAME(const double f);                         \
    explicit __host__ __device__ NAME(const unsigned short int val);           \
    explicit __host__ __device__ NAME(const unsigned int val);                 \
    explicit __host__ __device__ NAME(const unsigned long int val);            \
    explicit __host__ __device__ NAME(const unsigned long long int val);       \
    explicit __host__ __device__ NAME(const short int val);                    \
    explicit __host__ __device__ NAME(const int val);                          \
    explicit __host__ __device__ NAME(const long int val);                     \
    explicit __host__ __device__ NAME(const long long int val);                \
    explicit __host__ __device__ operator __half() const;                      \
    explicit __host__ __device__ operator float() const;                       \
    explicit __host__ __device__ operator __nv_bfloat16() const;               \
    explicit __host__ __device__ operator double() const;                      \
    explicit __host__ __device__ operator unsigned char() const;               \
    explicit __host__ __device__ operator unsigned short int() const;          \
    explicit __host__ __device__ operator unsigned int() const;                \
    explicit __host__ __device__ operator unsigned long int() const;           \
    explicit __host__ __device__ operator unsigned long long int() const;      \
    explicit __host__ __device__ operator signed char() const;                 \
    explicit __host__ __device__ operator char() const;                        \
    explicit __host__ __device__ operator short int() const;                   \
    explicit __host__ __device__ operator int() const;                         \
    explicit __host__ __device__ operator long int() const;                    \
    explicit __host__ __device__ operator long long int() const;               \
    explicit __host__ __device__ operator bool() const;                        \
  };
// Two or four of a kind: built from and converted to float2/float4.
#define __KT_FP8_VECTOR(NAME, STORAGE, ALIGN, FLOATS)                          \
  struct __attribute__((aligned(ALIGN))) NAME {                                \
    STORAGE __x;                                                               \
    NAME() = default;                                                          \
    explicit __host__ __device__ NAME(const FLOATS f);                         \
    explicit __host__ __device__ operator FLOATS() const;                      \
  };

__KT_FP8_SCALAR(__nv_fp8_e4m3)
__KT_FP8_SCALAR(__nv_fp8_e5m2)
__KT_FP8_VECTOR(__nv_fp8x2_e4m3, __nv_fp8x2_storage_t, 2, float2)
__KT_FP8_VECTOR(__nv_fp8x2_e5m2, __nv_fp8x2_storage_t, 2, float2)
__KT_FP8_VECTOR(__nv_fp8x4_e4m3, __nv_fp8x4_storage_t, 4, float4)
__KT_FP8_VECTOR(__nv_fp8x4_e5m2, __nv_fp8x4_storage_t, 4, float4)
#undef __KT_FP8_VECTOR
#undef __KT_FP8_SCALAR

#endif // __cplusplus
#endif
