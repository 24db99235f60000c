//===- AccumulationEvidenceTest.cpp - the issue 26 tier policies ----------===//
//
// The tiers of 16-bit atomics by where their target element comes from, of
// 16-bit accumulators, and of index-width pairs by how the wide member got
// its width (lib/model/AccumulationEvidence.h, OperationFamilies.h). The
// front end's classification is covered by the fixtures named in
// docs/checks/kernel-narrow-accumulation.md.
//
//===----------------------------------------------------------------------===//
#include "lib/model/AccumulationEvidence.h"
#include "lib/model/OperationFamilies.h"
#include <gtest/gtest.h>

using namespace kerneltidy;

TEST(AccumulationEvidence, GridOrDataSizedTargetsAreHigh) {
  std::string Why;
  for (AtomicTarget T : {AtomicTarget::OneElement, AtomicTarget::OmitsGridAxis,
                         AtomicTarget::ScatteredByData}) {
    EXPECT_EQ(atomicConfidence(T, Why), Confidence::High);
    EXPECT_FALSE(Why.empty());
  }
}

TEST(AccumulationEvidence, UnknownCountsAreMediumAndGeometryIsLow) {
  std::string Why;
  EXPECT_EQ(atomicConfidence(AtomicTarget::Unknown, Why), Confidence::Medium);
  EXPECT_EQ(atomicConfidence(AtomicTarget::LoadedIndexBesideCoordinates, Why),
            Confidence::Medium);
  EXPECT_NE(Why.find("data"), std::string::npos);
  EXPECT_EQ(atomicConfidence(AtomicTarget::ThreadCoordinates, Why),
            Confidence::Low);
  EXPECT_NE(Why.find("coordinates"), std::string::npos);
}

TEST(AccumulationEvidence, AccumulateTypeAliasResolvedTo16BitIsLow) {
  std::string Why;
  EXPECT_EQ(accumulatorConfidence(false, Why), Confidence::Medium);
  EXPECT_EQ(accumulatorConfidence(true, Why), Confidence::Low);
  EXPECT_NE(Why.find("accumulate type"), std::string::npos);
}

TEST(IndexWidthPairEvidence, WidthChosenForSizeIsHighAFixedTypeMedium) {
  std::string Why;
  EXPECT_EQ(indexWidthPairConfidence(WideIndexEvidence::ChosenForSize, Why),
            Confidence::High);
  EXPECT_EQ(indexWidthPairConfidence(WideIndexEvidence::FixedType, Why),
            Confidence::Medium);
}

TEST(IndexWidthPairEvidence, DefaultProfileShowsOnlyTheHighTiersOfBothCxxChecks) {
  for (llvm::StringRef Check :
       {"kernel-narrow-accumulation", "kernel-index-width-mismatch"}) {
    EXPECT_TRUE(shownByDefault(Check, FrontEnd::Cxx, Confidence::High)) << Check.str();
    EXPECT_FALSE(shownByDefault(Check, FrontEnd::Cxx, Confidence::Medium)) << Check.str();
  }
}
