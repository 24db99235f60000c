// kernel-tidy's built-in CUDA shim: declares what kernels use so that .cu
// (and .hip) files parse in Clang's CUDA mode with no CUDA toolkit installed.
// It is force-included for CUDA and HIP sources; cuda_runtime.h and friends
// include it too. Semantics matter only as far as the checks look: types,
// widths and names. Device math, shuffles and votes come from Clang's own
// resource headers (__clang_cuda_*.h), which need no toolkit.
//
// Contract with the checks (do not change without telling them):
// - threadIdx/blockIdx are 'extern const __device__ uint3', blockDim/gridDim
//   'extern const __device__ dim3': every component is 'unsigned int'.
// - __half, __nv_bfloat16 are classes named as in CUDA (cuda_fp16.h,
//   cuda_bf16.h); 'half' and 'nv_bfloat16' are typedefs of them.
// - atomicAdd & co. are plain '__device__' function declarations.
#ifndef __KERNEL_TIDY_CUDA_H
#define __KERNEL_TIDY_CUDA_H
#define __KERNEL_TIDY__ 1

// Two modes. A CUDA or HIP source (Clang's CUDA mode defines __CUDA__; the
// HIP shim parses in it too) sees what nvcc's device pass sees. A plain C++
// source that includes the runtime API (a launcher or binding .cpp, which
// the build hands to the host compiler) sees what that compiler sees: the
// runtime API, the vector and 16-bit float types, the location keywords as
// nothing, no __CUDACC__ and no device functions. Clang's CUDA wrapper
// headers must not be pulled into such a file: outside CUDA mode they
// redeclare <cmath>'s functions (250 errors in every such file).
#if defined(__CUDA__) || defined(__HIP__)
#define __KT_CUDA_DEVICE_MODE 1
#endif

// The location keywords and the attribute macros: Clang's attributes in
// device mode, nothing (as the host compiler sees them) in host mode.
#ifdef __KT_CUDA_DEVICE_MODE
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#if !defined(__NVCC__) && !defined(__HIP_PLATFORM_AMD__)
#define __NVCC__ 1
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 4
#define __CUDACC_VER_BUILD__ 0
#endif
#ifndef __CUDA_ARCH_LIST__
#define __CUDA_ARCH_LIST__ 900
#endif
#define __CUDACC_RELAXED_CONSTEXPR__ 1
#define __CUDACC_EXTENDED_LAMBDA__ 1

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __forceinline__ inline
// No __noinline__ macro: libstdc++ spells '__attribute__((__noinline__))'
// (<memory>), which such a macro breaks; Clang knows that spelling.
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12040
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 12040
#endif
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __grid_constant__
#define __cudart_builtin__
#define __device_builtin__
#define CUDARTAPI
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))

#ifdef __cplusplus
#ifdef __KT_CUDA_DEVICE_MODE
// Clang's device math wants these first (as its CUDA runtime wrapper does).
#include <__clang_cuda_math_forward_declares.h>
#endif
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <cfloat>
#include <limits>
#include <climits>
#include <cstdio>
#include <new>
#include <utility>
#ifdef __KT_CUDA_DEVICE_MODE
// What cuda_runtime.h includes under __CUDACC_EXTENDED_LAMBDA__ (defined
// above, as nvcc --extended-lambda does); libstdc++'s <functional> brings
// <tuple>, which such builds' kernels use without including it (apex's
// group_norm_v2).
#include <functional>
#endif
#else
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <float.h>
#include <limits.h>
#include <stdio.h>
#endif
#include <stddef.h>

#include "__kernel_tidy_cuda_types.h"

#ifdef __KT_CUDA_DEVICE_MODE
// The builtin index variables: 'unsigned int' components, as in CUDA.
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;
#endif

typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;

#include "__kernel_tidy_cuda_runtime.h"

#ifdef __KT_CUDA_DEVICE_MODE

