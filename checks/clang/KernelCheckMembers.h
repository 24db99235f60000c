//===- KernelCheckMembers.h - what every check declares ---------*- C++ -*-===//
//
// The public members that every Clang check of checks/Checks.def declares
// the same way, written once. Not a base class: each check stays a direct
// ClangTidyCheck subclass (docs: STYLE.md, "Register once, run everywhere"),
// so NOLINT, options and --dump-config behave as in clang-tidy.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_KERNELCHECKMEMBERS_H
#define KERNEL_TIDY_CHECKS_CLANG_KERNELCHECKMEMBERS_H

#include "clang-tidy/ClangTidyCheck.h"

/// Inside 'class Class : public ClangTidyCheck { ... }': the check is
/// implemented (CheckCatalog reads 'Implemented'), is constructed from its
/// name and context, runs on C++ (CUDA, HIP and SYCL parse as C++), and
/// registers matchers whose matches check() decides.
#define KERNEL_TIDY_CHECK_MEMBERS(Class)                                       \
public:                                                                        \
  static constexpr bool Implemented = true;                                    \
  Class(StringRef Name, ClangTidyContext *Context);                            \
  bool isLanguageVersionSupported(const LangOptions &LangOpts)                 \
      const override {                                                         \
    return LangOpts.CPlusPlus;                                                 \
  }                                                                            \
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;           \
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

#endif
