// kernel-tidy stand-in (used only when the real header is missing).
#pragma once
#include <ATen/core/Tensor.h>
