// kernel-tidy stand-in (used only when the real header is missing).
#pragma once
#include <pybind11/pybind11.h>
