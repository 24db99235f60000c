//===- MaskEvidence.cpp - the store-mask policy ---------------------------===//
#include "lib/model/MaskEvidence.h"

namespace kerneltidy {

/// A tier and the reason given for it.
static Confidence because(std::string &Why, Confidence C, const char *Reason) {
  Why = Reason;
  return C;
}

Confidence maskConfidence(const MaskEvidence &E, std::string &Why) {
  if (E.Source == IndexSource::Loaded && E.Predicate == PredicateKind::Unchecked)
    return because(Why, Confidence::Low,
                   "the index is read from memory but nothing in the kernel "
                   "tests it; it escapes only if the table can hold a "
                   "sentinel or an out-of-range entry");
  if (E.Source == IndexSource::Loaded && E.Predicate == PredicateKind::Sentinel)
    return because(Why, Confidence::High,
                   "the index is read from memory and the kernel excludes a "
                   "sentinel value of it, which this access does not");
  if (E.Source == IndexSource::Loaded)
    return because(Why, Confidence::Medium,
                   "the index is read from memory and the kernel bounds it, "
                   "but not at this access");
  if (E.Shape == MaskShape::UnmaskedLanes && E.ExplicitNoMask)
    return because(Why, Confidence::Low,
                   "the access passes 'None' as its mask: the author (or the "
                   "generator the code comes from) states that the extent "
                   "is a multiple of the block, which the kernel cannot show");
  if (E.Shape == MaskShape::UnmaskedLanes)
    return because(Why, Confidence::Medium,
                   "a lane range that the kernel masks with a size at another "
                   "access is used here without that mask");
  if (E.Shape == MaskShape::UnmaskedRows)
    return because(Why, Confidence::Medium,
                   "the rows of a chunk that the kernel bounds by a size at "
                   "another access are used here without that bound");
  return because(Why, Confidence::Low,
                 "the index is computed from thread, lane or loop positions; "
                 "the comparison may be a selector or a bound the launch "
                 "already implies");
}

} // namespace kerneltidy
