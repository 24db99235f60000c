//===- GpuTestSupport.h - what every GPU test of the harness shares -------===//
//
// Checked CUDA calls, device buffers freed at scope exit, the skip when no GPU
// (or not enough free memory) is present, poisoning, and the one-line records
// ("[ KT-RESULT ] ...") that docs/runtime-validation.md is filled from.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIDY_RUNTIME_KERNELS_HARNESS_GPUTESTSUPPORT_H
#define KERNELTIDY_RUNTIME_KERNELS_HARNESS_GPUTESTSUPPORT_H

#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

/// Fails the current test (fatally) when a CUDA call does not succeed.
#define KT_CUDA_ASSERT(call)                                                   \
  do {                                                                         \
    const cudaError_t kt_err_ = (call);                                        \
    ASSERT_EQ(kt_err_, cudaSuccess)                                            \
        << #call << ": " << cudaGetErrorName(kt_err_) << ": "                  \
        << cudaGetErrorString(kt_err_);                                        \
  } while (0)

/// Checks a kernel launch: the launch error, then the kernel's own completion.
#define KT_LAUNCH_ASSERT(launch)                                               \
  do {                                                                         \
    KT_CUDA_ASSERT(launch);                                                    \
    KT_CUDA_ASSERT(cudaGetLastError());                                        \
    KT_CUDA_ASSERT(cudaDeviceSynchronize());                                   \
  } while (0)

/// Skips (visibly, with the reason) when there is no usable CUDA device.
#define KT_REQUIRE_GPU()                                                       \
  do {                                                                         \
    const std::string kt_reason_ = ::kerneltidy::runtime::noGpuReason();       \
    if (!kt_reason_.empty())                                                   \
      GTEST_SKIP() << kt_reason_;                                              \
  } while (0)

/// Skips when the device has less than `bytes` free.
#define KT_REQUIRE_FREE_BYTES(bytes)                                           \
  do {                                                                         \
    KT_REQUIRE_GPU();                                                          \
    size_t kt_free_ = 0, kt_total_ = 0;                                        \
    KT_CUDA_ASSERT(cudaMemGetInfo(&kt_free_, &kt_total_));                     \
    if (kt_free_ < static_cast<size_t>(bytes))                                 \
      GTEST_SKIP() << "needs " << ((bytes) >> 20) << " MiB of device memory, "  \
                   << (kt_free_ >> 20) << " MiB free";                         \
  } while (0)

namespace kerneltidy {
namespace runtime {

/// Empty when a CUDA device is usable, else why not.
inline std::string noGpuReason() {
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess)
    return std::string("no CUDA device: cudaGetDeviceCount failed with ") +
           cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ")";
  if (count == 0)
    return "no CUDA device: cudaGetDeviceCount reports 0 devices";
  return "";
}

/// A device allocation of `count` elements of T, freed when it goes out of
/// scope, so that every test leaves the device as it found it.
template <typename T> class DeviceBuffer {
public:
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() { reset(); }

  cudaError_t allocate(size_t count) {
    reset();
    count_ = count;
    return cudaMalloc(reinterpret_cast<void **>(&ptr_), count * sizeof(T));
  }
  void reset() {
    if (ptr_ != nullptr)
      cudaFree(ptr_);
    ptr_ = nullptr;
    count_ = 0;
  }
  T *get() const { return ptr_; }
  size_t size() const { return count_; }
  size_t bytes() const { return count_ * sizeof(T); }

  cudaError_t upload(const std::vector<T> &host) {
    return cudaMemcpy(ptr_, host.data(), host.size() * sizeof(T),
                      cudaMemcpyHostToDevice);
  }
  cudaError_t download(std::vector<T> &host) const {
    host.resize(count_);
    return cudaMemcpy(host.data(), ptr_, bytes(), cudaMemcpyDeviceToHost);
  }
  /// Every byte 0xFF: a NaN for float and __half, -1 for integers.
  cudaError_t poison() { return cudaMemset(ptr_, 0xFF, bytes()); }

private:
  T *ptr_ = nullptr;
  size_t count_ = 0;
};

/// Times one launch sequence with CUDA events, in milliseconds.
class EventTimer {
public:
  EventTimer() {
    cudaEventCreate(&start_);
    cudaEventCreate(&stop_);
  }
  ~EventTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  void start() { cudaEventRecord(start_); }
  cudaError_t stopAndRead(float *ms) {
    cudaError_t err = cudaEventRecord(stop_);
    if (err == cudaSuccess)
      err = cudaEventSynchronize(stop_);
    if (err == cudaSuccess)
      err = cudaEventElapsedTime(ms, start_, stop_);
    return err;
  }

private:
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
};

/// One machine-readable line per observation, also stored as a gtest
/// property (it lands in --gtest_output=xml).
inline void recordResult(const std::string &key, const std::string &value) {
  std::printf("[ KT-RESULT ] %s: %s\n", key.c_str(), value.c_str());
  std::fflush(stdout);
  ::testing::Test::RecordProperty(key, value);
}

inline std::string formatFloat(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

} // namespace runtime
} // namespace kerneltidy

#endif
