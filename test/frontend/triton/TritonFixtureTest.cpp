//===- TritonFixtureTest.cpp - fixtures/triton through the library
//---------===//
//
// A light driver of the fixtures under fixtures/triton that calls
// analyzePythonFile directly (no CLI, no Clang), so the Triton front end can
// be tested on its own. The repository's harness (test/FixtureTest.cpp) runs
// the same fixtures through the in-process driver and the CLI; both read and
// compare them with test/FixtureFormat.h (docs/fixtures.md). A fixture
// with `WITH:` siblings is analysed together with them, as one run: every
// file through analyzePythonFile, then crossFileTritonIndexWidthFindings.
// An XFAIL that pins the driver's missing call of that function (its reason
// names it) does not stop this driver, which makes the call itself.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonChecks.h"
#include "lib/model/Confidence.h"
#include "test/FixtureFormat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include "llvm/Support/Path.h"
#include <algorithm>
#include <gtest/gtest.h>
#include <set>
#include <tuple>

using namespace kerneltidy;

namespace {

using kerneltidy::test::Fixture;

Fixture load(const std::string &Path) {
  return kerneltidy::test::loadFixture(KT_TRITON_FIXTURE_DIR, Path);
}

std::vector<std::string> fixtureFiles() {
  return kerneltidy::test::discoverFixtures(
      KT_TRITON_FIXTURE_DIR,
      [](llvm::StringRef P) { return P.ends_with(".py"); });
}

class TritonFixture : public ::testing::TestWithParam<std::string> {};

TEST_P(TritonFixture, MatchesExpectations) {
  Fixture F = load(GetParam());
  if (!F.XFail.empty() &&
      !llvm::StringRef(F.XFail).contains("crossFileTritonIndexWidthFindings"))
    GTEST_SKIP() << "pinned with XFAIL: the fixture harness (kt_fixture_tests) "
                    "checks that it keeps failing";
  std::set<std::string> Enabled(F.Checks.begin(), F.Checks.end());
  auto IsEnabled = [&](llvm::StringRef Id) {
    return Enabled.count(Id.str()) > 0;
  };
  // One run: the fixture and its siblings, then the whole-run pairs.
  triton::clearTritonIndexWidthSummaries();
  std::vector<Finding> Findings;
  std::vector<std::string> Files = {F.Path};
  Files.insert(Files.end(), F.With.begin(), F.With.end());
  for (const std::string &Path : Files) {
    std::string Source = kerneltidy::test::readFile(Path);
    std::map<std::string, std::string> Options(F.Options.begin(),
                                               F.Options.end());
    AnalysisResult R =
        triton::analyzePythonFile(Path, Source, IsEnabled, Options);
    EXPECT_TRUE(R.Errors.empty()) << Path;
    Findings.insert(Findings.end(), R.Findings.begin(), R.Findings.end());
  }
  for (Finding &Fi : triton::crossFileTritonIndexWidthFindings())
    Findings.push_back(std::move(Fi));
  // The tiers the fixture shows (CONFIDENCE:, default 'all'), as the CLI
  // filters them.
  auto Shown = kerneltidy::ConfidenceFilter::parseOrDefaults(F.Confidence);
  llvm::erase_if(Findings, [&](const Finding &Fi) {
    auto Tier = kerneltidy::parseConfidenceName(Fi.Confidence);
    return Tier ? !Shown.shows(Fi.Check, kerneltidy::FrontEnd::Triton, *Tier)
                : !Shown.showsUntiered(Fi.Check, kerneltidy::FrontEnd::Triton);
  });
  for (const std::string &Mismatch : kerneltidy::test::compare(F, Findings))
    ADD_FAILURE() << Mismatch;
}

/// Applies every fix (warning and note fixes) to Text, identical edits once.
std::string applyFixes(llvm::StringRef Text, const AnalysisResult &R) {
  std::vector<Replacement> All;
  for (const Finding &F : R.Findings) {
    All.insert(All.end(), F.Fixes.begin(), F.Fixes.end());
    for (const Note &N : F.Notes)
      All.insert(All.end(), N.Fixes.begin(), N.Fixes.end());
  }
  std::sort(All.begin(), All.end(),
            [](const Replacement &A, const Replacement &B) {
              return std::tie(A.Offset, A.Length, A.Text) <
                     std::tie(B.Offset, B.Length, B.Text);
            });
  All.erase(std::unique(All.begin(), All.end(),
                        [](const Replacement &A, const Replacement &B) {
                          return A.Offset == B.Offset && A.Length == B.Length &&
                                 A.Text == B.Text;
                        }),
            All.end());
  std::string Out = Text.str();
  // Back to front, so earlier offsets stay valid.
  for (auto It = All.rbegin(); It != All.rend(); ++It)
    Out.replace(It->Offset, It->Length, It->Text);
  return Out;
}

class TritonFixit : public ::testing::TestWithParam<std::string> {};

// `<case>.fixit.py` is the golden result of applying every fix offered on
// `<case>.py`; it also runs as a fixture of its own (it must be silent).
TEST_P(TritonFixit, FixesProduceTheGolden) {
  std::string Golden = GetParam();
  std::string Case = Golden.substr(0, Golden.size() - 9) + ".py";
  auto CaseBuf = llvm::MemoryBuffer::getFile(Case);
  auto GoldenBuf = llvm::MemoryBuffer::getFile(Golden);
  ASSERT_TRUE(CaseBuf && GoldenBuf) << Case;
  Fixture P = load(Case);
  std::set<std::string> Enabled(P.Checks.begin(), P.Checks.end());
  AnalysisResult R = triton::analyzePythonFile(
      Case, (*CaseBuf)->getBuffer(),
      [&](llvm::StringRef Id) { return Enabled.count(Id.str()) > 0; });
  ASSERT_FALSE(R.Findings.empty());
  std::string Fixed = applyFixes((*CaseBuf)->getBuffer(), R);
  EXPECT_EQ(kerneltidy::test::withoutExpectations(Fixed),
            kerneltidy::test::withoutExpectations((*GoldenBuf)->getBuffer()));
}

std::vector<std::string> fixitFiles() {
  std::vector<std::string> Out;
  for (const std::string &F : fixtureFiles())
    if (llvm::StringRef(F).ends_with(".fixit.py"))
      Out.push_back(F);
  return Out;
}

std::string testName(const ::testing::TestParamInfo<std::string> &Info) {
  static const std::string Root =
      kerneltidy::test::realPath(KT_TRITON_FIXTURE_DIR);
  llvm::StringRef Rel = Info.param;
  Rel.consume_front(Root);
  std::string Name;
  for (char C : Rel.drop_front())
    Name += llvm::isAlnum(C) ? C : '_';
  return Name;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, TritonFixture,
                         ::testing::ValuesIn(fixtureFiles()), testName);
INSTANTIATE_TEST_SUITE_P(Fixits, TritonFixit, ::testing::ValuesIn(fixitFiles()),
                         testName);

} // namespace
