// kernel-tidy stand-in (used only when the real header is missing): the
// Python bindings of an extension (pybind11, 'namespace py'), which the real
// header brings with torch/csrc/utils/pybind.h.
#pragma once
#include <torch/extension.h>
