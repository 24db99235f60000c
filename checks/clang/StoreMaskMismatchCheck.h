//===- StoreMaskMismatchCheck.h - kernel-store-mask-mismatch ---------------------------------------------*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_STOREMASKMISMATCHCHECK_H
#define KERNEL_TIDY_CHECKS_CLANG_STOREMASKMISMATCHCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::kernel {

/// Reports stores whose address escapes the predicate that gates their value.
///
/// For the user-facing documentation see docs/checks/kernel-store-mask-mismatch.md.
class StoreMaskMismatchCheck : public ClangTidyCheck {
public:
  /// False until the check's logic lands: --list-checks says so, and the
  /// check reports nothing.
  static constexpr bool Implemented = false;

  StoreMaskMismatchCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};

} // namespace clang::tidy::kernel

#endif
