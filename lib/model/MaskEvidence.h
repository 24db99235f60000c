//===- MaskEvidence.h - what shows that an access escapes its predicate -*- C++ -*-===//
//
// The language-neutral record of one kernel-store-mask-mismatch candidate and
// the one policy that grades it (issue 24: "a validity predicate bounds an
// address; loops, selectors, clamps and padding are not mismatches").
//
// A *validity predicate* is a condition that bounds the address of a memory
// access against the extent of the buffer it indexes, or excludes a sentinel
// value from an index that reaches an address. The C++ check and the Triton
// rule each find an access whose address reads an index V while a validity
// predicate on V holds for the value (or for another access) and not for
// this access; each fills one MaskEvidence, and maskConfidence decides.
//
// What separates a real escape from a false one on labelled code
// (docs/evaluation.md, section 7):
//  - where V comes from. An index *read from memory* (a target, an expert id,
//    a slot) can hold any value, a sentinel included: an access the predicate
//    does not cover goes where the sentinel sends it (the seed bug). An index
//    the kernel *computes* from thread, lane, program and loop positions is in
//    range wherever the launch and the loops put it; a comparison of it is
//    far more often a selector, a loop bound or a test the launch already
//    implies than a missing bound.
//  - what the predicate excludes. A sentinel test ('t != ignore_index',
//    'e >= 0') names values the kernel knows to be invalid; an upper bound
//    ('slot < max_loras') names a range.
//  - the computed shapes with a known escape: a per-lane range (Triton's
//    tl.arange) that the kernel masks with a size at a sibling access, read
//    or written here without that mask: the last block's tail lanes pass the
//    size whenever it is not a multiple of the block; and the same per-lane
//    row of a chunk (`i_t * BT + tl.arange(0, BT)`), bounded by the sequence
//    length at a sibling access and spelt differently here: the last chunk's
//    rows pass the length whenever it is not a multiple of the chunk.
//  - an index read from memory that nothing in the kernel tests (a position
//    or block table gathered through) escapes only if the table holds a
//    sentinel or an out-of-range entry, which the source does not say: the
//    tier stays low.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_MODEL_MASKEVIDENCE_H
#define KERNEL_TIDY_LIB_MODEL_MASKEVIDENCE_H

#include "lib/model/Confidence.h"
#include <cstdint>
#include <string>

namespace kerneltidy {

/// How the access escapes the predicate.
enum class MaskShape : uint8_t {
  /// The stored value is gated on V's validity; the access is not (the seed).
  GatedValue,
  /// V is validated before another access, not before this one.
  ValidatedElsewhere,
  /// A per-lane offset that the kernel masks with a size at a sibling access
  /// is used here without that mask (an unmasked tail, a 2-D mask on one
  /// axis).
  UnmaskedLanes,
  /// The per-lane row of a chunk (`i_t * BT + tl.arange(0, BT)`), bounded by
  /// a size at a sibling access under another spelling, is used here without
  /// that bound (no mask, or a mask on another axis).
  UnmaskedRows,
};

/// Where the index V of the address comes from.
enum class IndexSource : uint8_t {
  /// Read from memory: an index tensor's element, which can be a sentinel.
  Loaded,
  /// Computed by the kernel from thread, lane, program and loop positions.
  Computed,
};

/// What the validity predicate on V excludes.
enum class PredicateKind : uint8_t {
  /// A value or a sign: 't != ignore_index', 'e >= 0', 'id != -1'.
  Sentinel,
  /// A range: V against a size ('slot < max_loras', 'cols < n_cols').
  ExtentBound,
  /// Nothing: the kernel never tests V (a gather through a loaded table).
  Unchecked,
};

struct MaskEvidence {
  MaskShape Shape = MaskShape::GatedValue;
  IndexSource Source = IndexSource::Computed;
  PredicateKind Predicate = PredicateKind::ExtentBound;
  /// The access passes its mask as an explicit `None` (Triton): the author
  /// or a generator states that every lane is in range. TorchInductor
  /// writes `None` exactly where it proved the extent a multiple of the
  /// block, and code copied from its output keeps it. Lowers unmasked lanes.
  bool ExplicitNoMask = false;
};

/// The tier of a candidate, and in Why the evidence it rests on.
Confidence maskConfidence(const MaskEvidence &E, std::string &Why);

} // namespace kerneltidy

#endif
