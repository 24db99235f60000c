// kernel-tidy shim of <hip/hip_vector_types.h>.
#pragma once
#include "../__kernel_tidy_hip_runtime.h"
