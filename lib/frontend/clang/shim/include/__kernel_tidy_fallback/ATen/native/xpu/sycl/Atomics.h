// kernel-tidy stand-in for torch-xpu-ops <ATen/native/xpu/sycl/Atomics.h>
// (used only when the real header is missing): CUDA-style atomics on SYCL
// global and local pointers.
#pragma once
#include <comm/SYCLHelpers.h>

namespace at {
template <typename T>
void atomicAdd(const sycl_global_ptr<T> &address, const T &val);
template <typename T>
void atomicAdd(const sycl_local_ptr<T> &address, const T &val);
template <typename T>
void atomicMax(const sycl_global_ptr<T> &address, const T &val);
template <typename T>
void atomicMin(const sycl_global_ptr<T> &address, const T &val);
template <typename T>
void atomicMul(const sycl_global_ptr<T> &address, const T &val);
template <typename T>
void atomicAdd(const sycl_global_ptr<T> &address, const T &val, bool);
} // namespace at
namespace at::native::xpu {
using at::atomicAdd;
using at::atomicMax;
using at::atomicMin;
using at::atomicMul;
} // namespace at::native::xpu
