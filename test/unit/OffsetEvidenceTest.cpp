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

TEST(OffsetEvidence, ATableOfAWiderAccessesRowsIsLow) {
  // Mamba's per-(batch, head, token) scalars beside the activation the same
  // kernel reads at those rows with a head-dimension lane axis.
  OffsetEvidence E = product(FactorRole::GridIndex, FactorRole::Size);
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Medium);
  E.RowsOfWiderAccessBy = "offs_p[None, :] * stride_x_dim' of 'X";
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("('offs_p[None, :] * stride_x_dim' of 'X')"),
            std::string::npos);
}

TEST(OffsetEvidence, APerProcessorScratchIsLow) {
  OffsetEvidence E = product(FactorRole::GridIndex, FactorRole::Size);
  E.ProcessorRowsOf = "sm_count";
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("one row per processor of the device ('sm_count')"),
            std::string::npos);
}

TEST(OffsetEvidence, AKernelNoBuildCompilesIsLowWhateverItsFactors) {
  OffsetEvidence E = product(FactorRole::Size, FactorRole::Size);
  E.NeverInstantiatedTemplate = "softmax_backward_kernel";
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("'softmax_backward_kernel' is never instantiated"),
            std::string::npos);
}

TEST(OffsetEvidence, AConstexprStrideIsLow) {
  OffsetEvidence E = product(FactorRole::GridIndex, FactorRole::Size);
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Medium);
  E.ConstexprStride = "OH_OW_STRIDE";
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("'OH_OW_STRIDE' is a stride fixed at compile time"),
            std::string::npos);
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

TEST(OffsetEvidence, AnAllCapsNameIsOneWord) {
  // 'RSTD' is the rstd table and 'HV' the value-head count, not four and
  // two one-letter words; camel case still splits.
  EXPECT_TRUE(isSideTableName("RSTD"));
  EXPECT_TRUE(isSideTableName("LSE_ptr"));
  EXPECT_EQ(roleFromName("HV"), FactorRole::SmallIndex);
  EXPECT_EQ(roleFromName("headIdx"), FactorRole::SmallIndex);
  // The size of a head is no head index ('off_hz * D_HEAD_ACTUAL * Q_CTX').
  EXPECT_EQ(roleFromName("D_HEAD_ACTUAL"), FactorRole::Unknown);
  EXPECT_EQ(roleFromName("head_dim"), FactorRole::Unknown);
  EXPECT_FALSE(isSideTableName("RSTDX"));
  EXPECT_FALSE(isSideTableName("X"));
}

TEST(OffsetEvidence, AStrideNamedForASideTableIsLow) {
  // Liger's rms_norm: 'RSTD += row_idx * RSTD_row_stride' then a store
  // through 'RSTD': the product walks the per-row table, whatever the
  // pointer is called where it is used.
  OffsetEvidence E;
  E.Factors.push_back({"row_idx", FactorRole::GridIndex});
  E.Factors.push_back({"RSTD_row_stride", FactorRole::Size});
  E.Buffer = "Y";
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("'RSTD_row_stride'"), std::string::npos);
  // The activation's own stride keeps its tier.
  E.Factors.back().Text = "X_row_stride";
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Medium);
}

TEST(OffsetEvidence, AHeadStrideIsLow) {
  EXPECT_TRUE(isHeadStrideName("k_stride_h"));
  EXPECT_TRUE(isHeadStrideName("stride_hv"));
  EXPECT_TRUE(isHeadStrideName("stride_w_H"));
  EXPECT_TRUE(isHeadStrideName("r_h_stride"));
  EXPECT_FALSE(isHeadStrideName("row_stride"));
  EXPECT_FALSE(isHeadStrideName("stride_b"));
  EXPECT_FALSE(isHeadStrideName("stride_hidden"));
  EXPECT_FALSE(isHeadStrideName("head_dim"));
  OffsetEvidence E;
  E.Factors.push_back({"h", FactorRole::GridIndex});
  E.Factors.push_back({"k_stride_h", FactorRole::Size});
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  E.Factors.back().Text = "k_stride_t";
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Medium);
}

TEST(OffsetEvidence, TheInnermostStrideIsTheLastOfItsRun) {
  llvm::SmallVector<llvm::StringRef, 12> Params = {
      "a_ptr", "stride_am", "stride_ak", "stride_bk", "stride_bn",
      "x_stride_b", "x_stride_t", "x_stride_d", "stride_c", "M"};
  auto Inner = innermostStrideParams(Params);
  ASSERT_EQ(Inner.size(), 3u);
  EXPECT_EQ(Inner[0], "stride_ak");
  EXPECT_EQ(Inner[1], "stride_bn");
  EXPECT_EQ(Inner[2], "x_stride_d");
  OffsetEvidence E;
  E.Factors.push_back({"offs_k", FactorRole::Size});
  E.Factors.push_back({"stride_ak", FactorRole::Size});
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::High);
  E.InnermostStride = "stride_ak";
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("innermost stride"), std::string::npos);
}

