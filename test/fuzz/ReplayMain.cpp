//===- ReplayMain.cpp - run a fuzz target over saved inputs, no libFuzzer -===//
//
// The regression half of fuzzing: every seed and every input that once
// crashed or hung goes through LLVMFuzzerTestOneInput on each test run, with
// the default compiler and no fuzzing engine. Arguments are files or
// directories (every regular file below them, in sorted order).
//
//===----------------------------------------------------------------------===//
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *Argc,
                                                          char ***Argv);

int main(int Argc, char **Argv) {
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&Argc, &Argv);
  std::vector<std::string> Inputs;
  for (int I = 1; I < Argc; ++I) {
    if (!llvm::sys::fs::is_directory(Argv[I])) {
      Inputs.push_back(Argv[I]);
      continue;
    }
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Argv[I], EC), End;
         It != End && !EC; It.increment(EC))
      if (It->type() == llvm::sys::fs::file_type::regular_file &&
          !llvm::StringRef(It->path()).ends_with("README.md"))
        Inputs.push_back(It->path());
    if (EC) {
      llvm::errs() << Argv[I] << ": " << EC.message() << "\n";
      return 1;
    }
  }
  std::sort(Inputs.begin(), Inputs.end());
  if (Inputs.empty()) {
    llvm::errs() << "no inputs to replay\n";
    return 1;
  }
  for (const std::string &Input : Inputs) {
    auto Buf = llvm::MemoryBuffer::getFile(Input, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf) {
      llvm::errs() << Input << ": " << Buf.getError().message() << "\n";
      return 1;
    }
    // A copy of exactly the file's bytes, so that reading past the end is
    // the same error it is under libFuzzer.
    std::vector<uint8_t> Bytes((*Buf)->getBufferStart(),
                               (*Buf)->getBufferEnd());
    auto Start = std::chrono::steady_clock::now();
    llvm::outs() << "replay " << Input << " (" << Bytes.size() << " bytes)";
    llvm::outs().flush();
    LLVMFuzzerTestOneInput(Bytes.data(), Bytes.size());
    std::chrono::duration<double> Took = std::chrono::steady_clock::now() - Start;
    llvm::outs() << ": ok in " << llvm::format("%.2f", Took.count()) << " s\n";
  }
  llvm::outs() << Inputs.size() << " inputs replayed\n";
  return 0;
}
