// kernel-tidy stand-in for <ATen/native/cuda/block_reduce.cuh> (used only
// when the real header is missing).
#pragma once

namespace at::native::cuda_utils {
constexpr int kCUDABlockReduceNumThreads = 512;
constexpr int kCUDABlockReduceMaxThreads = 1024;
template <typename T> __device__ T WarpReduceSum(T val);
template <typename T> __device__ T WarpReduceMax(T val);
template <typename T, typename B = void> __device__ T BlockReduceSum(T val, T *shared);
template <typename T, typename B = void> __device__ T BlockReduceMax(T val, T *shared);
template <typename T, class ReduceOp, typename B = void>
__device__ T BlockReduce(T val, const ReduceOp &op, const T &identity, T *shared);
} // namespace at::native::cuda_utils
