//===- NarrowAccumulationCheck.h - kernel-narrow-accumulation ---------------------------------------------*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_NARROWACCUMULATIONCHECK_H
#define KERNEL_TIDY_CHECKS_CLANG_NARROWACCUMULATIONCHECK_H

#include "checks/clang/KernelCheckMembers.h"
#include "lib/frontend/clang/TypeDispatch.h"
#include <vector>

namespace clang::tidy::kernel {

/// Reports sums across threads, blocks or iterations accumulated in fp16/bf16.
///
/// For the user-facing documentation see docs/checks/kernel-narrow-accumulation.md.
class NarrowAccumulationCheck : public ClangTidyCheck {
  KERNEL_TIDY_CHECK_MEMBERS(NarrowAccumulationCheck)
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void onEndOfTranslationUnit() override;

private:
  /// Dispatch macro invocations seen by the preprocessor.
  std::vector<kerneltidy::DispatchSite> DispatchSites;
  /// Function definitions to analyse; the analysis needs the whole TU (the
  /// dispatch that makes 'scalar_t' 16-bit usually comes after the kernel),
  /// so it runs in onEndOfTranslationUnit.
  std::vector<const FunctionDecl *> Functions;
  ASTContext *Context = nullptr;
};

} // namespace clang::tidy::kernel

#endif
