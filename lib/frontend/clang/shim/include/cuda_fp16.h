// kernel-tidy shim of cuda_fp16.h: __half, __half2 and their intrinsics.
#ifndef __KT_CUDA_FP16_H
#define __KT_CUDA_FP16_H
#include "__kernel_tidy_cuda.h"
#ifdef __cplusplus
#define __KT_F16 __half
#define __KT_F16_FN half
#include "__kernel_tidy_float16.inc"
#undef __KT_F16_FN
#undef __KT_F16

typedef __half half;
typedef __half2 half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half __nv_half;
typedef __half2 __nv_half2;
#define CUDA_FP16_H_KT 1

// Conversions only __half has (the shared ones: __kernel_tidy_float16.inc).
__host__ __device__ __half __float2half_rd(const float a);
__host__ __device__ __half __float2half_ru(const float a);
__host__ __device__ __half2 __lowhigh2highlow(const __half2 a);
__host__ __device__ __half2 __lows2half2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __highs2half2(const __half2 a, const __half2 b);
__host__ __device__ int __half2int_rz(const __half h);
__host__ __device__ unsigned int __half2uint_rn(const __half h);
__host__ __device__ long long __half2ll_rn(const __half h);
__host__ __device__ short __half2short_rn(const __half h);
__host__ __device__ __half __short2half_rn(const short i);
__host__ __device__ __half __ll2half_rn(const long long i);
__host__ __device__ __half __ull2half_rn(const unsigned long long i);
__host__ __device__ __half __ushort2half_rn(const unsigned short i);

#endif // __cplusplus
#endif
