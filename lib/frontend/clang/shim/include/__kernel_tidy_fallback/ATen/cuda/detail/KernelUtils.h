// kernel-tidy stand-in for <ATen/cuda/detail/KernelUtils.h> (used only when
// the real header is missing). CUDA_KERNEL_LOOP* are in the prelude.
#pragma once
#include <cstdint>

namespace at::cuda::detail {
constexpr int CUDA_NUM_THREADS = 1024;
inline int GET_BLOCKS(const int64_t N,
                      const int64_t max_threads_per_block = CUDA_NUM_THREADS) {
  return static_cast<int>((N + max_threads_per_block - 1) /
                          max_threads_per_block);
}
} // namespace at::cuda::detail
