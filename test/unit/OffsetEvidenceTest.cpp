//===- OffsetEvidenceTest.cpp - the one width policy of both front ends ---===//
//
// widthConfidence (lib/model/OffsetEvidence.h) decides the tier of every
// kernel-int32-offset finding, C++ and Triton. These tests pin the evidence
// each tier rests on, and which evidence wins when several apply.
//
//===----------------------------------------------------------------------===//
#include "lib/model/OffsetEvidence.h"
#include "gtest/gtest.h"

using namespace kerneltidy;

namespace {

OffsetEvidence product(FactorRole L, FactorRole R) {
  OffsetEvidence E;
  E.Factors.push_back({"a", L});
  E.Factors.push_back({"b", R});
  return E;
}

TEST(OffsetEvidence, TwoSizesAreHigh) {
  std::string Why;
  EXPECT_EQ(widthConfidence(product(FactorRole::Size, FactorRole::Size), Why),
            Confidence::High);
  EXPECT_EQ(Why, "two sizes multiply");
}

TEST(OffsetEvidence, ARowCountScaledInWideArithmeticIsLowWhateverItsFactors) {
  OffsetEvidence E = product(FactorRole::Size, FactorRole::Size);
  E.ScaledInWideArithmeticBy = "static_cast<int64_t>(row) * cols";
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("static_cast<int64_t>(row) * cols"), std::string::npos);
}

TEST(OffsetEvidence, OneElementPerProgramIsLow) {
  OffsetEvidence E = product(FactorRole::GridIndex, FactorRole::Size);
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Medium);
  E.OnlyScalarAccesses = true;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
}

TEST(OffsetEvidence, ANarrowedSizeIsHighUnlessItsExtentIsUnknown) {
  OffsetEvidence E;
  E.NarrowedSize = true;
  E.Factors.push_back({"numel", FactorRole::Size});
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::High);
  E.NarrowedFromOpaqueValue = true;
  E.Factors.front().Text = "qr.y";
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("'qr.y'"), std::string::npos);
}

TEST(OffsetEvidence, AGridIndexAloneIsMediumOnlyAsAnElementOffset) {
  OffsetEvidence E = product(FactorRole::GridIndex, FactorRole::Constant);
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  E.GridIndexUse = OffsetEvidence::GridUse::IndexesElements;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Medium);
  E.GridIndexUse = OffsetEvidence::GridUse::CountsRows;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  // A size factor makes it a product of a size, whatever the grid use.
  OffsetEvidence S = product(FactorRole::GridIndex, FactorRole::Size);
  S.GridIndexUse = OffsetEvidence::GridUse::CountsRows;
  EXPECT_EQ(widthConfidence(S, Why), Confidence::Medium);
}

TEST(OffsetEvidence, ElementCountNames) {
  EXPECT_TRUE(isElementCountName("numel"));
  EXPECT_TRUE(isElementCountName("num_elems"));
  EXPECT_TRUE(isElementCountName("totalSize"));
  EXPECT_FALSE(isElementCountName("dim"));
  EXPECT_FALSE(isElementCountName("thread_rank"));
}

} // namespace
