//===- IndexWidthMismatchPairs.h - narrow/wide kernel pairs ----*- C++ -*-===//
//
// Shared by the two files of kernel-index-width-mismatch: what a narrow
// kernel and its wide family member are told (the warning and its notes),
// used by the per-unit pairing (IndexWidthMismatchCheck.cpp) and the
// cross-file pairing (IndexWidthMismatchPairs.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_INDEXWIDTHMISMATCHPAIRS_H
#define KERNEL_TIDY_CHECKS_CLANG_INDEXWIDTHMISMATCHPAIRS_H

#include "lib/frontend/clang/IndexWidth.h"
#include "lib/model/OperationFamilies.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang::tidy::kernel::index_width_mismatch {

using kerneltidy::FamilyKind;
using kerneltidy::FamilyRole;
using kerneltidy::FamilyTag;
using kerneltidy::IndexWidthPolicy;
using kerneltidy::KernelWidthSummary;
using kerneltidy::SourcePosition;

constexpr llvm::StringLiteral CheckId = "kernel-index-width-mismatch";

struct PairMessages {
  std::string Warning;
  std::string WideNote;
  std::string DispatchNote;
  std::string FixNote;
  /// The tier (kerneltidy::indexWidthPairConfidence) and its note.
  kerneltidy::Confidence Tier = kerneltidy::Confidence::Medium;
  std::string TierNote;
};

/// The warning on the narrow kernel N and the notes on the wide kernel W;
/// WideRole is the wide kernel's role as the narrow one sees it:
/// "forward", "backward" or "sibling".
PairMessages buildMessages(const kerneltidy::KernelWidthSummary &N,
                           const kerneltidy::KernelWidthSummary &W,
                           llvm::StringRef WideRole);

/// N computes its offsets in 32 bits with no host guard while W takes
/// 64-bit indices: N can receive tensors it cannot address.
bool mayReceiveUnaddressable(const kerneltidy::KernelWidthSummary &N,
                             const kerneltidy::KernelWidthSummary &W);

/// The role of Item's tag that matches Tag's family ("forward" for an
/// unmarked name paired with a backward).
llvm::StringRef roleInFamily(const std::vector<kerneltidy::FamilyTag> &ItemTags,
                             const kerneltidy::FamilyTag &Tag);

} // namespace clang::tidy::kernel::index_width_mismatch

#endif
