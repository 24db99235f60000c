// kernel-tidy shim of <CL/sycl.hpp>: the SYCL 1.2.1 spelling.
#pragma once
#include "../sycl/sycl.hpp"
namespace cl { namespace sycl = ::sycl; }
