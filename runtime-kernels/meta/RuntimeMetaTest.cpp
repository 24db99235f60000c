//===- RuntimeMetaTest.cpp - every runtime claim of a fixture has a test --===//
//
// A fixture that declares 'RUNTIME: Suite.Name' claims that the GPU harness
// runs it at its boundary shape. This host-only test keeps that claim honest:
// the named test exists in the harness sources (runtime-kernels/harness/), and
// the harness compiles that very fixture file (#include "fixtures/..."). For a
// Python (Triton) fixture the name must be one the Triton runner
// (runtime-kernels/triton/*.py) knows.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRepoRoot = KT_REPO_ROOT;

std::string readFile(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The names of every 'RUNTIME: Suite.Name' directive in a fixture's text.
std::vector<std::string> runtimeDirectives(const std::string &text) {
  static const std::regex directive(
      R"((?://|#)\s*RUNTIME:\s*([A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*))");
  std::vector<std::string> names;
  for (std::sregex_iterator it(text.begin(), text.end(), directive), end;
       it != end; ++it)
    names.push_back((*it)[1]);
  return names;
}

/// 'Suite.Name' for every TEST / TEST_F / TEST_P in a harness source.
std::set<std::string> harnessTests(const std::string &text) {
  static const std::regex test(
      R"(\bTEST(?:_F|_P)?\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*,\s*([A-Za-z_][A-Za-z0-9_]*)\s*\))");
  std::set<std::string> names;
  for (std::sregex_iterator it(text.begin(), text.end(), test), end; it != end;
       ++it)
    names.insert((*it)[1].str() + "." + (*it)[2].str());
  return names;
}

/// Every '#include "fixtures/..."' in a harness source.
std::set<std::string> includedFixtures(const std::string &text) {
  static const std::regex include(R"(#include\s+"(fixtures/[^"]+)\")");
  std::set<std::string> paths;
  for (std::sregex_iterator it(text.begin(), text.end(), include), end;
       it != end; ++it)
    paths.insert((*it)[1]);
  return paths;
}

struct Harness {
  std::set<std::string> tests;
  std::set<std::string> fixtures;
  std::string triton_runner_text;
};

Harness scanHarness() {
  Harness harness;
  for (const auto &entry :
       fs::directory_iterator(kRepoRoot / "runtime-kernels" / "harness")) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cu" && ext != ".cpp" && ext != ".h")
      continue;
    const std::string text = readFile(entry.path());
    for (const auto &name : harnessTests(text))
      harness.tests.insert(name);
    for (const auto &path : includedFixtures(text))
      harness.fixtures.insert(path);
  }
  const fs::path triton = kRepoRoot / "runtime-kernels" / "triton";
  if (fs::is_directory(triton))
    for (const auto &entry : fs::directory_iterator(triton))
      if (entry.path().extension() == ".py")
        harness.triton_runner_text += readFile(entry.path());
  return harness;
}

struct RuntimeClaim {
  std::string fixture; // relative to the repo root, '/'-separated
  std::string test;
};

std::vector<RuntimeClaim> scanFixtures() {
  std::vector<RuntimeClaim> claims;
  for (const auto &entry :
       fs::recursive_directory_iterator(kRepoRoot / "fixtures")) {
    if (!entry.is_regular_file())
      continue;
    const std::string relative =
        fs::relative(entry.path(), kRepoRoot).generic_string();
    for (const auto &name : runtimeDirectives(readFile(entry.path())))
      claims.push_back({relative, name});
  }
  return claims;
}

TEST(RuntimeMetaParsing, ReadsDirectivesTestsAndIncludes) {
  EXPECT_EQ(runtimeDirectives("// RUNTIME: A.B\nint x;\n#  RUNTIME: C_1.D2\n"),
            (std::vector<std::string>{"A.B", "C_1.D2"}));
  EXPECT_TRUE(runtimeDirectives("// RUNTIME: NoDot\n").empty());
  EXPECT_EQ(harnessTests("TEST(A, B) {}\nTEST_F( C , D ) {}\nMY_TEST(E, F)"),
            (std::set<std::string>{"A.B", "C.D"}));
  EXPECT_EQ(includedFixtures("#include \"fixtures/cuda/x/y.cu\"\n"
                             "#include \"lib/report/Finding.h\"\n"),
            std::set<std::string>{"fixtures/cuda/x/y.cu"});
}

// The seeds' fixtures must keep their runtime claims: without this, deleting
// every RUNTIME header would make the tests below pass vacuously.
TEST(RuntimeMeta, SeedFixturesDeclareRuntimeTests) {
  const std::vector<RuntimeClaim> claims = scanFixtures();
  std::set<std::string> claiming;
  for (const auto &claim : claims)
    claiming.insert(claim.fixture);
  for (const char *seed : {
           "fixtures/cuda/kernel-int32-offset/seed_spatial_softmax_backward.cu",
           "fixtures/cuda/kernel-int32-offset/"
           "seed_spatial_softmax_backward.fixed.cu",
           "fixtures/cuda/kernel-store-mask-mismatch/seed_nll_loss_backward.cu",
           "fixtures/cuda/kernel-store-mask-mismatch/"
           "seed_nll_loss_backward.fixed.cu",
           "fixtures/cuda/kernel-store-mask-mismatch/seed_nll_loss2d_backward.cu",
           "fixtures/cuda/kernel-store-mask-mismatch/"
           "seed_nll_loss2d_backward.fixed.cu",
           "fixtures/cuda/kernel-narrow-accumulation/seed_nll_loss2d_forward.cu",
           "fixtures/cuda/kernel-narrow-accumulation/"
           "seed_nll_loss2d_forward.fixed.cu",
       })
    EXPECT_TRUE(claiming.count(seed)) << seed << " declares no RUNTIME test";
}

TEST(RuntimeMeta, EveryRuntimeDirectiveNamesAHarnessTest) {
  const Harness harness = scanHarness();
  ASSERT_FALSE(harness.tests.empty()) << "no TEST in runtime-kernels/harness";
  for (const auto &claim : scanFixtures()) {
    if (fs::path(claim.fixture).extension() == ".py") {
      EXPECT_NE(harness.triton_runner_text.find(claim.test), std::string::npos)
          << claim.fixture << " declares RUNTIME: " << claim.test
          << ", which no script in runtime-kernels/triton/ knows";
      continue;
    }
    EXPECT_TRUE(harness.tests.count(claim.test))
        << claim.fixture << " declares RUNTIME: " << claim.test
        << ", which is no test in runtime-kernels/harness/";
  }
}

TEST(RuntimeMeta, EveryRuntimeFixtureIsCompiledByTheHarness) {
  const Harness harness = scanHarness();
  for (const auto &claim : scanFixtures()) {
    if (fs::path(claim.fixture).extension() == ".py")
      continue;
    EXPECT_TRUE(harness.fixtures.count(claim.fixture))
        << claim.fixture << " declares RUNTIME: " << claim.test
        << " but no harness source #includes it, so the GPU test does not run "
           "this file";
  }
}

} // namespace
