// kernel-tidy stand-in for <ATen/cuda/Atomic.cuh> (used only when the real
// header is missing): PyTorch's atomic wrappers over CUDA's atomicAdd.
#pragma once

template <typename T> __device__ T gpuAtomicAdd(T *address, T val);
template <typename T> __device__ void gpuAtomicAddNoReturn(T *address, T val);
template <typename T> __device__ T gpuAtomicMax(T *address, T val);
template <typename T> __device__ T gpuAtomicMin(T *address, T val);
template <typename T> __device__ T gpuAtomicMul(T *address, T val);
template <typename T, typename index_t>
__device__ void fastAtomicAdd(T *tensor, index_t index, index_t numel, T value,
                              bool fast_atomics);
