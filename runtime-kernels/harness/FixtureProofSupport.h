//===- FixtureProofSupport.h - shared pieces of the per-fixture proofs ----===//
//
// Device-side helpers for the proofs in FixtureProofs*.cu: guarded buffers
// (a tensor placed inside a larger allocation whose guard zones hold a
// canary), generic fill / count kernels driven by device lambdas
// (--extended-lambda), the PyTorch macros the fixtures use, and a watch for
// kernels that may never finish.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIDY_RUNTIME_KERNELS_HARNESS_FIXTUREPROOFSUPPORT_H
#define KERNELTIDY_RUNTIME_KERNELS_HARNESS_FIXTUREPROOFSUPPORT_H

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <math_constants.h>
#include <limits.h>
#include <limits>
#include <stdint.h>

#include "runtime-kernels/harness/GpuTestSupport.h"

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

// PyTorch's definitions (c10/macros/Macros.h, ATen/cuda/detail/KernelUtils.h),
// verbatim where the fixtures use them.
#ifndef CUDA_KERNEL_LOOP_TYPE
#define CUDA_KERNEL_LOOP_TYPE(i, n, index_type)                                \
  int64_t _i_n_d_e_x = blockIdx.x * blockDim.x + threadIdx.x;                  \
  for (index_type i = _i_n_d_e_x; _i_n_d_e_x < (n);                            \
       _i_n_d_e_x += blockDim.x * gridDim.x, i = _i_n_d_e_x)
#define CUDA_KERNEL_LOOP(i, n) CUDA_KERNEL_LOOP_TYPE(i, n, int)
#endif

// A device assertion traps and poisons the whole CUDA context, which would
// end the test process. The harness models it as "record and leave the
// thread": the order of the store and the check, which is what the fixture
// is about, is kept.
__device__ int kt_kernel_assert_failed;
#define CUDA_KERNEL_ASSERT(cond)                                               \
  do {                                                                         \
    if (!(cond)) {                                                             \
      atomicExch(&kt_kernel_assert_failed, 1);                                 \
      return;                                                                  \
    }                                                                          \
  } while (0)

