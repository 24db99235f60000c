// kernel-tidy shim: declared in sycl/sycl.hpp.
#pragma once
#include <sycl/sycl.hpp>
