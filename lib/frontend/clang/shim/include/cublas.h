// kernel-tidy shim: the legacy cuBLAS header name; the v2 API (cublas_v2.h).
#pragma once
#include "cublas_v2.h"
