// kernel-tidy stand-in (used only when the real header is missing).
#pragma once
#include <ATen/core/Tensor.h>
// What the real header brings in that extensions use unqualified-included.
#include <sstream>
#include <string>
#include <vector>
// torch/python.h: the bindings, and torch/csrc/utils/pybind.h's alias.
#include <pybind11/pybind11.h>
namespace py = pybind11;
