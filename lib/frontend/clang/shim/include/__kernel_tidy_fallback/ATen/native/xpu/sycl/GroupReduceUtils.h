// kernel-tidy stand-in for torch-xpu-ops
// <ATen/native/xpu/sycl/GroupReduceUtils.h> (used only when the real header
// is missing): work-group and sub-group reductions, declared.
#pragma once
#include <comm/SYCLHelpers.h>

namespace at::native::xpu {
int get_group_reduce_group_size(int simd);
template <int DIM> size_t get_local_linear_range(sycl::nd_item<DIM> &item);
template <typename T, int SIMD, int DIM>
T &SubgroupReduceSumWithoutBroadcast(sycl::nd_item<DIM> &item, T &val);
template <typename T, int SIMD, typename shared_t, int DIM>
T &GroupReduceSumWithoutBroadcast(sycl::nd_item<DIM> &item, T &val,
                                  shared_t shared);
template <typename T, int SIMD, int DIM>
T &SubgroupReduceMaxWithoutBroadcast(sycl::nd_item<DIM> &item, T &val);
template <typename T, int SIMD, typename shared_t, int DIM>
T &GroupReduceMaxWithoutBroadcast(sycl::nd_item<DIM> &item, T &val,
                                  shared_t shared);
template <typename T, class ReduceOp, int SIMD, int DIM>
T &SubgroupReduceWithoutBroadcast(sycl::nd_item<DIM> &item, T &val,
                                  const ReduceOp &op);
template <typename T, class ReduceOp, int SIMD, typename shared_t, int DIM>
T &GroupReduceWithoutBroadcast(sycl::nd_item<DIM> &item, T &val,
                               const ReduceOp &op, shared_t shared);
} // namespace at::native::xpu
#ifndef SIMD16
#define SIMD16 16
#define SIMD32 32
#endif
