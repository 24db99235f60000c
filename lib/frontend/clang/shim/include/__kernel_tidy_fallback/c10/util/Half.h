// kernel-tidy stand-in for <c10/util/Half.h> (used only when the real header
// is missing): c10::Half as a class that converts to and from float.
#pragma once
#include <__kernel_tidy_prelude.h>
#include <cstdint>
#include <limits>

#define __KT_C10_F16 Half
#define __KT_C10_F16_DIGITS 11
#if defined(SYCL_LANGUAGE_VERSION)
#define __KT_C10_F16_FROM sycl::half
#define __KT_C10_F16_TO sycl::half
#elif defined(__KT_CUDA_FP16_H)
#define __KT_C10_F16_FROM __half
#endif
#include <c10/util/__kt_float16_class.inc>
#undef __KT_C10_F16_FROM
#undef __KT_C10_F16_TO
#undef __KT_C10_F16_DIGITS
#undef __KT_C10_F16
