//===- FixtureTest.cpp - every fixture through every front end ------------===//
//
// One test per fixture and mode, discovered at ctest time, so a new file
// under fixtures/ needs no CMake edit.
//
//===----------------------------------------------------------------------===//
#include "test/FixtureHarness.h"
#include "gtest/gtest.h"
#include "llvm/ADT/StringExtras.h"

using namespace kerneltidy::test;

namespace {

struct Case {
  std::string Path;
  Mode M;
};

void PrintTo(const Case &C, std::ostream *OS) {
  *OS << C.Path << " (" << modeName(C.M) << ")";
}

ToolPaths tools() {
  return {KT_CLI_PATH, KT_PLUGIN_PATH, KT_CLANG_TIDY_PATH, KT_SHIM_DIR};
}

std::vector<Case> allCases() {
  std::vector<Case> Cases;
  for (const std::string &P : discoverFixtures(KT_FIXTURES_DIR)) {
    Fixture F = loadFixture(KT_FIXTURES_DIR, P);
    for (Mode M : F.Modes)
      Cases.push_back({P, M});
  }
  return Cases;
}

std::string caseName(const testing::TestParamInfo<Case> &Info) {
  Fixture F = loadFixture(KT_FIXTURES_DIR, Info.param.Path);
  std::string Name = F.RelativePath + "__" + modeName(Info.param.M);
  for (char &C : Name)
    if (!llvm::isAlnum(C))
      C = '_';
  return Name;
}

class FixtureTest : public testing::TestWithParam<Case> {};

TEST_P(FixtureTest, MatchesExpectations) {
#ifdef KT_PLUGIN_MODE_UNAVAILABLE
  if (GetParam().M == Mode::Plugin)
    GTEST_SKIP() << KT_PLUGIN_MODE_UNAVAILABLE;
#endif
  Fixture F = loadFixture(KT_FIXTURES_DIR, GetParam().Path);
  std::vector<std::string> Failures;
  std::vector<kerneltidy::Finding> Findings =
      runFixture(F, GetParam().M, tools(), Failures);
  for (const std::string &Line : compare(F, Findings))
    Failures.push_back(Line);
  // A known failure (a false positive or a missed bug pinned with XFAIL) must
  // keep failing: when it starts passing, the pin is removed deliberately.
  if (!F.XFail.empty()) {
    if (Failures.empty())
      ADD_FAILURE() << F.RelativePath << " (" << modeName(GetParam().M)
                    << ") passes but is marked XFAIL (" << F.XFail
                    << "): remove the XFAIL line";
    return;
  }
  if (!Failures.empty())
    ADD_FAILURE() << F.RelativePath << " (" << modeName(GetParam().M)
                  << "):\n  " << llvm::join(Failures, "\n  ");
}

INSTANTIATE_TEST_SUITE_P(Fixtures, FixtureTest, testing::ValuesIn(allCases()),
                         caseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(FixtureTest);

} // namespace
