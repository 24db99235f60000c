//===- TritonOptionsTest.cpp - CheckOptions and cross-file pairing ------===//
//
// The Triton rules read the C++ checks' CheckOptions (TritonCheckOptions.h):
// each test runs one kernel file with and without the option and expects the
// option to change the findings, so a rule that ignores it fails. The
// cross-file tests run two files through analyzePythonFile and pair them
// with crossFileTritonIndexWidthFindings, as the CLI does at the end of a run.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonChecks.h"
#include "checks/triton/TritonRules.h"

#include "llvm/ADT/StringExtras.h"
#include <gtest/gtest.h>

using namespace kerneltidy;
using namespace kerneltidy::triton;

namespace {

using OptionMap = std::map<std::string, std::string>;

/// One kernel; WIDEN makes its row index 64-bit.
std::string kernel(llvm::StringRef Name, bool Widen) {
  std::string Row =
      Widen ? "tl.program_id(0).to(tl.int64)" : "tl.program_id(0)";
  return "@triton.jit\n"
         "def " +
         Name.str() +
         "(X, Y, stride, n, BLOCK: tl.constexpr):\n"
         "    row = " +
         Row +
         "\n"
         "    cols = tl.arange(0, BLOCK)\n"
         "    m = cols < n\n"
         "    x = tl.load(X + row * stride + cols, mask=m)\n"
         "    tl.store(Y + row * stride + cols, x, mask=m)\n\n";
}

std::string module(std::initializer_list<std::string> Kernels) {
  std::string S = "import triton\nimport triton.language as tl\n\n";
  for (const std::string &K : Kernels)
    S += K;
  return S;
}

std::vector<Finding> run(llvm::StringRef Source, llvm::StringRef Check,
                         const OptionMap &Options,
                         llvm::StringRef Path = "t.py") {
  AnalysisResult R = analyzePythonFile(
      Path, Source, [&](llvm::StringRef Id) { return Id == Check; }, Options);
  EXPECT_TRUE(R.Errors.empty());
  return R.Findings;
}

constexpr const char *IW = "kernel-index-width-mismatch";

class TritonOptions : public ::testing::Test {
protected:
  // Findings of one file must not leak into another test's whole-run pairs.
  void SetUp() override { clearTritonIndexWidthSummaries(); }
  void TearDown() override { clearTritonIndexWidthSummaries(); }
};

TEST_F(TritonOptions, DefaultsAreTheCppChecksDefaults) {
  const TritonCheckOptions &D = TritonCheckOptions::defaults();
  NameMarkers Cpp = NameMarkers::defaults();
  EXPECT_EQ(D.Markers.Forward, Cpp.Forward);
  EXPECT_EQ(D.Markers.Ignored, Cpp.Ignored);
  for (const std::string &W : Cpp.Backward)
    EXPECT_TRUE(llvm::is_contained(D.Markers.Backward, W)) << W;
  EXPECT_TRUE(llvm::is_contained(D.Markers.Backward, "dx"));
  EXPECT_TRUE(D.SiblingFamilies);
  EXPECT_TRUE(D.CheckLoads);
  EXPECT_GT(D.MaxElementCount, uint64_t(1) << 32);
}

TEST_F(TritonOptions, ThreeArgumentOverloadUsesDefaults) {
  std::string Src =
      module({kernel("_rms_fwd", true), kernel("_rms_bwd", false)});
  AnalysisResult Old = analyzePythonFile("t.py", Src, nullptr);
  EXPECT_FALSE(Old.Findings.empty());
  // Same findings with an empty option map as with the old overload.
  AnalysisResult New = analyzePythonFile("t.py", Src, nullptr, OptionMap{});
  ASSERT_EQ(Old.Findings.size(), New.Findings.size());
  for (size_t I = 0; I < Old.Findings.size(); ++I)
    EXPECT_EQ(Old.Findings[I].Message, New.Findings[I].Message);
}

TEST_F(TritonOptions, ForwardMarkers) {
  std::string Src =
      module({kernel("_rms_ahead", true), kernel("_rms_backward", false)});
  EXPECT_TRUE(run(Src, IW, {}).empty());
  auto F =
      run(Src, IW, {{"kernel-index-width-mismatch.ForwardMarkers", "ahead"}});
  ASSERT_EQ(F.size(), 1u);
  EXPECT_NE(F[0].Message.find("'_rms_backward'"), std::string::npos);
}

TEST_F(TritonOptions, BackwardMarkers) {
  std::string Src =
      module({kernel("_rms_forward", true), kernel("_rms_reverse", false)});
  EXPECT_TRUE(run(Src, IW, {}).empty());
  EXPECT_EQ(
      run(Src, IW, {{"kernel-index-width-mismatch.BackwardMarkers", "Reverse"}})
          .size(),
      1u);
  // A list the user gives replaces the default, gradient-part words too.
  std::string Dx = module({kernel("_ln_fwd", true), kernel("_ln_dx", false)});
  EXPECT_EQ(run(Dx, IW, {}).size(), 1u);
  EXPECT_TRUE(
      run(Dx, IW,
          {{"kernel-index-width-mismatch.BackwardMarkers", "backward;bwd"}})
          .empty());
  // An empty list keeps the default, as in the C++ check.
  EXPECT_EQ(
      run(Dx, IW, {{"kernel-index-width-mismatch.BackwardMarkers", ""}}).size(),
      1u);
}

TEST_F(TritonOptions, IgnoredNameWords) {
  std::string Src =
      module({kernel("_rms_fwd_tt", true), kernel("_rms_bwd", false)});
  EXPECT_TRUE(run(Src, IW, {}).empty());
  EXPECT_EQ(run(Src, IW,
                {{"kernel-index-width-mismatch.IgnoredNameWords", "kernel;tt"}})
                .size(),
            1u);
}

TEST_F(TritonOptions, SiblingFamilies) {
  // Two backward kernels of one operation: siblings, not a forward/backward
  // pair.
  std::string Src =
      module({kernel("_ln_bwd_dwdb", true), kernel("_ln_bwd_dx", false)});
  EXPECT_EQ(run(Src, IW, {}).size(), 1u);
  EXPECT_TRUE(
      run(Src, IW, {{"kernel-index-width-mismatch.SiblingFamilies", "false"}})
          .empty());
  // A forward/backward pair stays related without siblings.
  std::string Pair =
      module({kernel("_ln_fwd", true), kernel("_ln_bwd_dx", false)});
  EXPECT_EQ(
      run(Pair, IW, {{"kernel-index-width-mismatch.SiblingFamilies", "false"}})
          .size(),
      1u);
}

TEST_F(TritonOptions, MaxElementCount) {
  std::string Src = module({kernel("_rows", false)});
  const char *Key = "kernel-int32-offset.MaxElementCount";
  EXPECT_EQ(run(Src, "kernel-int32-offset", {}).size(), 2u);
  // A project whose tensors stay below 2^31 elements has no int32 wrap.
  EXPECT_TRUE(run(Src, "kernel-int32-offset", {{Key, "2147483647"}}).empty());
  EXPECT_EQ(run(Src, "kernel-int32-offset", {{Key, "2147483648"}}).size(), 2u);
  // A value that is no number keeps the default.
  EXPECT_EQ(run(Src, "kernel-int32-offset", {{Key, "many"}}).size(), 2u);
}

TEST_F(TritonOptions, CheckLoads) {
  std::string Src =
      module({"@triton.jit\n"
              "def tail(X, Y, n, BLOCK: tl.constexpr):\n"
              "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
              "    m = offs < n\n"
              "    x = tl.load(X + offs)\n"
              "    tl.store(Y + offs, x)\n"});
  const char *SM = "kernel-store-mask-mismatch";
  auto All = run(Src, SM, {});
  ASSERT_EQ(All.size(), 2u);
  EXPECT_NE(All[0].Message.find("tl.load"), std::string::npos);
  auto Stores =
      run(Src, SM, {{"kernel-store-mask-mismatch.CheckLoads", "false"}});
  ASSERT_EQ(Stores.size(), 1u);
  EXPECT_NE(Stores[0].Message.find("tl.store"), std::string::npos);
  EXPECT_EQ(
      run(Src, SM, {{"kernel-store-mask-mismatch.CheckLoads", "true"}}).size(),
      2u);
}

//===----------------------------------------------------------------------===//
// Across files.
//===----------------------------------------------------------------------===//

TEST_F(TritonOptions, CrossFilePairIsReportedOnceAtTheEnd) {
  // One program: the forward's module imports the backward's (appended, so
  // that line numbers stay).
  std::string Fwd = module({kernel("_rms_norm_forward_kernel", true)}) +
                    "from . import bwd\n";
  std::string Bwd = module({kernel("_rms_norm_backward_kernel", false)});
  // Not one program: neither module imports the other.
  EXPECT_TRUE(run(module({kernel("_rms_norm_forward_kernel", true)}), IW, {},
                  "ops/fwd.py")
                  .empty());
  EXPECT_TRUE(run(Bwd, IW, {}, "ops/bwd.py").empty());
  EXPECT_TRUE(crossFileTritonIndexWidthFindings().empty());
  EXPECT_TRUE(run(Fwd, IW, {}, "ops/fwd.py").empty());
  EXPECT_TRUE(run(Bwd, IW, {}, "ops/bwd.py").empty());
  std::vector<Finding> F = crossFileTritonIndexWidthFindings();
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Check, IW);
  EXPECT_EQ(F[0].Pos.File, "ops/bwd.py");
  EXPECT_EQ(F[0].Pos.Line, 9u); // the load
  EXPECT_NE(F[0].Message.find("'_rms_norm_forward_kernel' in 'ops/fwd.py'"),
            std::string::npos)
      << F[0].Message;
  ASSERT_EQ(F[0].Notes.size(), 3u);
  EXPECT_EQ(F[0].Notes[0].Pos.File, "ops/fwd.py");
  EXPECT_EQ(F[0].Notes[0].Pos.Line, 6u);
  EXPECT_EQ(F[0].Notes[1].Pos.File, "ops/bwd.py");
  EXPECT_FALSE(F[0].Notes[1].Fixes.empty());
  // The tier, from the narrow kernel's own file: a row offset of the whole
  // tensor can reach 2^31.
  EXPECT_EQ(F[0].Confidence, "medium");
  EXPECT_NE(F[0].Notes[2].Message.find("confidence medium: the narrow "
                                       "kernel's offset can reach 2^31"),
            std::string::npos)
      << F[0].Notes[2].Message;
  // The store is consumed.
  EXPECT_TRUE(crossFileTritonIndexWidthFindings().empty());
}

