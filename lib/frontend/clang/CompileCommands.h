//===- CompileCommands.h - how kernel-tidy parses a file --------*- C++ -*-===//
//
// Without a compile database (the default for a pre-commit hook or a laptop
// without a GPU toolkit) a file is parsed from its extension and contents
// with the built-in shims. With a database, its commands (nvcc, hipcc, icpx,
// clang, gcc) are translated into arguments for Clang's parser.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_COMPILECOMMANDS_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_COMPILECOMMANDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace kerneltidy {

enum class SourceLanguage { Cuda, Hip, Sycl, Cxx, Python, Unknown };

llvm::StringRef languageName(SourceLanguage L);

/// Classifies a file by extension, looking at its contents where the
/// extension is ambiguous (a .cpp holding __global__ kernels is CUDA).
SourceLanguage classifySource(llvm::StringRef Path, llvm::StringRef Contents);

/// True for the extensions kernel-tidy reads when it walks a directory.
bool isAnalysableExtension(llvm::StringRef Path);

/// The directory holding the built-in shim headers: $KERNEL_TIDY_SHIM_DIR,
/// else <dir of Argv0>/../share/kernel-tidy/include, else the source tree.
std::string findShimDir(llvm::StringRef Argv0);

/// The fallback include directory in which every otherwise missing header
/// resolves to an empty file (see NoBuildFileSystem.h).
llvm::StringRef stubIncludeDir();

/// No-build mode: the default '-std=c++17' of Command (defaultParseArgs)
/// becomes '-std=c++20'. False when Command has no default to replace.
bool useCxx20Standard(std::vector<std::string> &Command);

/// Clang arguments (no compiler name, no input file) that parse a file of
/// language L with the shims and no toolkit. NoBuild adds the stub fallback.
std::vector<std::string> defaultParseArgs(SourceLanguage L,
                                          llvm::StringRef ShimDir,
                                          bool NoBuild);

/// Translates a database command line (argv[0] is the compiler; the input
/// file may appear) into a clang command line for our parser: argv[0] is
/// "clang-tool", then defaultParseArgs() for the language the command
/// compiles (nvcc and `-x cu` -> CUDA, hipcc and `-x hip` -> HIP, `-fsycl`
/// or icpx/dpcpp -> SYCL), then the flags that matter to a parse (-I -D -U
/// -isystem -iquote -idirafter -include -std -x, host -f/-m flags that change
/// the language; -Xcompiler and --compiler-options are unwrapped; response
/// files @file are expanded relative to Directory), then the input file.
/// Everything else is dropped and listed in Dropped; a translation never
/// fails. Include directories that hold a GPU toolkit's own runtime headers
/// are dropped too: the built-in shim replaces them.
std::vector<std::string>
translateCompileCommand(llvm::ArrayRef<std::string> CommandLine,
                        llvm::StringRef ShimDir,
                        std::vector<std::string> *Dropped = nullptr,
                        llvm::StringRef Directory = {});

} // namespace kerneltidy

#endif
