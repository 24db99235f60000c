// kernel-tidy shim of <hip/hip_cooperative_groups.h>.
#pragma once
#include "../__kernel_tidy_hip_runtime.h"

#include "../cooperative_groups.h"
