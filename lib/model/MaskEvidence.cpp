//===- MaskEvidence.cpp - the store-mask policy ---------------------------===//
#include "lib/model/MaskEvidence.h"

namespace kerneltidy {

Confidence maskConfidence(const MaskEvidence &E, std::string &Why) {
  if (E.Source == IndexSource::Loaded) {
    if (E.Predicate == PredicateKind::Sentinel) {
      Why = "the index is read from memory and the kernel excludes a "
            "sentinel value of it, which this access does not";
      return Confidence::High;
    }
    Why = "the index is read from memory and the kernel bounds it, but not "
          "at this access";
    return Confidence::Medium;
  }
  if (E.Shape == MaskShape::UnmaskedLanes) {
    Why = "a lane range that the kernel masks with a size at another access "
          "is used here without that mask";
    return Confidence::Medium;
  }
  Why = "the index is computed from thread, lane or loop positions; the "
        "comparison may be a selector or a bound the launch already implies";
  return Confidence::Low;
}

} // namespace kerneltidy
