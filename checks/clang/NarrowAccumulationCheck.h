//===- NarrowAccumulationCheck.h - kernel-narrow-accumulation ---------------------------------------------*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_NARROWACCUMULATIONCHECK_H
#define KERNEL_TIDY_CHECKS_CLANG_NARROWACCUMULATIONCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::kernel {

/// Reports sums across threads, blocks or iterations accumulated in fp16/bf16.
///
/// For the user-facing documentation see docs/checks/kernel-narrow-accumulation.md.
class NarrowAccumulationCheck : public ClangTidyCheck {
public:
  /// False until the check's logic lands: --list-checks says so, and the
  /// check reports nothing.
  static constexpr bool Implemented = false;

  NarrowAccumulationCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};

} // namespace clang::tidy::kernel

#endif
