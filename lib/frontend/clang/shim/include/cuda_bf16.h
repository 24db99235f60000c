// kernel-tidy shim of cuda_bf16.h: __nv_bfloat16, __nv_bfloat162 and their
// intrinsics.
#ifndef __KT_CUDA_BF16_H
#define __KT_CUDA_BF16_H
#include "__kernel_tidy_cuda.h"
#ifdef __cplusplus
#define __KT_F16 __nv_bfloat16
#define __KT_F16_FN bfloat16
#include "__kernel_tidy_float16.inc"
#undef __KT_F16_FN
#undef __KT_F16

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
typedef __nv_bfloat16_raw __nv_bfloat16_raw_t;
// Its conversions are those of __kernel_tidy_float16.inc.

#endif // __cplusplus
#endif
