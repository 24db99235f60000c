//===- Int32OffsetCheck.h - kernel-int32-offset ---------------------------------------------*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_INT32OFFSETCHECK_H
#define KERNEL_TIDY_CHECKS_CLANG_INT32OFFSETCHECK_H

#include "checks/clang/KernelCheckMembers.h"
#include "lib/model/Confidence.h"
#include "lib/model/ExtentMaxima.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <cstdint>
#include <vector>

namespace kerneltidy {
struct AddressUse;
} // namespace kerneltidy

namespace clang::tidy::kernel {

/// Reports 32-bit offset arithmetic that reaches an address and can wrap.
///
/// For the user-facing documentation see docs/checks/kernel-int32-offset.md.
class Int32OffsetCheck : public ClangTidyCheck {
public:
  /// Each function's call sites (the reference to it) with the named
  /// function around each, lambdas looked through.
  struct CallSite {
    const Stmt *Ref;
    const FunctionDecl *Host;
  };
  KERNEL_TIDY_CHECK_MEMBERS(Int32OffsetCheck)
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onStartOfTranslationUnit() override;

private:
  struct Site;
  void analyse(const FunctionDecl &Fn, ASTContext &Ctx,
               const Stmt *UnguardedLaunch);
  const Stmt *unguardedLaunch(const FunctionDecl &Fn, ASTContext &Ctx,
                              unsigned Depth);
  void indexCallSites(ASTContext &Ctx);
  /// A whole tensor's element count ('numel()') stored in a field narrower
  /// than 64 bits of a local that a kernel launch in Fn receives by value
  /// (apex's multi_tensor_apply: 'int sizes[]').
  void reportNarrowedLaunchFields(const FunctionDecl &Fn, ASTContext &Ctx);
  /// Every launcher of Kernel rejects extents past INT32_MAX
  /// (lib/analysis/HostGuards.h).
  bool launchesAreHostGuarded(const FunctionDecl &Kernel, ASTContext &Ctx);
  /// CUDA or HIP host code: a function with neither __device__ nor
  /// __global__ (lambdas inside it included).
  static bool isHostOnlyFunction(const FunctionDecl &Fn, ASTContext &Ctx);
  /// The 32-bit integer arguments of the unguarded kernel launches in a host
  /// function, as address uses.
  std::vector<kerneltidy::AddressUse> launchArguments(const FunctionDecl &Fn,
                                                      ASTContext &Ctx);
  /// A size-limit test in Host's body before Site (anywhere when Site is
  /// null), or in a function Host calls before it (CalleeDepth 0 only).
  bool hasSizeTestBefore(const FunctionDecl &Host, const Stmt *Site,
                         ASTContext &Ctx, unsigned CalleeDepth = 0);
  /// The earliest size-limit test of Host's body (invalid: none).
  SourceLocation earliestSizeTest(const FunctionDecl &Host, ASTContext &Ctx,
                                  unsigned CalleeDepth);

  /// The largest element count of a tensor (option MaxElementCount).
  const uint64_t MaxElementCount;
  /// The most threads one launch runs (option MaxThreadsPerLaunch).
  const uint64_t MaxThreadsPerLaunch;
  /// Trust the launchers' int32 extent guards (option TrustHostGuards).
  const bool TrustHostGuards;
  /// The tiers reported (global option 'Confidence', lib/model/Confidence.h).
  const kerneltidy::ConfidenceFilter Shown;
  /// The realistic maxima per role (options MaxTokens, MaxRowWidth, ...;
  /// lib/model/ExtentMaxima.def): a wrap that cannot pass its limit within
  /// them is not reported.
  kerneltidy::ExtentMaxima Maxima;
  /// Anchors already reported in this translation unit: a template's
  /// pattern and its instantiations share source locations.
  llvm::DenseSet<unsigned> Reported;
  /// Every reference to a function (calls, launches, 'hipLaunchKernelGGL'
  /// arguments), by callee; built once per translation unit.
  llvm::DenseMap<const FunctionDecl *, std::vector<CallSite>> CallSites;
  bool CallSitesIndexed = false;
  /// earliestSizeTest per function and callee depth, once per translation
  /// unit: a templated kernel's helpers are asked once per instantiation and
  /// call site, and each answer walks a body and evaluates its comparisons
  /// (three quarters of the check's time on ggml's mmq instances).
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>, SourceLocation>
      EarliestSizeTest;
};

} // namespace clang::tidy::kernel

#endif
