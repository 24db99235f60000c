//===- ExtentMaximaTest.cpp - realistic maxima per role, and witnesses ----===//
//
// wrapReach (lib/model/ExtentMaxima.h) decides, for both front ends, whether
// a 32-bit term can pass its limit at realistic shapes, and words the shape
// at which it does. These tests pin the roles names give, the arithmetic of
// maxima, the configuration keys and the witness.
//
//===----------------------------------------------------------------------===//
#include "lib/model/ExtentMaxima.h"
#include "gtest/gtest.h"

using namespace kerneltidy;

namespace {

constexpr uint64_t Int32Max = 2147483647;

OffsetEvidence product(const char *L, FactorRole LR, const char *R,
                       FactorRole RR) {
  OffsetEvidence E;
  E.Factors.push_back({L, LR});
  E.Factors.push_back({R, RR});
  return E;
}

TEST(ExtentMaxima, NamesGiveRoles) {
  EXPECT_EQ(extentRoleFromName("tokenIdx"), ExtentRole::Tokens);
  EXPECT_EQ(extentRoleFromName("num_tokens"), ExtentRole::Tokens);
  EXPECT_EQ(extentRoleFromName("max_seq_len"), ExtentRole::Tokens);
  EXPECT_EQ(extentRoleFromName("T"), ExtentRole::Tokens);
  EXPECT_EQ(extentRoleFromName("seq_idx"), ExtentRole::Sequences);
  EXPECT_EQ(extentRoleFromName("batch_i"), ExtentRole::Sequences);
  EXPECT_EQ(extentRoleFromName("hiddenDim"), ExtentRole::RowWidth);
  EXPECT_EQ(extentRoleFromName("n_embd"), ExtentRole::RowWidth);
  EXPECT_EQ(extentRoleFromName("C"), ExtentRole::RowWidth);
  EXPECT_EQ(extentRoleFromName("head_idx"), ExtentRole::Heads);
  EXPECT_EQ(extentRoleFromName("num_heads"), ExtentRole::Heads);
  EXPECT_EQ(extentRoleFromName("head_dim"), ExtentRole::HeadDim);
  EXPECT_EQ(extentRoleFromName("head_size"), ExtentRole::HeadDim);
  EXPECT_EQ(extentRoleFromName("experts_per_group"), ExtentRole::Experts);
  EXPECT_EQ(extentRoleFromName("top_k"), ExtentRole::TopK);
  EXPECT_EQ(extentRoleFromName("lane_id"), ExtentRole::Lanes);
  EXPECT_EQ(extentRoleFromName("output_height"), ExtentRole::ImageSide);
  EXPECT_EQ(extentRoleFromName("outputW"), ExtentRole::ImageSide);
  EXPECT_EQ(extentRoleFromName("H_in"), ExtentRole::ImageSide);
  EXPECT_EQ(extentRoleFromName("cur_oh"), ExtentRole::ImageSide);
  EXPECT_EQ(extentRoleFromName("iw"), ExtentRole::ImageSide);
  // A stride, pointer or offset spans the dimensions inside it; other
  // letters and plain sizes say nothing.
  EXPECT_FALSE(extentRoleFromName("stride_tok"));
  EXPECT_FALSE(extentRoleFromName("hidden_stride"));
  EXPECT_FALSE(extentRoleFromName("token_offset"));
  EXPECT_FALSE(extentRoleFromName("src0_nb3"));
  EXPECT_FALSE(extentRoleFromName("H"));
  EXPECT_FALSE(extentRoleFromName("W"));
  EXPECT_FALSE(extentRoleFromName("stride_h"));
  EXPECT_FALSE(extentRoleFromName("ncols"));
  EXPECT_FALSE(extentRoleFromName("row"));
}

TEST(ExtentMaxima, MaximumOfArithmetic) {
  ExtentMaxima M;
  EXPECT_EQ(M.maximumOf("64"), 64u);
  EXPECT_EQ(M.maximumOf("head_idx"), 1024u);
  EXPECT_EQ(M.maximumOf("params.hiddenDim"), 65536u);
  EXPECT_EQ(M.maximumOf("p->num_heads * head_dim"), 1024u * 1024u);
  EXPECT_EQ(M.maximumOf("(head_idx + 1)"), 1025u);
  EXPECT_EQ(M.maximumOf("hidden_size / 2"), 65536u);
  EXPECT_EQ(M.maximumOf("x % 128"), 127u);
  EXPECT_EQ(M.maximumOf("static_cast<int>(num_heads)"), 1024u);
  EXPECT_EQ(M.maximumOf("(int64_t)lane"), 64u);
  // Tokens: what one GPU's tensor holds; a plain size, a call or a
  // subscript have no known maximum.
  EXPECT_EQ(M.maximumOf("token_idx"), uint64_t(1) << 24);
  EXPECT_FALSE(M.maximumOf("row"));
  EXPECT_FALSE(M.maximumOf("head_idx * stride_h"));
  EXPECT_FALSE(M.maximumOf("ids[j]"));
  EXPECT_FALSE(M.maximumOf("get_num_heads()"));
  EXPECT_FALSE(M.maximumOf("offs_m[:, None]"));
}

TEST(ExtentMaxima, ConfigurationOverridesTheTable) {
  ExtentMaxima M = ExtentMaxima::fromCheckOptions(
      {{"kernel-int32-offset.MaxTokens", "8192"},
       {"kernel-int32-offset.MaxHeads", "not a number"},
       {"other-check.MaxTokens", "1"}});
  EXPECT_EQ(M.of(ExtentRole::Tokens), 8192u);
  // Sequences default to the token cap: each holds a token of the forward.
  EXPECT_EQ(M.of(ExtentRole::Sequences), 8192u);
  EXPECT_EQ(M.of(ExtentRole::Heads), extentRoleDefault(ExtentRole::Heads));
  EXPECT_EQ(extentRoleOption(ExtentRole::Tokens), "MaxTokens");
  EXPECT_EQ(ExtentMaxima().of(ExtentRole::Sequences),
            ExtentMaxima().of(ExtentRole::Tokens));
}

TEST(ExtentMaxima, ABoundedProductWithinTheLimitIsUnreachable) {
  // Heads x head dimension: 2^20, whatever the tensor.
  WrapReach R = wrapReach(product("head_idx", FactorRole::Size, "head_size",
                                  FactorRole::Size),
                          ExtentMaxima(), Int32Max);
  EXPECT_FALSE(R.Reachable);
  // A thread index inside a block times a head dimension.
  R = wrapReach(product("threadIdx.x", FactorRole::Hardware, "head_dim",
                        FactorRole::Size),
                ExtentMaxima(), Int32Max);
  EXPECT_FALSE(R.Reachable);
}

TEST(ExtentMaxima, TokensTimesTopKFitsOneGpusTensor) {
  // A [tokens, top_k] routing table: 2^24 x 64 = 2^30.
  EXPECT_FALSE(wrapReach(product("token_idx", FactorRole::Size, "top_k",
                                 FactorRole::Size),
                         ExtentMaxima(), Int32Max)
                   .Reachable);
  // Tokens times heads does not: 2^24 x 1,024.
  WrapReach R = wrapReach(product("token_idx", FactorRole::Size, "num_heads",
                                  FactorRole::Size),
                          ExtentMaxima(), Int32Max);
  EXPECT_TRUE(R.Reachable);
  EXPECT_EQ(R.Witness, "token_idx = 2,097,152 with num_heads = 1,024");
}

TEST(ExtentMaxima, TheTokenCapDecidesTokensTimesHidden) {
  OffsetEvidence E = product("token_idx", FactorRole::GridIndex,
                             "hidden_size", FactorRole::Size);
  WrapReach Default = wrapReach(E, ExtentMaxima(), Int32Max);
  EXPECT_TRUE(Default.Reachable);
  EXPECT_EQ(Default.Witness, "token_idx = 32,768 with hidden_size = 65,536");
  ExtentMaxima Serving =
      ExtentMaxima::fromCheckOptions({{"kernel-int32-offset.MaxTokens", "8192"}});
  EXPECT_FALSE(wrapReach(E, Serving, Int32Max).Reachable);
  // An unsigned limit is twice as far.
  EXPECT_EQ(wrapReach(E, ExtentMaxima(), 4294967295u).Witness,
            "token_idx = 65,536 with hidden_size = 65,536");
}

TEST(ExtentMaxima, NoWitnessWithoutARoleOrWithTwoOpenFactors) {
  EXPECT_EQ(wrapReach(product("row", FactorRole::Size, "ncols",
                              FactorRole::Size),
                      ExtentMaxima(), Int32Max)
                .Witness,
            "");
  EXPECT_EQ(wrapReach(product("x", FactorRole::Size, "4",
                              FactorRole::Constant),
                      ExtentMaxima(), Int32Max)
                .Witness,
            "");
  WrapReach R = wrapReach(product("row", FactorRole::Size, "ncols",
                                  FactorRole::Size),
                          ExtentMaxima(), Int32Max);
  EXPECT_TRUE(R.Reachable);
}

TEST(ExtentMaxima, GroupDigits) {
  EXPECT_EQ(groupDigits(0), "0");
  EXPECT_EQ(groupDigits(999), "999");
  EXPECT_EQ(groupDigits(1000), "1,000");
  EXPECT_EQ(groupDigits(2147483648u), "2,147,483,648");
}

} // namespace