TEST(OffsetEvidence, AnAbbreviatedStrideRunHasAnInnermostStride) {
  // fla spells 'stride_b, stride_t, stride_d' as 's_b, s_t, s_d' or
  // 'k_s_b, k_s_t, k_s_c'.
  llvm::SmallVector<llvm::StringRef, 12> Params = {
      "x", "s_b", "s_t", "s_d", "k_s_b", "k_s_t", "k_s_c", "T", "bos", "d_s"};
  auto Inner = innermostStrideParams(Params);
  ASSERT_EQ(Inner.size(), 2u);
  EXPECT_EQ(Inner[0], "s_d");
  EXPECT_EQ(Inner[1], "k_s_c");
  // A word 's' followed by a longer word is no stride ('is_sorted'), and a
  // lone such name has no run.
  llvm::SmallVector<llvm::StringRef, 4> Others = {"x_s_len", "y_s_len",
                                                  "s_b", "T"};
  EXPECT_TRUE(innermostStrideParams(Others).empty());
}

TEST(OffsetEvidence, RotaryTablesAreSideTables) {
  EXPECT_TRUE(isSideTableName("cos_ptr"));
  EXPECT_TRUE(isSideTableName("sin"));
  EXPECT_TRUE(isSideTableName("cos_sin_cache"));
  EXPECT_TRUE(isSideTableName("freqs_cis"));
  EXPECT_FALSE(isSideTableName("cost"));
  EXPECT_FALSE(isSideTableName("since_ptr"));
  OffsetEvidence E;
  E.Factors.push_back({"pos", FactorRole::Size});
  E.Factors.push_back({"freqs_row_stride", FactorRole::Size});
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("freqs"), std::string::npos);
}

} // namespace

TEST(OffsetEvidence, AChannelStrideIsLow) {
  EXPECT_TRUE(isChannelStrideName("input_feat_stride"));
  EXPECT_TRUE(isChannelStrideName("output_c_stride"));
  EXPECT_TRUE(isChannelStrideName("stride_c"));
  EXPECT_TRUE(isChannelStrideName("state_s_c"));
  EXPECT_FALSE(isChannelStrideName("input_batch_stride"));
  EXPECT_FALSE(isChannelStrideName("state_s_abe"));
  EXPECT_FALSE(isChannelStrideName("stride_cm")); // a matrix's rows
  // 'sH' (a convolution's stride along H) is no abbreviated stride run.
  EXPECT_FALSE(isHeadStrideName("sH"));
  EXPECT_TRUE(isHeadStrideName("k_s_h"));
  OffsetEvidence E;
  E.Factors.push_back({"feat_pid", FactorRole::GridIndex});
  E.Factors.push_back({"input_feat_stride", FactorRole::Size});
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  E.Factors.back().Text = "input_batch_stride";
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Medium);
}

TEST(OffsetEvidence, HeadCountNames) {
  EXPECT_TRUE(isHeadCountName("HV"));
  EXPECT_TRUE(isHeadCountName("num_heads"));
  EXPECT_TRUE(isHeadCountName("nheads"));
  EXPECT_FALSE(isHeadCountName("head_dim"));
  EXPECT_FALSE(isHeadCountName("stride_h"));
  EXPECT_FALSE(isHeadCountName("num_experts")); // small, but not a head
}

TEST(OffsetEvidence, RecurrentLayerParametersAreLow) {
  EXPECT_TRUE(isRecurrentParameterName("w_ih_stride_r"));
  EXPECT_TRUE(isRecurrentParameterName("weight_hh_l0"));
  EXPECT_TRUE(isRecurrentParameterName("b_hh_stride"));
  EXPECT_TRUE(isRecurrentParameterName("bias_ih"));
  EXPECT_FALSE(isRecurrentParameterName("weight"));
  EXPECT_FALSE(isRecurrentParameterName("hh_stride"));
  EXPECT_FALSE(isRecurrentParameterName("w_stride"));
  OffsetEvidence E;
  E.Factors.push_back({"offs_h", FactorRole::Size});
  E.Factors.push_back({"w_hh_stride_r", FactorRole::Size});
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  E.Factors.back().Text = "x_stride_r";
  EXPECT_EQ(widthConfidence(E, Why), Confidence::High);
}

namespace {

TEST(OffsetEvidence, AGlobalIndexTestedOnlyAgainstARowWidthIsLow) {
  OffsetEvidence E;
  E.Factors.push_back({"threadIdx.x + blockIdx.x * blockDim.x",
                       FactorRole::GridIndex});
  E.GridIndexUse = OffsetEvidence::GridUse::IndexesElements;
  std::string Why;
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Medium);
  E.ComparedOnlyWithRowWidth = "p.ncols";
  EXPECT_EQ(widthConfidence(E, Why), Confidence::Low);
  EXPECT_NE(Why.find("'p.ncols'"), std::string::npos);
}

TEST(OffsetEvidence, RowWidthNames) {
  for (const char *N : {"ncols", "n_cols", "num_cols", "ne0", "ne00", "width",
                        "dim", "hidden_size", "C", "head_dim"})
    EXPECT_TRUE(isRowWidthName(N)) << N;
  for (const char *N : {"k", "n", "numel", "total", "ne", "nrows",
                        "stride_cols", "col_offset", "T"})
    EXPECT_FALSE(isRowWidthName(N)) << N;
}

} // namespace