TEST_F(TritonOptions, CrossFileSkipsPairsDecidedInAFileAndSuppressions) {
  std::string Fwd =
      module({kernel("_rms_fwd", true)}) + "from . import bwd, rev\n";
  // Reported in its own file: not again across files.
  std::string Both =
      module({kernel("_rms_fwd", true), kernel("_rms_bwd", false)});
  EXPECT_EQ(run(Both, IW, {}, "both.py").size(), 1u);
  run(Fwd, IW, {}, "fwd.py");
  EXPECT_TRUE(crossFileTritonIndexWidthFindings().empty());
  // NOLINT on the wrapping line.
  std::string Bwd = module({kernel("_rms_bwd", false)});
  llvm::StringRef Line = "    x = tl.load(X + row * stride + cols, mask=m)";
  std::string Suppressed = Bwd;
  Suppressed.replace(Suppressed.find(Line), Line.size(),
                     Line.str() + "  # NOLINT(kernel-index-width-mismatch)");
  run(Fwd, IW, {}, "fwd.py");
  run(Suppressed, IW, {}, "bwd.py");
  EXPECT_TRUE(crossFileTritonIndexWidthFindings().empty());
  // A disabled check leaves no summary; the same file twice pairs once.
  AnalysisResult R =
      analyzePythonFile("fwd.py", Fwd, [](llvm::StringRef) { return false; });
  run(Bwd, IW, {}, "bwd.py");
  run(Bwd, IW, {}, "bwd.py");
  EXPECT_TRUE(crossFileTritonIndexWidthFindings().empty());
  run(Fwd, IW, {}, "fwd.py");
  run(Bwd, IW, {}, "bwd.py");
  run(Bwd, IW, {}, "bwd.py");
  EXPECT_EQ(crossFileTritonIndexWidthFindings().size(), 1u);
  // The options of the narrow kernel's file decide its family.
  run(Fwd, IW, {}, "fwd.py");
  run(module({kernel("_rms_reverse", false)}), IW,
      {{"kernel-index-width-mismatch.BackwardMarkers", "reverse"}}, "rev.py");
  EXPECT_EQ(crossFileTritonIndexWidthFindings().size(), 1u);
}

} // namespace

namespace {
TEST(TritonImports, ModulesAndNamesAnImportMentions) {
  std::vector<std::string> I = kerneltidy::triton::importedModuleNames(
      "import torch\n"
      "import triton.language as tl, numpy\n"
      "from .ops.layer_norm import (\n"
      "    _fwd as fwd,  # comment\n"
      "    _bwd,\n"
      ")\n"
      "from . import softmax_bwd\n"
      "x = 1  # from nowhere import nothing\n");
  for (const char *Want : {"torch", "language", "numpy", "layer_norm", "_fwd",
                           "_bwd", "softmax_bwd"})
    EXPECT_TRUE(llvm::is_contained(I, std::string(Want))) << Want;
  EXPECT_FALSE(llvm::is_contained(I, std::string("nothing")));
  EXPECT_FALSE(llvm::is_contained(I, std::string("fwd")));
}
} // namespace
