// kernel-tidy stand-in for <ATen/OpMathType.h> (used only when missing).
#pragma once
#include <ATen/AccumulateType.h>
