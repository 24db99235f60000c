// kernel-tidy shim of <cub/util_arch.cuh>: what CUB's headers declare is in cub.cuh.
#pragma once
#include "cub.cuh"
