//===- IndexWidthMismatchCheck.h - kernel-index-width-mismatch --*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_INDEXWIDTHMISMATCHCHECK_H
#define KERNEL_TIDY_CHECKS_CLANG_INDEXWIDTHMISMATCHCHECK_H

#include "lib/model/Confidence.h"
#include "checks/clang/KernelCheckMembers.h"
#include "lib/report/Finding.h"
#include "lib/model/OperationFamilies.h"
#include "llvm/ADT/SetVector.h"
#include <vector>

namespace clang::tidy::kernel {

/// Reports kernels of one operation that disagree on index width.
///
/// For the user-facing documentation see
/// docs/checks/kernel-index-width-mismatch.md.
class IndexWidthMismatchCheck : public ClangTidyCheck {
  KERNEL_TIDY_CHECK_MEMBERS(IndexWidthMismatchCheck)
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override;

  struct LaunchSite {
    const CallExpr *Call = nullptr;
    const Decl *Target = nullptr; // the launched specialization
    const Expr *FirstData = nullptr;
    const Expr *Functor = nullptr; // the functor argument of a functor launch
  };

private:
  void decideTranslationUnit();

  std::string ForwardMarkers;
  std::string BackwardMarkers;
  std::string IgnoredNameWords;
  bool SiblingFamilies;
  kerneltidy::NameMarkers Markers;
  kerneltidy::ConfidenceFilter Shown;

  ASTContext *Context = nullptr;
  llvm::SetVector<const FunctionDecl *> Kernels;
  llvm::SetVector<const CXXRecordDecl *> Functors;
  std::vector<LaunchSite> Launches;
};

/// Pairs the kernel summaries that different translation units of one run
/// recorded (lib/analysis/IndexWidth.h) and returns a finding for each
/// narrow kernel whose wide family member only another file showed. Pairs
/// that one translation unit saw together were decided there. Consumes the
/// summaries. File names are those the translation units' source managers
/// used (absolute paths in the kernel-tidy driver).
std::vector<kerneltidy::Finding> crossFileIndexWidthFindings();

} // namespace clang::tidy::kernel

#endif
