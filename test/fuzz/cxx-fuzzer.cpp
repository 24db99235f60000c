//===- cxx-fuzzer.cpp - bytes -> the no-build C++ path --------------------===//
//
// Any bytes as a CUDA, SYCL or HIP file (the first byte picks which), run
// through runKernelTidy exactly as the CLI runs one file without a compile
// database: binary sniffing, classification, the shim headers, Clang's
// tolerant parse, every kernel check. The driver reads its inputs from disk,
// so the bytes go to a file in this process's scratch directory.
//
//===----------------------------------------------------------------------===//
#include "test/fuzz/FuzzScratch.h"
#include "tools/driver/Driver.h"
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  // A .cpp is SYCL only when its contents say so: that variant says so first.
  llvm::StringRef Name, Prefix;
  switch (Data[0] % 3) {
  case 0: Name = "fuzz.cu"; break;
  case 1: Name = "fuzz.cpp"; Prefix = "#include <sycl/sycl.hpp>\n"; break;
  default: Name = "fuzz.hip"; break;
  }
  llvm::StringRef Body(reinterpret_cast<const char *>(Data + 1), Size - 1);
  kerneltidy::DriverOptions Options;
  Options.Paths = {kerneltidy::fuzz::writeScratchFile(Name, Prefix, Body)};
  Options.UseConfigFiles = false;
  Options.Jobs = 1;
  kerneltidy::AnalysisResult Result =
      kerneltidy::runKernelTidy(Options, llvm::nulls());
  // One file in, so at most one file's worth of outcome: analysed, or an
  // error naming it.
  if (Result.FilesAnalysed + Result.Errors.size() != 1)
    std::abort();
  return 0;
}
