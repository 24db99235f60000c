// kernel-tidy stand-in for <ATen/AccumulateType.h> (used only when the real
// header is missing): 16-bit and 32-bit floats accumulate in float, double
// in double, integers in int64_t -- ATen's rules for CUDA.
#pragma once
#include <cstdint>
#include <type_traits>

namespace at {
template <typename T, bool is_cuda> struct AccumulateType {
  using type = std::conditional_t<
      std::is_same_v<T, double>, double,
      std::conditional_t<std::is_integral_v<T>, int64_t, float>>;
};
template <typename T, bool is_cuda>
using acc_type = typename AccumulateType<T, is_cuda>::type;
template <typename T> using opmath_type = acc_type<T, true>;
} // namespace at

#include <c10/core/ScalarType.h>
namespace at {
template <typename T, c10::DeviceType D>
using acc_type_device = acc_type<T, true>;
} // namespace at
