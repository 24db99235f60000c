// kernel-tidy shim of cuda_bf16.h: __nv_bfloat16, __nv_bfloat162 and their
// intrinsics.
#ifndef __KT_CUDA_BF16_H
#define __KT_CUDA_BF16_H
#include "__kernel_tidy_cuda.h"
#ifdef __cplusplus
#define __KT_F16 __nv_bfloat16
#include "__kernel_tidy_float16.inc"
#undef __KT_F16

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
typedef __nv_bfloat16_raw __nv_bfloat16_raw_t;

// Conversions.
__host__ __device__ __nv_bfloat16 __float2bfloat16(const float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(const float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rz(const float a);
__host__ __device__ __nv_bfloat16 __double2bfloat16(const double a);
__host__ __device__ float __bfloat162float(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(const float a);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(const float2 a);
__host__ __device__ float2 __bfloat1622float2(const __nv_bfloat162 a);
__host__ __device__ float __low2float(const __nv_bfloat162 a);
__host__ __device__ float __high2float(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 a);
__host__ __device__ short __bfloat16_as_short(const __nv_bfloat16 h);
__host__ __device__ unsigned short __bfloat16_as_ushort(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __short_as_bfloat16(const short i);
__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(const unsigned short i);
__host__ __device__ int __bfloat162int_rn(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __int2bfloat16_rn(const int i);
__host__ __device__ __nv_bfloat16 __uint2bfloat16_rn(const unsigned int i);

#endif // __cplusplus
#endif
