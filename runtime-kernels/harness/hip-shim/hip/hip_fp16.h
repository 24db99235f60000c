// hip/hip_fp16.h for compiling HIP fixtures as CUDA: CUDA's __half.
#ifndef KERNELTIDY_RUNTIME_HIP_SHIM_HIP_FP16_H
#define KERNELTIDY_RUNTIME_HIP_SHIM_HIP_FP16_H
#include <cuda_fp16.h>
#endif
