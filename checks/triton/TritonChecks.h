//===- TritonChecks.h - the Triton front end's entry point ------*- C++ -*-===//
//
// kernel-tidy's rules on Triton kernels in Python source, parsed with
// tree-sitter. The CLI hands every `.py` file here; results use the same
// model, ids and suppression comments as the C++ checks.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_CHECKS_TRITON_TRITONCHECKS_H
#define KERNEL_TIDY_CHECKS_TRITON_TRITONCHECKS_H

#include "checks/triton/TritonCheckOptions.h"
#include "lib/report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace kerneltidy::triton {

/// Analyse one Python file. Never throws or aborts; a file it cannot use at all
/// yields one FileError naming the file. Findings only for enabled checks.
AnalysisResult
analyzePythonFile(llvm::StringRef Path, llvm::StringRef Source,
                  const std::function<bool(llvm::StringRef)> &IsCheckEnabled);
/// The same, with the effective CheckOptions of the file (`check-id.Option`
/// -> value, exactly the keys of `.kernel-tidy.yaml`); missing keys take the
/// C++ checks' defaults (see TritonCheckOptions.h for what applies).
AnalysisResult
analyzePythonFile(llvm::StringRef Path, llvm::StringRef Source,
                  const std::function<bool(llvm::StringRef)> &IsCheckEnabled,
                  const std::map<std::string, std::string> &CheckOptions);
/// The same, with options already read (TritonCheckOptions::fromCheckOptions),
/// for a caller that analyses many files under one configuration.
AnalysisResult
analyzePythonFile(llvm::StringRef Path, llvm::StringRef Source,
                  const std::function<bool(llvm::StringRef)> &IsCheckEnabled,
                  const TritonCheckOptions &Options);

/// kernel-index-width-mismatch across files: every analyzePythonFile call
/// (with the check enabled) records a summary of each kernel of a named
/// family in a process-wide store; this pairs kernels of different files
/// (a forward kernel in one module, its backward in another), returns those
/// findings sorted, with file paths as the callers named them, and empties
/// the store. Pairs within one file were reported by that file's call.
/// Thread-safe.
std::vector<Finding> crossFileTritonIndexWidthFindings();
/// Empties the store (call at the start of a run).
void clearTritonIndexWidthSummaries();

/// True when the Triton front end implements this check id.
bool implementsCheck(llvm::StringRef CheckId);

} // namespace kerneltidy::triton

#endif
