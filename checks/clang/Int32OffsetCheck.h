//===- Int32OffsetCheck.h - kernel-int32-offset ---------------------------------------------*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_INT32OFFSETCHECK_H
#define KERNEL_TIDY_CHECKS_CLANG_INT32OFFSETCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::kernel {

/// Reports 32-bit offset arithmetic that reaches an address and can wrap.
///
/// For the user-facing documentation see docs/checks/kernel-int32-offset.md.
class Int32OffsetCheck : public ClangTidyCheck {
public:
  /// False until the check's logic lands: --list-checks says so, and the
  /// check reports nothing.
  static constexpr bool Implemented = false;

  Int32OffsetCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};

} // namespace clang::tidy::kernel

#endif
