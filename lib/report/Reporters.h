//===- Reporters.h - text and JSON output -----------------------*- C++ -*-===//
#ifndef KERNEL_TIDY_LIB_REPORT_REPORTERS_H
#define KERNEL_TIDY_LIB_REPORT_REPORTERS_H

#include "lib/report/Finding.h"
#include "llvm/Support/raw_ostream.h"

namespace kerneltidy {

/// Clang's format: "file:line:col: warning: message [check]", the source line
/// and a caret, notes the same way. Errors go as "file: error: message".
void writeText(const AnalysisResult &Result, llvm::raw_ostream &OS,
               bool Color);

/// The stable JSON contract (docs/usage.md):
/// {"version", "findings": [{"check","file","line","column","severity",
///  "message","notes":[{"file","line","column","message","fixes"}],
///  "fixes":[{"file","offset","length","replacement"}],
///  "fingerprint"}],
///  "errors":[{"file","message"}], "filesAnalysed"}
/// "fingerprint" (lib/report/Fingerprint.h) is computed with file paths relative
/// to FingerprintRoot (empty: the current directory).
void writeJson(const AnalysisResult &Result, llvm::raw_ostream &OS,
               llvm::StringRef FingerprintRoot = "");

/// GitHub Actions workflow commands: one "::warning file=,line=,col=::"
/// annotation per finding (notes folded into its message), "::error" per
/// file that could not be analysed.
void writeGithub(const AnalysisResult &Result, llvm::raw_ostream &OS);

/// The version string every output carries.
const char *kernelTidyVersion();

} // namespace kerneltidy

#endif
