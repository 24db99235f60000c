//===- Sarif.h - SARIF 2.1.0 output -----------------------------*- C++ -*-===//
//
// One run per log: tool.driver with one rule per registered check, results
// with physical locations relative to a root (uriBaseId %SRCROOT%), related
// locations for notes, partialFingerprints (lib/report/Fingerprint.h) and fixes,
// and one invocation carrying the exit code and a notification per file that
// could not be analysed. What GitHub code scanning reads.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_REPORT_SARIF_H
#define KERNEL_TIDY_LIB_REPORT_SARIF_H

#include "lib/report/Finding.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace kerneltidy {

/// What SARIF says about one check (the caller fills it from the registry;
/// lib/ knows no check).
struct SarifRule {
  std::string Id;
  std::string ShortDescription;
  std::string FullDescription;
  std::string HelpUri;
  std::string DefaultLevel = "warning";
};

struct SarifOptions {
  std::string ToolVersion;
  std::string InformationUri;
  std::vector<SarifRule> Rules;
  /// Artifact URIs are relative to this directory (empty: the current one).
  std::string Root;
  int ExitCode = 0;
};

llvm::json::Value sarifLog(const AnalysisResult &Result,
                           const SarifOptions &Options);
void writeSarif(const AnalysisResult &Result, const SarifOptions &Options,
                llvm::raw_ostream &OS);

} // namespace kerneltidy

#endif
