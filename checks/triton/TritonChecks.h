//===- TritonChecks.h - the Triton front end's entry point ------*- C++ -*-===//
//
// kernel-tidy's rules on Triton kernels in Python source, parsed with
// tree-sitter. The CLI hands every `.py` file here; results use the same
// model, ids and suppression comments as the C++ checks.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_CHECKS_TRITON_TRITONCHECKS_H
#define KERNEL_TIDY_CHECKS_TRITON_TRITONCHECKS_H

#include "lib/Finding.h"
#include "llvm/ADT/StringRef.h"
#include <functional>

namespace kerneltidy::triton {

/// Analyse one Python file. Never throws or aborts; a file it cannot use at all
/// yields one FileError naming the file. Findings only for enabled checks.
AnalysisResult analyzePythonFile(llvm::StringRef Path, llvm::StringRef Source,
                                 const std::function<bool(llvm::StringRef)> &IsCheckEnabled);
/// True when the Triton front end implements this check id.
bool implementsCheck(llvm::StringRef CheckId);

} // namespace kerneltidy::triton

#endif
