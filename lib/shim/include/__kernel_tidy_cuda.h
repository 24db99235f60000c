// kernel-tidy's built-in CUDA shim: declares what kernels use so that .cu
// files parse in Clang's CUDA mode with no CUDA toolkit installed. It is
// force-included for CUDA sources; cuda_runtime.h and friends include it too.
// Semantics matter only as far as the checks look: types, widths and names.
#ifndef __KERNEL_TIDY_CUDA_H
#define __KERNEL_TIDY_CUDA_H
#define __KERNEL_TIDY__ 1

#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 4
#define CUDART_VERSION 12040
#define __CUDA_ARCH_LIST__ 900

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __grid_constant__

#include <stddef.h>

typedef int cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost,
  cudaMemcpyHostToDevice,
  cudaMemcpyDeviceToHost,
  cudaMemcpyDeviceToDevice,
  cudaMemcpyDefault
};
#define cudaSuccess 0

struct uint3 { unsigned int x, y, z; };
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};

// The builtin index variables: 'unsigned int' components, as in CUDA.
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

// Kernel launches: clang lowers k<<<g, b, s, st>>>(...) through these.
extern "C" __host__ int __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                     size_t sharedMem = 0,
                                                     cudaStream_t stream = 0);
extern "C" __host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                                  size_t sharedMem = 0,
                                                  cudaStream_t stream = 0);

__device__ void __syncthreads();
__device__ int __syncthreads_or(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_count(int);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence();
__device__ void __threadfence_block();

#endif
