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
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include <cstddef>
#include <cstdint>

namespace {

kerneltidy::AnalysisResult analyse(llvm::StringRef Name, llvm::StringRef Prefix,
                                   llvm::StringRef Body) {
  kerneltidy::DriverOptions Options;
  Options.Paths = {kerneltidy::fuzz::writeScratchFile(Name, Prefix, Body)};
  Options.UseConfigFiles = false;
  Options.Jobs = 1;
  return kerneltidy::runKernelTidy(Options, llvm::nulls());
}

} // namespace

// The driver runs each file in a crash-recovery context (a crash becomes
// that file's error). Here a crash must stay a crash, with its stack, for
// libFuzzer and the sanitizers: the driver enables recovery once, on its
// first file, so analyse one file first and then switch recovery off.
extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  analyse("init.cu", "", "");
  llvm::CrashRecoveryContext::Disable();
  return 0;
}

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
  kerneltidy::AnalysisResult Result = analyse(Name, Prefix, Body);
  // One file in, so one file's worth of outcome: analysed, or an error
  // naming it -- and never a crash the driver recovered from.
  bool Recovered = llvm::any_of(Result.Errors, [](const kerneltidy::FileError &E) {
    return llvm::StringRef(E.Message).contains("crashed");
  });
  if (Recovered || Result.FilesAnalysed + Result.Errors.size() != 1) {
    llvm::errs() << "one input, " << Result.FilesAnalysed
                 << " file(s) analysed and " << Result.Errors.size()
                 << " error(s):\n";
    for (const kerneltidy::FileError &E : Result.Errors)
      llvm::errs() << "  " << E.File << ": " << E.Message << "\n";
    std::abort();
  }
  return 0;
}
