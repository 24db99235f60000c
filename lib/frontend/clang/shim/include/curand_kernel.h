// kernel-tidy shim of curand_kernel.h: the device generators dropout and
// sampling kernels keep per thread (XORWOW, Philox4x32-10, MRG32k3a), their
// initialisation and draws. Declarations only; typed and laid out as the
// toolkit's (test/frontend/clang/shim/toolkit_probe.cu).
#pragma once
#include "__kernel_tidy_cuda.h"

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

// The same calls for each generator.
#define __KT_CURAND_GENERATOR(STATE)                                           \
  __device__ void curand_init(unsigned long long seed,                         \
                              unsigned long long subsequence,                  \
                              unsigned long long offset, STATE *state);        \
  __device__ unsigned int curand(STATE *state);                                \
  __device__ float curand_uniform(STATE *state);                               \
  __device__ double curand_uniform_double(STATE *state);                       \
  __device__ float curand_normal(STATE *state);                                \
  __device__ double curand_normal_double(STATE *state);                        \
  __device__ float2 curand_normal2(STATE *state);
__KT_CURAND_GENERATOR(curandStateXORWOW_t)
__KT_CURAND_GENERATOR(curandStatePhilox4_32_10_t)
__KT_CURAND_GENERATOR(curandStateMRG32k3a_t)
#undef __KT_CURAND_GENERATOR
// Philox draws four at a time.
__device__ uint4 curand4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t *state);
__device__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state);
