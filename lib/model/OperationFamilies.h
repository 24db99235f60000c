//===- OperationFamilies.h - kernels that serve one operation ---*- C++ -*-===//
//
// An "operation family" is a set of kernels that work on the same tensors of
// one user-visible operation: the forward and backward kernels of softmax,
// the two functors an optimizer picks between, the kernels that a forward and
// a backward host launcher start. Checks that compare kernels (index width,
// precision) group them with these helpers.
//
// Three ways kernels become one family, each a FamilyTag kind:
//  - Name:     kernel names that differ only in a role marker
//              ('spatial_softmax_forward' / 'SpatialSoftMaxBackward',
//              'conv_fwd' / 'conv_dgrad', 'gelu' / 'gelu_grad'); case,
//              separators and filler words ('kernel', 'impl', ...) ignored.
//  - Launcher: the same rule applied to the host functions that launch them.
//  - Sibling:  launched from one host function on the same tensor (the same
//              first data argument), e.g. the functors of one optimizer.
//
// The name rules are plain string logic with configurable marker lists, so
// that they can be unit-tested without an AST.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_MODEL_OPERATIONFAMILIES_H
#define KERNEL_TIDY_LIB_MODEL_OPERATIONFAMILIES_H

#include "lib/model/Confidence.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace kerneltidy {

enum class FamilyRole { Forward, Backward, Sibling };
enum class FamilyKind { Name, Launcher, Sibling };

/// "forward", "backward" or "sibling".
llvm::StringRef familyRoleName(FamilyRole Role);

/// The role words recognised in names. Every entry is compared against runs
/// of whole words, lowercase with separators removed ("dgrad" matches
/// 'conv_dgrad', 'ConvDGrad' and 'conv_d_grad').
struct NameMarkers {
  std::vector<std::string> Forward;  // forward;fwd;fprop
  std::vector<std::string> Backward; // backward;bwd;grad;dgrad;wgrad;bprop
  std::vector<std::string> Ignored;  // filler words dropped from the base

  static NameMarkers defaults();
  /// Lists separated by ';' or ','; whitespace ignored, entries lowercased
  /// and stripped of '_' (so "_backward" and "Backward" both mean
  /// "backward"). An empty list keeps the default for that list.
  static NameMarkers parse(llvm::StringRef ForwardList,
                           llvm::StringRef BackwardList,
                           llvm::StringRef IgnoredList);
  static std::string join(const std::vector<std::string> &List);
};

/// Splits an identifier into lowercase words at '_', '-', ':' and case
/// changes ('SpatialSoftMaxForward' -> spatial, soft, max, forward;
/// 'HTMLParser' -> html, parser; 'conv2d_fwd' -> conv2d, fwd).
std::vector<std::string> splitIdentifierWords(llvm::StringRef Name);

/// What a name says about its operation: the base (its words without the
/// role marker and filler words, concatenated) and its role. Names without
/// a marker are Forward with Marked = false (the 'gelu' of 'gelu_grad').
struct OperationName {
  std::string Base;
  FamilyRole Role = FamilyRole::Forward;
  bool Marked = false;
};
std::optional<OperationName> classifyOperationName(llvm::StringRef Name,
                                                   const NameMarkers &Markers);

/// One reason an item belongs to a family.
struct FamilyTag {
  FamilyKind Kind = FamilyKind::Name;
  std::string Key;
  FamilyRole Role = FamilyRole::Sibling;
};

/// A pair of items (indices into the input) related through Tag (an index
/// into the tags of First).
struct FamilyLink {
  unsigned First = 0;
  unsigned Second = 0;
  unsigned Tag = 0;
};

/// Every pair of distinct items that share a family tag: for Name and
/// Launcher tags only pairs whose roles differ (a backward and a forward or
/// unmarked item), for Sibling tags any pair. Each unordered pair appears at
/// most once, with the first tag that relates it (in Kind order: Name,
/// Launcher, Sibling).
std::vector<FamilyLink>
linkFamilies(const std::vector<std::vector<FamilyTag>> &TagsPerItem);

/// How the wide member of a narrow/wide pair got its 64-bit indices.
enum class WideIndexEvidence : uint8_t {
  /// The index type is chosen for it: a template index type dispatched to
  /// 32 and 64 bits by tensor size, or instantiated with 64 bits only, or a
  /// host size dispatch. The authors made the wide kernel handle tensors
  /// past 2^31 on purpose: the seed's asymmetry.
  ChosenForSize,
  /// A 64-bit type somewhere in its offsets (an 'int64_t' local, a 'size_t'
  /// parameter): often incidental, and no sign that its tensors pass 2^31.
  FixedType,
};

/// The policy for a narrow/wide pair (issue 26): high when the wide
/// member's width was chosen for size, medium when it is a fixed type.
Confidence indexWidthPairConfidence(WideIndexEvidence W, std::string &Why);

} // namespace kerneltidy

#endif
