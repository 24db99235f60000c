// kernel-tidy stand-in for <c10/util/Half.h> (used only when the real header
// is missing): c10::Half as a class that converts to and from float.
#pragma once
#include <__kernel_tidy_prelude.h>
#include <cstdint>
#include <limits>

namespace c10 {
#define __KT_C10_F16 Half
#if defined(SYCL_LANGUAGE_VERSION)
#define __KT_C10_F16_FROM sycl::half
#define __KT_C10_F16_TO sycl::half
#elif defined(__KT_CUDA_FP16_H)
#define __KT_C10_F16_FROM __half
#endif
#include <c10/util/__kt_float16_class.inc>
#undef __KT_C10_F16_FROM
#undef __KT_C10_F16_TO
#undef __KT_C10_F16
} // namespace c10

namespace std {
template <> class numeric_limits<c10::Half> {
public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr int digits = 11;
  __KT_HD static c10::Half min();
  __KT_HD static c10::Half lowest();
  __KT_HD static c10::Half max();
  __KT_HD static c10::Half epsilon();
  __KT_HD static c10::Half infinity();
  __KT_HD static c10::Half quiet_NaN();
};
} // namespace std
