#pragma once
#include "__kernel_tidy_cuda.h"