#ifdef __cplusplus
// Address-space queries that Clang's sm_90 intrinsics call.
__device__ unsigned int __isGlobal(const void *);
__device__ unsigned int __isShared(const void *);
__device__ unsigned int __isConstant(const void *);
__device__ unsigned int __isLocal(const void *);
__device__ unsigned int __isGridConstant(const void *);
__device__ size_t __cvta_generic_to_global(const void *);
__device__ size_t __cvta_generic_to_shared(const void *);
__device__ size_t __cvta_generic_to_constant(const void *);
__device__ size_t __cvta_generic_to_local(const void *);
// Device math, bit tricks, shuffles and votes: Clang's own headers, written
// for CUDA >= 9 and needing nothing from the toolkit.
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
// CUDA's memset and memcpy are device functions too (Clang's header above
// defines them); <cstring>'s 'using ::memset' came first and gave 'std::'
// only the host ones ('std::memset(&res2, 0, sizeof(half2))' in a kernel).
namespace std {
using ::memcpy;
using ::memset;
} // namespace std
#include <__clang_cuda_math.h>
#include <__clang_cuda_cmath.h>
#include <__clang_cuda_intrinsics.h>
// The min/max overloads of CUDA's math_functions.hpp: Clang's headers declare
// only min(int, int) and max(int, int), through which a 64-bit
// 'min(i0 + dk, k)' would be narrowed to int (a false 32-bit finding).
#define __KT_MINMAX(NAME)                                                       \
  __host__ __device__ unsigned int NAME(unsigned int, unsigned int);            \
  __host__ __device__ unsigned int NAME(int, unsigned int);                     \
  __host__ __device__ unsigned int NAME(unsigned int, int);                     \
  __host__ __device__ long NAME(long, long);                                    \
  __host__ __device__ unsigned long NAME(unsigned long, unsigned long);         \
  __host__ __device__ unsigned long NAME(long, unsigned long);                  \
  __host__ __device__ unsigned long NAME(unsigned long, long);                  \
  __host__ __device__ long long NAME(long long, long long);                     \
  __host__ __device__ unsigned long long NAME(unsigned long long,               \
                                              unsigned long long);              \
  __host__ __device__ unsigned long long NAME(long long, unsigned long long);   \
  __host__ __device__ unsigned long long NAME(unsigned long long, long long);   \
  __host__ __device__ float NAME(float, float);                                 \
  __host__ __device__ double NAME(double, double);                              \
  __host__ __device__ double NAME(float, double);                               \
  __host__ __device__ double NAME(double, float);
__KT_MINMAX(min)
__KT_MINMAX(max)
#undef __KT_MINMAX
// Clang's min(int, int) and max(int, int) are device-only; CUDA's are also
// host functions, which launchers call ('dim3 block(min(n, 1024))'). Without
// these, such a call is ambiguous among the overloads above.
__host__ int min(int, int);
__host__ int max(int, int);
// Likewise CUDA's own math functions that the C library lacks: host functions
// too in math_functions.h ('template <> float rsqrt(float v) { return
// rsqrtf(v); }' in a host helper), device-only in Clang's headers.
__host__ double rsqrt(double);
__host__ double rcbrt(double);
__host__ double sinpi(double);
__host__ double cospi(double);
__host__ void sincospi(double, double *, double *);
__host__ double erfinv(double);
__host__ double erfcinv(double);
__host__ double normcdfinv(double);
__host__ double normcdf(double);
__host__ double erfcx(double);
__host__ float rsqrtf(float);
__host__ float rcbrtf(float);
__host__ float sinpif(float);
__host__ float cospif(float);
__host__ void sincospif(float, float *, float *);
__host__ float erfinvf(float);
__host__ float erfcinvf(float);
__host__ float normcdfinvf(float);
__host__ float normcdff(float);
__host__ float erfcxf(float);
__host__ unsigned int umin(unsigned int, unsigned int);
__host__ long long llmin(long long, long long);
__host__ unsigned long long ullmin(unsigned long long, unsigned long long);
__host__ unsigned int umax(unsigned int, unsigned int);
__host__ long long llmax(long long, long long);
__host__ unsigned long long ullmax(unsigned long long, unsigned long long);
#endif

#include "__kernel_tidy_cuda_device.h"
#endif // __KT_CUDA_DEVICE_MODE

#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "__kernel_tidy_prelude.h"

#endif
