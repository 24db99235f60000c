// kernel-tidy shim of <cub/config.cuh>: what CUB's headers declare is in cub.cuh.
#pragma once
#include "cub.cuh"
