//===- FuzzScratch.h - a temporary directory per fuzzing process -*- C++ -*-===//
//
// Harnesses whose code under test reads files from disk write each input
// into one directory of their own process, removed at exit.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_TEST_FUZZ_FUZZSCRATCH_H
#define KERNEL_TIDY_TEST_FUZZ_FUZZSCRATCH_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <string>

namespace kerneltidy::fuzz {

inline const std::string &scratchDirectory() {
  static const std::string Dir = [] {
    llvm::SmallString<128> Path;
    if (llvm::sys::fs::createUniqueDirectory("kernel-tidy-fuzz", Path))
      std::abort();
    return std::string(Path);
  }();
  static const bool RemovedAtExit = [] {
    std::atexit([] { llvm::sys::fs::remove_directories(scratchDirectory()); });
    return true;
  }();
  (void)RemovedAtExit;
  return Dir;
}

/// Writes Prefix then Bytes to Name in the scratch directory; its path.
inline std::string writeScratchFile(llvm::StringRef Name, llvm::StringRef Prefix,
                                    llvm::StringRef Bytes) {
  llvm::SmallString<256> Path(scratchDirectory());
  llvm::sys::path::append(Path, Name);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    std::abort();
  OS << Prefix << Bytes;
  return std::string(Path);
}

} // namespace kerneltidy::fuzz

#endif
