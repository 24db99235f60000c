// kernel-tidy shim: NVTX 2's header name; the version 3 declarations.
#pragma once
#include "nvtx3/nvToolsExt.h"
