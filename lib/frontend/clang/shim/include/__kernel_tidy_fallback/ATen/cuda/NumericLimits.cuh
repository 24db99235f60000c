// kernel-tidy stand-in for <ATen/cuda/NumericLimits.cuh> (used only when the
// real header is missing): at::numeric_limits, whose members are device
// functions (std::numeric_limits' are not, in CUDA).
#pragma once
#include <ATen/core/Tensor.h>
#include <limits>

namespace at {
template <typename T> struct numeric_limits {
  static inline __KT_HD T lowest();
  static inline __KT_HD T max();
  static inline __KT_HD T lower_bound();
  static inline __KT_HD T upper_bound();
};
} // namespace at
