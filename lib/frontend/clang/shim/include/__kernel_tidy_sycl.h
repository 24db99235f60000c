// Force-included for SYCL sources: the SYCL shim, then the framework
// prelude (torch-xpu-ops includes <sycl/sycl.hpp> through headers that are
// missing in a no-build run, so the shim is included up front).
#ifndef __KERNEL_TIDY_SYCL_H
#define __KERNEL_TIDY_SYCL_H
#include <sycl/sycl.hpp>
#include "__kernel_tidy_prelude.h"
#endif
