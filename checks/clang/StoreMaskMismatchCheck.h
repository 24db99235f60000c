//===- StoreMaskMismatchCheck.h - kernel-store-mask-mismatch ---*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_STOREMASKMISMATCHCHECK_H
#define KERNEL_TIDY_CHECKS_CLANG_STOREMASKMISMATCHCHECK_H

#include "checks/clang/KernelCheckMembers.h"
#include "lib/model/Confidence.h"

namespace kerneltidy {
class FunctionPredicates;
struct Access;
} // namespace kerneltidy

namespace clang::tidy::kernel {

/// Reports stores whose address escapes the predicate that gates their value.
///
/// For the user-facing documentation see docs/checks/kernel-store-mask-mismatch.md.
class StoreMaskMismatchCheck : public ClangTidyCheck {
  KERNEL_TIDY_CHECK_MEMBERS(StoreMaskMismatchCheck)
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void analyseBody(const Stmt *Body, ASTContext &Ctx);

  /// Also report loads through a possibly invalid value (default true).
  const bool CheckLoads;
  /// The tiers the 'Confidence' option shows.
  const kerneltidy::ConfidenceFilter Shown;
};

} // namespace clang::tidy::kernel

#endif
