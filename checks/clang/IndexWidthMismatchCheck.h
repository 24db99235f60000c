//===- IndexWidthMismatchCheck.h - kernel-index-width-mismatch ---------------------------------------------*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_INDEXWIDTHMISMATCHCHECK_H
#define KERNEL_TIDY_CHECKS_CLANG_INDEXWIDTHMISMATCHCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::kernel {

/// Reports kernels of one operation that disagree on index width.
///
/// For the user-facing documentation see docs/checks/kernel-index-width-mismatch.md.
class IndexWidthMismatchCheck : public ClangTidyCheck {
public:
  /// False until the check's logic lands: --list-checks says so, and the
  /// check reports nothing.
  static constexpr bool Implemented = false;

  IndexWidthMismatchCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};

} // namespace clang::tidy::kernel

#endif
