// kernel-tidy stand-in (used only when the real header is missing). An
// extension's build defines TORCH_API_INCLUDE_EXTENSION_H, with which the real
// header includes torch/extension.h (bindings and all).
#pragma once
#include <torch/all.h>
#include <torch/extension.h>
