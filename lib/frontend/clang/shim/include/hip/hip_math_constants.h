// kernel-tidy shim of <hip/hip_math_constants.h>.
#pragma once
#include "../__kernel_tidy_hip_runtime.h"

#include "../math_constants.h"
