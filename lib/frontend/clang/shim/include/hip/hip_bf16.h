// kernel-tidy shim of <hip/hip_bf16.h>: HIP's __hip_bfloat16 is CUDA's
// __nv_bfloat16 here.
#pragma once
#include "../__kernel_tidy_hip_runtime.h"
#include "../cuda_bf16.h"
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
typedef __nv_bfloat16 hip_bfloat16;
