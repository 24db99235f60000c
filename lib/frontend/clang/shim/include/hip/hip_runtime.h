// kernel-tidy shim of <hip/hip_runtime.h>.
#pragma once
#include "../__kernel_tidy_hip_runtime.h"
