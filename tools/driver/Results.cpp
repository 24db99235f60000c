//===- Results.cpp - the findings a run reports, in their order -----------===//
//
// What happens to findings after the front ends: each gets its confidence
// tier and those of tiers not shown are counted and dropped, the per-file
// results are merged, the findings only a whole run can make are added
// (kernel families split across files), and the whole is sorted and
// de-duplicated into the order every reporter prints.
//
//===----------------------------------------------------------------------===//
#include "tools/driver/DriverInternal.h"
#include "checks/clang/IndexWidthMismatchCheck.h"
#include <algorithm>
#include <map>

#if KT_HAVE_TRITON
#include "checks/triton/TritonChecks.h"
#endif

namespace kerneltidy::driver {

void applyConfidence(const ConfidenceFilter &Filter, AnalysisResult &R) {
  std::vector<Finding> Kept;
  for (Finding &F : R.Findings) {
    FrontEnd FE = llvm::StringRef(F.Pos.File).ends_with(".py")
                      ? FrontEnd::Triton
                      : FrontEnd::Cxx;
    if (F.Confidence.empty())
      for (const Note &N : F.Notes)
        if (auto C = confidenceFromNote(N.Message))
          F.Confidence = confidenceName(*C).str();
    if (F.Confidence.empty()) {
      std::string Why;
      Confidence C = untieredCheckTier(F.Check, FE, &Why);
      Note N;
      N.Pos = F.Pos;
      N.Message = confidenceNote(C, Why);
      F.Notes.push_back(std::move(N));
      F.Confidence = confidenceName(C).str();
    }
    Confidence C = parseConfidenceName(F.Confidence).value_or(Confidence::Low);
    if (Filter.shows(F.Check, FE, C))
      Kept.push_back(std::move(F));
    else
      ++R.FindingsHidden;
  }
  R.Findings = std::move(Kept);
}

void mergeInto(AnalysisResult &Result, AnalysisResult &Part) {
  Result.FindingsHidden += Part.FindingsHidden;
  Result.FilesAnalysed += Part.FilesAnalysed;
  for (FileStatus &S : Part.Files)
    Result.Files.push_back(std::move(S));
  for (Finding &F : Part.Findings)
    Result.Findings.push_back(std::move(F));
  for (FileError &E : Part.Errors)
    Result.Errors.push_back(std::move(E));
}

void appendCrossFileFindings(const std::vector<Job> &Jobs,
                             AnalysisResult &Result) {
#if KT_HAVE_TRITON
  // Triton summaries carry the paths as the jobs named them.
  for (Finding &F : triton::crossFileTritonIndexWidthFindings())
    Result.Findings.push_back(std::move(F));
#endif
  std::vector<Finding> Cross = clang::tidy::kernel::crossFileIndexWidthFindings();
  if (Cross.empty())
    return;
  std::map<std::string, std::string> DisplayNames;
  for (const Job &J : Jobs)
    DisplayNames[absolutePath(J.File)] = J.File;
  auto Rename = [&](SourcePosition &P) {
    auto It = DisplayNames.find(P.File);
    if (It != DisplayNames.end())
      P.File = It->second;
  };
  for (Finding &F : Cross) {
    Rename(F.Pos);
    for (Note &N : F.Notes)
      Rename(N.Pos);
    Result.Findings.push_back(std::move(F));
  }
}

void sortAndDeduplicate(std::vector<Finding> &Findings) {
  std::sort(Findings.begin(), Findings.end(), findingLess);
  Findings.erase(std::unique(Findings.begin(), Findings.end(),
                             [](const Finding &A, const Finding &B) {
                               return !findingLess(A, B) && !findingLess(B, A);
                             }),
                 Findings.end());
}

} // namespace kerneltidy::driver
