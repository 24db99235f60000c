//===- MaskEvidenceTest.cpp - the store-mask policy's tiers -----------------===//
//
// lib/model/MaskEvidence.h: the tier of each shape of evidence, as the
// Triton and C++ store-mask rules grade their findings.
//
//===----------------------------------------------------------------------===//
#include "lib/model/MaskEvidence.h"

#include <gtest/gtest.h>

namespace kerneltidy {
namespace {

TEST(MaskEvidence, LoadedSentinelIsHighUncheckedGatherIsLow) {
  std::string Why;
  MaskEvidence E;
  E.Source = IndexSource::Loaded;
  E.Predicate = PredicateKind::Sentinel;
  EXPECT_EQ(maskConfidence(E, Why), Confidence::High);
  E.Predicate = PredicateKind::Unchecked;
  EXPECT_EQ(maskConfidence(E, Why), Confidence::Low);
}

TEST(MaskEvidence, ExplicitNoneMaskLowersUnmaskedLanes) {
  std::string Why;
  MaskEvidence E;
  E.Shape = MaskShape::UnmaskedLanes;
  EXPECT_EQ(maskConfidence(E, Why), Confidence::Medium);
  E.ExplicitNoMask = true;
  EXPECT_EQ(maskConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("'None'"), std::string::npos);
  // A loaded index keeps its own grade: the mask says nothing of the table.
  E.Source = IndexSource::Loaded;
  E.Predicate = PredicateKind::Sentinel;
  EXPECT_EQ(maskConfidence(E, Why), Confidence::High);
}

} // namespace
} // namespace kerneltidy
