//===- triton-fuzzer.cpp - bytes -> the Triton front end ------------------===//
//
// Any bytes as a Python file: tree-sitter parse, module model, every rule.
// analyzePythonFile promises never to throw or abort, whatever the input.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonChecks.h"
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Source(reinterpret_cast<const char *>(Data), Size);
  kerneltidy::triton::analyzePythonFile(
      "fuzz.py", Source, [](llvm::StringRef) { return true; });
  return 0;
}
