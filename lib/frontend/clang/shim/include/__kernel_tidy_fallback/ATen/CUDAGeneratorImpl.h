// kernel-tidy stand-in (used only when the real header is missing): the
// header's path before PyTorch 1.11.
#pragma once
#include <ATen/cuda/CUDAGeneratorImpl.h>
