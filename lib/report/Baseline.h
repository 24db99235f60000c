//===- Baseline.h - report only what is new ---------------------*- C++ -*-===//
//
// A baseline is a previous kernel-tidy report, JSON or SARIF. Findings are
// matched by fingerprint (lib/report/Fingerprint.h), which survives code moving up
// or down, so a legacy repository can adopt kernel-tidy on day one and fail
// CI only on findings it did not have.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_REPORT_BASELINE_H
#define KERNEL_TIDY_LIB_REPORT_BASELINE_H

#include "lib/report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <set>
#include <string>
#include <vector>

namespace kerneltidy {

/// The fingerprints of a JSON ("findings"[].fingerprint) or SARIF
/// (results[].partialFingerprints) report. False with Error when the file
/// is unreadable, neither format, or a finding lacks its fingerprint.
bool readBaseline(llvm::StringRef Path, std::set<std::string> &Fingerprints,
                  std::string &Error);

/// Drops the findings of Result whose fingerprint (paths relative to Root)
/// is in Baseline; returns how many were dropped.
unsigned removeBaselined(AnalysisResult &Result,
                         const std::set<std::string> &Baseline,
                         llvm::StringRef Root);

/// kernel-tidy merge: the JSON or SARIF reports of several shards as one
/// report of the same format (findings/results concatenated in a stable
/// order, counts summed, SARIF invocations folded into one). False with
/// Error on unreadable or mixed inputs. Findings: whether any were merged.
bool mergeReports(const std::vector<std::string> &Paths, llvm::raw_ostream &OS,
                  bool &Findings, std::string &Error);

} // namespace kerneltidy

#endif
