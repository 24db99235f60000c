// kernel-tidy shim: everything lives in __kernel_tidy_cuda.h.
#pragma once
#include "__kernel_tidy_cuda.h"
