// kernel-tidy stand-in for <c10/util/BFloat16.h> (used only when the real header
// is missing): c10::BFloat16 as a class that converts to and from float.
#pragma once
#include <__kernel_tidy_prelude.h>
#include <cstdint>
#include <limits>

#define __KT_C10_F16 BFloat16
#define __KT_C10_F16_DIGITS 8
#if defined(SYCL_LANGUAGE_VERSION)
#define __KT_C10_F16_FROM sycl::ext::oneapi::bfloat16
#define __KT_C10_F16_TO sycl::ext::oneapi::bfloat16
#elif defined(__KT_CUDA_BF16_H)
#define __KT_C10_F16_FROM __nv_bfloat16
#endif
#include <c10/util/__kt_float16_class.inc>
#undef __KT_C10_F16_FROM
#undef __KT_C10_F16_TO
#undef __KT_C10_F16_DIGITS
#undef __KT_C10_F16
