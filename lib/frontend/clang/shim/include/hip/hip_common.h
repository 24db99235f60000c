// kernel-tidy shim of <hip/hip_common.h>.
#pragma once
#include "../__kernel_tidy_hip_runtime.h"
