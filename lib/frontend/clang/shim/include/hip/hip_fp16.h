// kernel-tidy shim of <hip/hip_fp16.h>: HIP's __half is CUDA's.
#pragma once
#include "../__kernel_tidy_hip_runtime.h"
#include "../cuda_fp16.h"
