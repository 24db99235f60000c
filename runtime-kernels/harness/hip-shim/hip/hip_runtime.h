// hip/hip_runtime.h for compiling HIP fixtures as CUDA (runtime-kernels only):
// the names the HIP fixtures use, mapped onto the CUDA runtime, as hipify
// would rewrite them. Kernel bodies are untouched: blockIdx, threadIdx,
// atomicAdd and __half are the same names in both.
#ifndef KERNELTIDY_RUNTIME_HIP_SHIM_HIP_RUNTIME_H
#define KERNELTIDY_RUNTIME_HIP_SHIM_HIP_RUNTIME_H
#include <cuda_runtime.h>
using hipError_t = cudaError_t;
using hipStream_t = cudaStream_t;
#define hipSuccess cudaSuccess
#define hipGetLastError cudaGetLastError
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...)            \
  kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__)
#endif
