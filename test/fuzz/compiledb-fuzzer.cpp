//===- compiledb-fuzzer.cpp - bytes -> compile_commands.json --------------===//
//
// Any bytes as a JSON compilation database; every command it yields goes
// through translateCompileCommand, which promises never to fail.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/CompileCommands.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Json(reinterpret_cast<const char *>(Data), Size);
  std::string Error;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> Database =
      clang::tooling::JSONCompilationDatabase::loadFromBuffer(
          Json, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Database)
    return 0;
  for (const clang::tooling::CompileCommand &Command :
       Database->getAllCompileCommands()) {
    std::vector<std::string> Dropped;
    std::vector<std::string> Args = kerneltidy::translateCompileCommand(
        Command.CommandLine, "/fuzz/shim", &Dropped, Command.Directory);
    (void)Args;
  }
  return 0;
}
