// kernel-tidy shim: declared in cub/cub.cuh.
#pragma once
#include "../cub.cuh"
