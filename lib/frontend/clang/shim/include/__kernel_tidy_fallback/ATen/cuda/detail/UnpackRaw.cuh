// kernel-tidy stand-in for <ATen/cuda/detail/UnpackRaw.cuh> (used only when
// the real header is missing): a kernel reads its seed and offset from the
// Philox state.
#pragma once
#include <ATen/cuda/CUDAGeneratorImpl.h>
#include <tuple>

namespace at::cuda::philox {
__KT_HD std::tuple<uint64_t, uint64_t> unpack(at::PhiloxCudaState arg);
} // namespace at::cuda::philox