namespace at {
using Half = __half;
enum KtIndexScalarType { kInt, kLong };
}
// AT_DISPATCH_INDEX_TYPES: index_t is int32_t or int64_t.
#define AT_DISPATCH_INDEX_TYPES(TYPE, NAME, ...)                               \
  [&] {                                                                        \
    if ((TYPE) == at::kLong) {                                                 \
      using index_t = int64_t;                                                 \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    using index_t = int32_t;                                                   \
    return __VA_ARGS__();                                                      \
  }()
// AT_DISPATCH_FLOATING_TYPES_AND_HALF over the fixture's own local
// 'ScalarType' enum (Float, Double, Half).
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                   \
  [&] {                                                                        \
    switch (TYPE) {                                                            \
    case ScalarType::Float: {                                                  \
      using scalar_t = float;                                                  \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    case ScalarType::Double: {                                                 \
      using scalar_t = double;                                                 \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    case ScalarType::Half: {                                                   \
      using scalar_t = at::Half;                                               \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    }                                                                          \
  }()

namespace kerneltidy {
namespace runtime {
namespace proof {

constexpr int64_t kTwo31 = int64_t(1) << 31;
constexpr int64_t kTwo32 = int64_t(1) << 32;
constexpr float kCanary = -777.0f;

template <class F> __global__ void forEachKernel(int64_t n, F f) {
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < n; i += static_cast<int64_t>(blockDim.x) * gridDim.x)
    f(i);
}

/// Runs f(i) for every i in [0, n) on the device.
template <class F> cudaError_t forEach(int64_t n, F f) {
  if (n <= 0)
    return cudaSuccess;
  int64_t blocks = (n + 255) / 256;
  if (blocks > 132 * 64)
    blocks = 132 * 64;
  forEachKernel<<<static_cast<unsigned>(blocks), 256>>>(n, f);
  cudaError_t err = cudaGetLastError();
  return err == cudaSuccess ? cudaDeviceSynchronize() : err;
}

struct Count {
  unsigned long long count;
  long long first;
  long long last;
};

template <class P> __global__ void countIfKernel(int64_t n, P pred, Count *c) {
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < n; i += static_cast<int64_t>(blockDim.x) * gridDim.x)
    if (pred(i)) {
      atomicAdd(&c->count, 1ULL);
      atomicMin(&c->first, static_cast<long long>(i));
      atomicMax(&c->last, static_cast<long long>(i));
    }
}

/// How many i in [0, n) satisfy pred (a __device__ lambda), and the first
/// and last such i (-1 when none).
template <class P> Count countIf(int64_t n, P pred) {
  Count host{0, LLONG_MAX, -1};
  Count *dev = nullptr;
  if (cudaMalloc(&dev, sizeof(Count)) != cudaSuccess)
    return Count{~0ULL, -1, -1};
  cudaMemcpy(dev, &host, sizeof host, cudaMemcpyHostToDevice);
  if (n > 0) {
    int64_t blocks = (n + 255) / 256;
    if (blocks > 132 * 64)
      blocks = 132 * 64;
    countIfKernel<<<static_cast<unsigned>(blocks), 256>>>(n, pred, dev);
  }
  if (cudaDeviceSynchronize() != cudaSuccess)
    host.count = ~0ULL;
  else
    cudaMemcpy(&host, dev, sizeof host, cudaMemcpyDeviceToHost);
  cudaFree(dev);
  if (host.count == 0)
    host.first = -1;
  return host;
}

inline std::string describe(const Count &c) {
  if (c.count == ~0ULL)
    return "count failed";
  return std::to_string(c.count) +
         (c.count ? " (first " + std::to_string(c.first) + ", last " +
                        std::to_string(c.last) + ")"
                  : "");
}

/// A tensor of `n` elements inside one allocation, `before` elements after
/// its start and followed by `after` more: the guard zones hold a canary.
template <typename T> struct Guarded {
  DeviceBuffer<T> storage;
  int64_t before = 0, n = 0, after = 0;
  cudaError_t allocate(int64_t before_, int64_t n_, int64_t after_) {
    before = before_;
    n = n_;
    after = after_;
    return storage.allocate(static_cast<size_t>(before + n + after));
  }
  T *data() const { return storage.get() + before; }
  T *base() const { return storage.get(); }
  int64_t total() const { return before + n + after; }
};

/// fill(i) = value, for prepare() (a functor: extended lambdas cannot be
/// written inside a gtest TestBody).
template <typename T> struct Const {
  T value;
  __device__ T operator()(int64_t) const { return value; }
};

template <typename T> __host__ __device__ inline uint32_t bitsOf(T v) {
  uint32_t b = 0;
  memcpy(&b, &v, sizeof(T) < 4 ? sizeof(T) : 4);
  return b;
}

/// Fills the guard zones of g with `canary` (bitwise) and the tensor with
/// fill(i).
template <typename T, class F>
cudaError_t prepare(Guarded<T> &g, T canary, F fill) {
  T *base = g.base();
  const int64_t before = g.before, n = g.n;
  return forEach(g.total(), [=] __device__(int64_t k) {
    base[k] = (k < before || k >= before + n) ? canary : fill(k - before);
  });
}

/// Guard cells of g whose bits are no longer the canary's. Positions are
/// relative to the tensor's first element (negative: before it).
template <typename T> Count guardWrites(const Guarded<T> &g, T canary) {
  const T *base = g.base();
  const int64_t before = g.before, n = g.n;
  const uint32_t cb = bitsOf(canary);
  Count c = countIf(g.total(), [=] __device__(int64_t k) {
    return (k < before || k >= before + n) && bitsOf(base[k]) != cb;
  });
  if (c.count && c.count != ~0ULL) {
    c.first -= before;
    c.last -= before;
  }
  return c;
}

/// Launches on a non-blocking stream and waits at most `seconds`. Returns
/// true when the kernel finished; false when it is still running (the
/// caller then records that and leaves the process: a kernel that never
/// ends cannot be stopped otherwise).
template <class Launch> bool finishesWithin(double seconds, Launch launch,
                                            double *elapsed_ms) {
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  const auto start = std::chrono::steady_clock::now();
  launch(stream);
  for (;;) {
    const cudaError_t q = cudaStreamQuery(stream);
    const double ms = std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count();
    *elapsed_ms = ms;
    if (q != cudaErrorNotReady)
      return true;
    if (ms > seconds * 1e3)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

/// Records the observation and ends the process with status 0 while a
/// kernel is still running (the driver tears the context down).
inline void leaveWithKernelRunning(const std::string &key,
                                   const std::string &observed) {
  recordResult(key, observed);
  std::printf("[ KT-HANG ] %s: %s\n", key.c_str(), observed.c_str());
  std::fflush(stdout);
  std::_Exit(0);
}

} // namespace proof
} // namespace runtime
} // namespace kerneltidy

#endif
