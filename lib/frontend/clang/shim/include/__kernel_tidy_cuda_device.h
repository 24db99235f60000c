// Device-side CUDA functions that Clang's own headers do not declare:
// barriers, fences, atomics, clocks, printf/assert. Declarations only.
#ifndef __KERNEL_TIDY_CUDA_DEVICE_H
#define __KERNEL_TIDY_CUDA_DEVICE_H

// Clang's __clang_cuda_device_functions.h has the fences, clocks, __trap
// and the __syncthreads_* reductions.
__device__ void __syncthreads();
__device__ int __syncthreads_and(int);
__device__ unsigned long long __globaltimer();
__device__ void __nanosleep(unsigned int ns);
__device__ unsigned int __lanemask_lt();
__device__ unsigned int __lanemask_le();
__device__ unsigned int __lanemask_eq();
__device__ unsigned int __lanemask_gt();
__device__ unsigned int __lanemask_ge();
__device__ unsigned int __smid();
__device__ void *__cvta_shared_to_generic(size_t);
template <class T> __device__ T __ldcg(const T *);
template <class T> __device__ T __ldca(const T *);
template <class T> __device__ T __ldcs(const T *);
template <class T> __device__ T __ldlu(const T *);
template <class T> __device__ T __ldcv(const T *);
template <class T> __device__ void __stcg(T *, T);
template <class T> __device__ void __stcs(T *, T);
template <class T> __device__ void __stwt(T *, T);
template <class T> __device__ void __stwb(T *, T);
__device__ void __prefetch_global_l2(const void *);

// SIMD dot products of sm_61_intrinsics.h (ggml's quantised matrix kernels).
__device__ int __dp4a(int srcA, int srcB, int c);
__device__ unsigned int __dp4a(unsigned int srcA, unsigned int srcB, unsigned int c);
__device__ int __dp4a(char4 srcA, char4 srcB, int c);
__device__ unsigned int __dp4a(uchar4 srcA, uchar4 srcB, unsigned int c);
__device__ int __dp2a_lo(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_lo(unsigned int srcA, unsigned int srcB, unsigned int c);
__device__ int __dp2a_hi(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_hi(unsigned int srcA, unsigned int srcB, unsigned int c);

// Programmatic dependent launch (cuda_device_runtime_api.h).
__device__ void cudaGridDependencySynchronize(void);
__device__ void cudaTriggerProgrammaticLaunchCompletion(void);

// printf/malloc/free/assert are callable from kernels.
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ int vprintf(const char *, void *);
extern "C" __device__ void *malloc(size_t);
extern "C" __device__ void free(void *);
extern "C" __device__ void *memcpy(void *, const void *, size_t);
extern "C" __device__ void *memset(void *, int, size_t);
extern "C" __device__ void __assertfail(const char *, const char *, unsigned int,
                                        const char *, size_t);
extern "C" __device__ void __assert_fail(const char *, const char *,
                                         unsigned int, const char *);

// Atomics (device_atomic_functions.h, sm_20/32/60 atomic functions). The
// 16-bit overloads live in cuda_fp16.h and cuda_bf16.h.
#define __KT_ATOMIC_ALL_SCOPES(Ret, Name, ...)                                 \
  __device__ Ret Name(__VA_ARGS__);                                            \
  __device__ Ret Name##_block(__VA_ARGS__);                                    \
  __device__ Ret Name##_system(__VA_ARGS__);
#define __KT_ATOMIC_INTEGRAL(Name)                                             \
  __KT_ATOMIC_ALL_SCOPES(int, Name, int *address, int val)                     \
  __KT_ATOMIC_ALL_SCOPES(unsigned int, Name, unsigned int *address,            \
                         unsigned int val)                                     \
  __KT_ATOMIC_ALL_SCOPES(unsigned long long int, Name,                         \
                         unsigned long long int *address,                      \
                         unsigned long long int val)
__KT_ATOMIC_INTEGRAL(atomicAdd)
__KT_ATOMIC_ALL_SCOPES(float, atomicAdd, float *address, float val)
__KT_ATOMIC_ALL_SCOPES(double, atomicAdd, double *address, double val)
__KT_ATOMIC_ALL_SCOPES(float2, atomicAdd, float2 *address, float2 val)
__KT_ATOMIC_ALL_SCOPES(float4, atomicAdd, float4 *address, float4 val)
__KT_ATOMIC_ALL_SCOPES(int, atomicSub, int *address, int val)
__KT_ATOMIC_ALL_SCOPES(unsigned int, atomicSub, unsigned int *address,
                       unsigned int val)
__KT_ATOMIC_INTEGRAL(atomicExch)
__KT_ATOMIC_ALL_SCOPES(float, atomicExch, float *address, float val)
__KT_ATOMIC_INTEGRAL(atomicMin)
__KT_ATOMIC_ALL_SCOPES(long long int, atomicMin, long long int *address,
                       long long int val)
__KT_ATOMIC_INTEGRAL(atomicMax)
__KT_ATOMIC_ALL_SCOPES(long long int, atomicMax, long long int *address,
                       long long int val)
__KT_ATOMIC_INTEGRAL(atomicAnd)
__KT_ATOMIC_INTEGRAL(atomicOr)
__KT_ATOMIC_INTEGRAL(atomicXor)
__KT_ATOMIC_ALL_SCOPES(unsigned int, atomicInc, unsigned int *address,
                       unsigned int val)
__KT_ATOMIC_ALL_SCOPES(unsigned int, atomicDec, unsigned int *address,
                       unsigned int val)
__KT_ATOMIC_ALL_SCOPES(int, atomicCAS, int *address, int compare, int val)
__KT_ATOMIC_ALL_SCOPES(unsigned int, atomicCAS, unsigned int *address,
                       unsigned int compare, unsigned int val)
__KT_ATOMIC_ALL_SCOPES(unsigned long long int, atomicCAS,
                       unsigned long long int *address,
                       unsigned long long int compare,
                       unsigned long long int val)
__KT_ATOMIC_ALL_SCOPES(unsigned short int, atomicCAS,
                       unsigned short int *address, unsigned short int compare,
                       unsigned short int val)
#undef __KT_ATOMIC_INTEGRAL
#undef __KT_ATOMIC_ALL_SCOPES

#endif
