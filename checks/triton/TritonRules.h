//===- TritonRules.h - shared plumbing of the Triton rules ------*- C++ -*-===//
//
// Each rule is one function over a RuleContext: the parsed module, one
// FunctionAnalysis per kernel and per helper call (helpers are analysed with
// their caller's argument facts, up to three levels deep), and helpers to
// place findings, notes and the `.to(tl.int64)` widening fix.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_CHECKS_TRITON_TRITONRULES_H
#define KERNEL_TIDY_CHECKS_TRITON_TRITONRULES_H

#include "lib/model/Confidence.h"
#include "checks/triton/TritonCheckOptions.h"
#include "lib/report/Finding.h"
#include "lib/frontend/triton/TritonValues.h"
#include <memory>
#include <string>
#include <vector>

namespace kerneltidy::triton {

inline constexpr llvm::StringLiteral Int32OffsetId = "kernel-int32-offset";
inline constexpr llvm::StringLiteral IndexWidthMismatchId =
    "kernel-index-width-mismatch";
inline constexpr llvm::StringLiteral StoreMaskMismatchId =
    "kernel-store-mask-mismatch";
inline constexpr llvm::StringLiteral NarrowAccumulationId =
    "kernel-narrow-accumulation";

/// What kernel-index-width-mismatch remembers of one kernel of a family so
/// that a whole run can pair kernels of different files
/// (crossFileTritonIndexWidthFindings in TritonChecks.h).
struct TritonWidthSummary {
  std::string Kernel;
  std::string File; // the path as the caller named it
  std::string FamilyKey;
  bool Marked = false;   // the name carries a role marker
  bool Backward = false; // ... a backward one
  bool SiblingFamilies = true;
  /// The first int32 offset that can wrap (Narrow), its text, and the note
  /// that widens it; set when the kernel never widens an address.
  bool Narrow = false;
  SourcePosition WrapSite;
  std::string WrapText;
  std::vector<Note> FixNotes;
  /// The pair tier a mismatch on WrapSite takes, and its note.
  std::string Confidence;
  std::string ConfidenceNote;
  /// The first 64-bit widening that reaches an address.
  bool Wide = false;
  SourcePosition WidenSite;
  /// NOLINT at WrapSite, or a finding already made in the kernel's file.
  bool Suppressed = false;
  bool ReportedInFile = false;
  /// The module (the file's stem) and every module or name its imports
  /// mention: kernels of two files pair only when one module imports the
  /// other (one program; issue 26).
  std::string Module;
  std::vector<std::string> Imports;
};

/// The last components of the modules a Python source imports, and the
/// names it imports from them ('from .ops import bwd as b' gives "ops" and
/// "bwd").
std::vector<std::string> importedModuleNames(llvm::StringRef Source);

struct RuleContext {
  RuleContext(llvm::StringRef Path, const TritonModule &M);
  RuleContext(llvm::StringRef Path, const TritonModule &M,
              const TritonCheckOptions &Options);

  llvm::StringRef Path;
  const TritonModule &M;
  const PySyntaxTree &T;
  /// Kernels (and uncalled helpers) first, in source order, then helper
  /// contexts. Roots[i] analyses M.functions()[RootFunction[i]].
  std::vector<std::unique_ptr<FunctionAnalysis>> Analyses;
  std::vector<Finding> Findings;
  const TritonCheckOptions &Options;
  /// Filled by runIndexWidthMismatch: one entry per kernel of a named
  /// family that widens or wraps.
  std::vector<TritonWidthSummary> WidthSummaries;

  SourcePosition position(NodeId N) const;
  /// Source text of a node, shortened for messages.
  std::string quote(NodeId N) const;
  Finding &report(llvm::StringRef Check, NodeId At, std::string Message);
  Note &note(Finding &F, NodeId At, std::string Message);
  /// Adds the note that widens the product `Product` (an int32 multiply) to
  /// 64 bits with `.to(tl.int64)` at the source of its index operand.
  void addWideningNote(Finding &F, FunctionAnalysis &A, NodeId Product);
  /// A Replacement inserting Text at byte Offset.
  Replacement insertion(unsigned Offset, std::string Text) const;
  Replacement replacement(NodeId N, std::string Text) const;
};

/// The host buffers (TritonModule.h) that the launches of the file pass to
/// the kernel parameters Pointer starts from (followed through bindings,
/// the pointer side of `+`/`-` and subscripts). Empty in a helper's
/// analysis: host buffers are matched to a kernel analysed on its own.
llvm::SmallVector<const HostBuffer *, 2>
kernelHostBuffers(RuleContext &Ctx, FunctionAnalysis &A, NodeId Pointer);

/// The kernel-int32-offset tier of the wrap site Site (widthConfidence of
/// lib/model/OffsetEvidence.h, from every access its wrapped value reaches
/// in Ctx's analyses), and why. kernel-index-width-mismatch asks it of a
/// narrow kernel's first wrap: a mismatch matters only where that offset
/// can reach 2^31 (issue 26).
Confidence wrapSiteConfidence(RuleContext &Ctx, NodeId Site, std::string &Why);

void runInt32Offset(RuleContext &Ctx);
void runStoreMaskMismatch(RuleContext &Ctx);
void runNarrowAccumulation(RuleContext &Ctx);
void runIndexWidthMismatch(RuleContext &Ctx);
/// Adds one file's summaries to the process-wide store of
/// crossFileTritonIndexWidthFindings (IndexWidthMismatchRule.cpp).
void recordTritonWidthSummaries(std::vector<TritonWidthSummary> Summaries);

/// Names of the 16-bit float type of V ("tl.float16" / "tl.bfloat16").
inline const char *floatTypeName(const ValueFacts &V) {
  if (V.Bits == 16)
    return V.BFloat ? "tl.bfloat16" : "tl.float16";
  if (V.Bits == 64)
    return "tl.float64";
  return "tl.float32";
}

} // namespace kerneltidy::triton

#endif
