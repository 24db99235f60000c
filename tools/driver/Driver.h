//===- Driver.h - kernel-tidy's engine, shared by CLI and tests -*- C++ -*-===//
//
// Discovery -> front end (Clang through clang-tidy's engine with only our
// checks, or tree-sitter for Python) -> findings. The CLI is a thin wrapper
// around runKernelTidy(); the fixture harness calls it in-process too.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_TOOLS_DRIVER_DRIVER_H
#define KERNEL_TIDY_TOOLS_DRIVER_DRIVER_H

#include "lib/Finding.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace kerneltidy {

struct DriverOptions {
  /// Files or directories (directories are walked for analysable files).
  std::vector<std::string> Paths;
  /// clang-tidy glob list applied on top of "-*,kernel-*".
  std::string Checks;
  /// Directory holding compile_commands.json; empty for no-build mode.
  std::string BuildPath;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ExtraArgsBefore;
  /// argv[0] of the running program, to find the shim headers beside it.
  std::string Argv0;
  bool Verbose = false;
};

/// The effective clang-tidy glob for a user's --checks value.
std::string effectiveCheckGlob(llvm::StringRef UserChecks);

/// Expands Paths into the sorted list of files to analyse. Paths that do not
/// exist become errors; directories contribute their analysable files.
std::vector<std::string> collectInputFiles(const std::vector<std::string> &Paths,
                                           std::vector<FileError> &Errors);

/// Runs every enabled check over every input. Never aborts on a bad file:
/// it becomes a FileError and the others are still analysed. Verbose
/// diagnostics (dropped flags, parse errors per file) go to Log.
AnalysisResult runKernelTidy(const DriverOptions &Options,
                             llvm::raw_ostream &Log);

} // namespace kerneltidy

#endif
