//===- MetaTest.cpp - every registered check is complete ------------------===//
//
// A check is more than a class: it needs a doc page, a positive fixture, a
// silent fixed twin for each positive fixture, and -- for hazards that show
// at run time -- a fixture wired to a GPU test. These tests read
// checks/Checks.def through the catalog and fail when a piece is missing.
//
//===----------------------------------------------------------------------===//
#include "checks/CheckCatalog.h"
#include "test/FixtureHarness.h"
#include "gtest/gtest.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace kerneltidy {
// gtest prints parameters through ADL-found PrintTo.
void PrintTo(const CheckInfo &C, std::ostream *OS) { *OS << C.Id.str(); }
} // namespace kerneltidy

using namespace kerneltidy;
using namespace kerneltidy::test;

namespace {

std::string rootPath(llvm::StringRef Rel) {
  llvm::SmallString<256> P(KT_FIXTURES_DIR);
  llvm::sys::path::remove_filename(P);
  llvm::sys::path::append(P, Rel);
  return std::string(P);
}

struct CheckFixtures {
  std::vector<Fixture> Positive, Silent;
};

/// Fixtures of one check id, in every language folder.
CheckFixtures fixturesOf(llvm::StringRef Id, llvm::StringRef OnlyLanguage = "") {
  CheckFixtures Out;
  for (const std::string &P : discoverFixtures(KT_FIXTURES_DIR)) {
    Fixture F = loadFixture(KT_FIXTURES_DIR, P);
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    llvm::StringRef(F.RelativePath).split(Parts, '/');
    if (Parts.size() < 3 || Parts[1] != Id)
      continue;
    if (!OnlyLanguage.empty() && Parts[0] != OnlyLanguage)
      continue;
    (F.ExpectNoDiagnostics ? Out.Silent : Out.Positive).push_back(F);
  }
  return Out;
}

class MetaTest : public testing::TestWithParam<CheckInfo> {};

TEST_P(MetaTest, HasDocPage) {
  std::string Doc = rootPath(("docs/checks/" + GetParam().Id + ".md").str());
  EXPECT_TRUE(llvm::sys::fs::exists(Doc)) << "missing " << Doc;
}

TEST_P(MetaTest, HasPositiveFixtureAndFixedTwins) {
  CheckFixtures C = fixturesOf(GetParam().Id);
  EXPECT_FALSE(C.Positive.empty()) << "no fixture expects a finding";
  EXPECT_FALSE(C.Silent.empty()) << "no silent fixture";
  // Every buggy case.ext has its case.fixed.ext twin, and the twin is silent.
  for (const Fixture &F : C.Positive) {
    llvm::StringRef Path(F.Path);
    // Goldens, pinned false positives and pinned misses (XFAIL) have no
    // fixed twin: they document what the check gets wrong.
    if (Path.contains(".fixit.") || Path.contains("known_fp_") ||
        !F.XFail.empty())
      continue;
    std::string Ext = llvm::sys::path::extension(Path).str();
    std::string Twin = Path.drop_back(Ext.size()).str() + ".fixed" + Ext;
    bool IsWithSibling = false;
    for (const Fixture &G : C.Positive)
      for (const std::string &W : G.With)
        IsWithSibling |= W == F.Path;
    if (!llvm::sys::fs::exists(Twin)) {
      ADD_FAILURE() << F.RelativePath << " has no fixed twin " << Twin;
      continue;
    }
    Fixture T = loadFixture(KT_FIXTURES_DIR, Twin);
    EXPECT_TRUE(T.ExpectNoDiagnostics || IsWithSibling)
        << Twin << " must say expected-no-diagnostics";
  }
}

TEST_P(MetaTest, TritonFixturesWhenTritonImplements) {
  if (!GetParam().TritonImplemented)
    GTEST_SKIP() << GetParam().Id.str()
                 << " is not implemented by the Triton front end yet";
  CheckFixtures C = fixturesOf(GetParam().Id, "triton");
  EXPECT_FALSE(C.Positive.empty());
  EXPECT_FALSE(C.Silent.empty());
}

TEST_P(MetaTest, RuntimeEvidenceForRuntimeObservableHazards) {
  // Width, masked store and precision hazards corrupt results at run time;
  // the asymmetry hazard is a contract between kernels, observable only
  // through the width hazard it lets in.
  if (GetParam().Hazard == "A")
    GTEST_SKIP() << "hazard A is observed through hazard W's runtime test";
  CheckFixtures C = fixturesOf(GetParam().Id);
  bool HasRuntime = false;
  for (const Fixture &F : C.Positive)
    HasRuntime |= !F.Runtime.empty();
  EXPECT_TRUE(HasRuntime) << "no positive fixture declares 'RUNTIME:'";
  EXPECT_TRUE(llvm::sys::fs::exists(rootPath("docs/runtime-validation.md")))
      << "runtime results are recorded in docs/runtime-validation.md";
}

std::string checkName(const testing::TestParamInfo<CheckInfo> &Info) {
  std::string N = Info.param.Id.str();
  for (char &C : N)
    if (C == '-')
      C = '_';
  return N;
}

INSTANTIATE_TEST_SUITE_P(Checks, MetaTest,
                         testing::ValuesIn(checkCatalog().begin(),
                                           checkCatalog().end()),
                         checkName);

} // namespace
