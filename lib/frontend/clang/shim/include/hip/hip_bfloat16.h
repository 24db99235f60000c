// kernel-tidy shim of <hip/hip_bfloat16.h>.
#pragma once
#include "hip_bf16.h"
