//===- NarrowAccumulationCheck.h - kernel-narrow-accumulation ---------------------------------------------*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_NARROWACCUMULATIONCHECK_H
#define KERNEL_TIDY_CHECKS_CLANG_NARROWACCUMULATIONCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "lib/frontend/clang/TypeDispatch.h"
#include <vector>

namespace clang::tidy::kernel {

/// Reports sums across threads, blocks or iterations accumulated in fp16/bf16.
///
/// For the user-facing documentation see docs/checks/kernel-narrow-accumulation.md.
class NarrowAccumulationCheck : public ClangTidyCheck {
public:
  static constexpr bool Implemented = true;

  NarrowAccumulationCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
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
