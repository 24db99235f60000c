// kernel-tidy stand-in (used only when the real header is missing).
#pragma once
#include <ATen/core/Tensor.h>
#include <climits>
namespace at::native {
bool canUse32BitIndexMath(const at::Tensor &t, int64_t max_elem = INT_MAX);
} // namespace at::native
