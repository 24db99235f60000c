//===- KernelListing.h - what kernel-tidy sees in a file --------*- C++ -*-===//
//
// The --list-kernels report: parses one file with a given command line over
// a given file system (the no-build one, normally) and lists its kernels,
// their index parameters and their launch sites, plus how many compiler
// errors the parse met. The quickest way for a user to see whether
// kernel-tidy found the kernels of a file it cannot build.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_KERNELLISTING_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_KERNELLISTING_H

#include "lib/frontend/clang/UnknownNames.h"
#include "lib/report/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace kerneltidy {

struct ListedLaunch {
  SourcePosition Pos;
  std::string Config; // "<<<grid, block, shmem, stream>>>" or the range
};

struct ListedKernel {
  std::string Name;      // qualified, e.g. 'at::native::softmax_kernel'
  std::string Kind;      // kernelKindName()
  SourcePosition Pos;    // the kernel's name (a lambda: its start)
  bool Template = false; // a template (instantiated per launch)
  bool Invalid = false;  // declaration not fully resolved
  std::vector<std::string> IndexParams; // "uint32_t dim_size"
  unsigned Params = 0;                  // parameters declared
  /// Parameters whose type did not resolve (an unknown type name that no
  /// stand-in declared): the compiler typed them 'int' and marked them
  /// invalid, so their uses are not what the source says.
  std::vector<std::string> LostParams;
  bool HasBody = false;
  unsigned BodyStatements = 0;       // top-level statements of the body
  unsigned BodyStatementsInError = 0; // of them, holding an error
  /// All parameters typed and a body with no statement in error: what the
  /// checks need (issue 25's "kernels keep their parameters and bodies").
  bool intact() const {
    return LostParams.empty() && HasBody && BodyStatementsInError == 0;
  }
  std::vector<ListedLaunch> Launches;
};

struct KernelListing {
  std::string File;
  std::vector<ListedKernel> Kernels;
  /// Launch sites whose kernel could not be resolved.
  std::vector<ListedLaunch> UnresolvedLaunches;
  unsigned ParseErrors = 0;
  std::string FirstParseError; // "line:col: message"
  /// Each error with its place (for the stand-ins of UnknownNames.h).
  std::vector<CompilerErrorAt> Errors;
  /// Names of missing headers declared as stand-ins for this parse.
  unsigned StandIns = 0;
  /// Set when the file could not be parsed at all (no AST).
  std::string FatalError;
};

/// Parses File with CommandLine (argv[0] a compiler name, File among the
/// arguments: what defaultParseArgs or translateCompileCommand produce) over
/// FS, from working directory Directory (empty: the current one).
/// StandInHeader, when not empty, is force-included (UnknownNames.h).
KernelListing listKernels(llvm::ArrayRef<std::string> CommandLine,
                          llvm::StringRef File,
                          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                          llvm::StringRef Directory = {},
                          llvm::StringRef StandInHeader = {});

/// Human-readable report, one block per file:
///   file.cu: 2 kernels, 1 launch site, 0 parse errors
///     kernel 'k' (cuda, template) at file.cu:3:17
///       index parameters: 'int n', 'uint32_t stride'
///       parameters: 4 of 4 typed; body: 12 statements, none in error
///       launched at file.cu:12:3 <<<grid, block, 0, stream>>>
/// The file line ends with how many kernels lost a parameter or part of
/// their body, when any did.
void printKernelListing(const KernelListing &L, llvm::raw_ostream &OS);

} // namespace kerneltidy

#endif
