//===- ProofManifestTest.cpp - every buggy fixture: a GPU proof or a reason ===//
//
// runtime-kernels/fixture-proofs.tsv has one row per buggy fixture (a file
// under fixtures/{cuda,hip,sycl,triton,nobuild} without
// 'expected-no-diagnostics'; *.fixit.* files are golden outputs, not
// fixtures). This host-only test fails when
//   - a buggy fixture has no row, or a row names no buggy fixture;
//   - a 'gpu' row names a gtest that runtime-kernels/harness/ does not define,
//     a C++ fixture (or its .fixed twin) that no harness source #includes, or
//     a Triton stem that run_triton_fixtures.py has no runner for;
//   - a 'pair' row names a fixture that has no 'gpu' row;
//   - a 'reason' row gives no reason;
//   - docs/runtime-validation.md has no row for a buggy fixture.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = KT_REPO_ROOT;

std::string slurp(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Row {
  std::string fixture, status, shape, note;
  std::vector<std::string> proofs;
  int line = 0;
};

std::vector<std::string> splitTabs(const std::string &line) {
  std::vector<std::string> cells;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, '\t'))
    cells.push_back(cell);
  return cells;
}

std::vector<std::string> words(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;)
    if (w != "-")
      out.push_back(w);
  return out;
}

/// Parses the manifest; malformed lines are reported in `errors`.
std::vector<Row> parseManifest(const std::string &text,
                               std::vector<std::string> &errors) {
  std::vector<Row> rows;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty() || line[0] == '#')
      continue;
    const std::vector<std::string> cells = splitTabs(line);
    if (cells.size() != 5) {
      errors.push_back("line " + std::to_string(number) + ": " +
                       std::to_string(cells.size()) + " columns, not 5");
      continue;
    }
    Row row{cells[0], cells[1], cells[3], cells[4], words(cells[2]), number};
    rows.push_back(row);
  }
  return rows;
}

bool isBuggyFixture(const fs::path &path) {
  const std::string name = path.filename().string();
  if (name.find(".fixit.") != std::string::npos)
    return false;
  static const std::set<std::string> kExtensions = {".cu", ".cuh", ".hip", ".cpp",
                                                    ".h",  ".hpp", ".py"};
  if (!kExtensions.count(path.extension().string()))
    return false;
  return slurp(path).find("expected-no-diagnostics") == std::string::npos;
}

std::set<std::string> buggyFixtures() {
  std::set<std::string> out;
  for (const char *language : {"cuda", "hip", "sycl", "triton", "nobuild"}) {
    const fs::path dir = kRoot / "fixtures" / language;
    if (!fs::is_directory(dir))
      continue;
    for (const auto &entry : fs::recursive_directory_iterator(dir))
      if (entry.is_regular_file() && isBuggyFixture(entry.path()))
        out.insert(fs::relative(entry.path(), kRoot).generic_string());
  }
  return out;
}

struct HarnessIndex {
  std::set<std::string> tests;    // Suite.Name
  std::set<std::string> includes; // fixtures/...
  std::set<std::string> runners;  // Triton stems
};

HarnessIndex indexHarness() {
  HarnessIndex index;
  static const std::regex test(
      R"(\bTEST(?:_F|_P)?\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*,\s*([A-Za-z_][A-Za-z0-9_]*)\s*\))");
  static const std::regex include(R"(#include\s+"(fixtures/[^"]+)\")");
  static const std::regex runner(R"(@runner\(\s*"([^"]+)\")");
  for (const auto &entry : fs::directory_iterator(kRoot / "runtime-kernels" / "harness")) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cu" && ext != ".cpp" && ext != ".h")
      continue;
    const std::string text = slurp(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), test), end; it != end; ++it)
      index.tests.insert((*it)[1].str() + "." + (*it)[2].str());
    for (std::sregex_iterator it(text.begin(), text.end(), include), end; it != end;
         ++it)
      index.includes.insert((*it)[1]);
  }
  const fs::path triton = kRoot / "runtime-kernels" / "triton";
  if (fs::is_directory(triton))
    for (const auto &entry : fs::directory_iterator(triton))
      if (entry.path().extension() == ".py") {
        const std::string text = slurp(entry.path());
        for (std::sregex_iterator it(text.begin(), text.end(), runner), end; it != end;
             ++it)
          index.runners.insert((*it)[1]);
      }
  return index;
}

/// 'dir/name.fixed.ext' for 'dir/name.ext'.
std::string twinOf(const std::string &fixture) {
  const fs::path path(fixture);
  return (path.parent_path() /
          (path.stem().string() + ".fixed" + path.extension().string()))
      .generic_string();
}

std::string stemOf(const std::string &fixture) { return fs::path(fixture).stem().string(); }

class ProofManifest : public ::testing::Test {
protected:
  void SetUp() override {
    const fs::path manifest = kRoot / "runtime-kernels" / "fixture-proofs.tsv";
    ASSERT_TRUE(fs::exists(manifest)) << manifest;
    std::vector<std::string> errors;
    rows = parseManifest(slurp(manifest), errors);
    for (const auto &e : errors)
      ADD_FAILURE() << "fixture-proofs.tsv " << e;
    for (const auto &row : rows)
      byFixture[row.fixture].push_back(&row);
    buggy = buggyFixtures();
  }
  std::vector<Row> rows;
  std::map<std::string, std::vector<const Row *>> byFixture;
  std::set<std::string> buggy;
};

TEST(ProofManifestParsing, ReadsRowsAndProofTokens) {
  std::vector<std::string> errors;
  const auto rows = parseManifest("# comment\n"
                                  "fixtures/a.cu\tgpu\tgtest:A.B triton:x\t1 GiB\tseen\n"
                                  "fixtures/b.py\treason\t-\t-\twhy\n"
                                  "broken\tline\n",
                                  errors);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].proofs, (std::vector<std::string>{"gtest:A.B", "triton:x"}));
  EXPECT_TRUE(rows[1].proofs.empty());
  EXPECT_EQ(errors.size(), 1u);
  EXPECT_EQ(twinOf("fixtures/x/y.cu"), "fixtures/x/y.fixed.cu");
  EXPECT_EQ(stemOf("fixtures/t/z.py"), "z");
}

TEST_F(ProofManifest, EveryBuggyFixtureHasAProofOrAReason) {
  ASSERT_GT(buggy.size(), 50u) << "fixture scan found too few buggy fixtures";
  for (const auto &fixture : buggy)
    EXPECT_EQ(byFixture.count(fixture), 1u)
        << fixture << " is a buggy fixture with no row in "
        << "runtime-kernels/fixture-proofs.tsv: add a GPU proof (gpu), the CUDA "
        << "fixture proving the same arithmetic (pair), or a written reason (reason)";
}

TEST_F(ProofManifest, EveryRowNamesOneBuggyFixture) {
  for (const auto &[fixture, list] : byFixture) {
    EXPECT_EQ(list.size(), 1u) << fixture << " has " << list.size() << " rows";
    EXPECT_TRUE(buggy.count(fixture))
        << "fixture-proofs.tsv line " << list.front()->line << ": " << fixture
        << " is not a buggy fixture (missing, renamed, or expected-no-diagnostics)";
  }
}

TEST_F(ProofManifest, GpuRowsNameExistingProofsThatRunTheFixture) {
  const HarnessIndex harness = indexHarness();
  ASSERT_FALSE(harness.tests.empty());
  for (const auto &row : rows) {
    if (row.status != "gpu")
      continue;
    EXPECT_FALSE(row.proofs.empty()) << row.fixture << ": a gpu row names no proof";
    bool cxx_proof = false;
    for (const auto &token : row.proofs) {
      const auto colon = token.find(':');
      ASSERT_NE(colon, std::string::npos) << row.fixture << ": proof '" << token << "'";
      const std::string kind = token.substr(0, colon), name = token.substr(colon + 1);
      if (kind == "gtest" || kind == "hang" || kind == "memcheck") {
        cxx_proof = true;
        EXPECT_TRUE(harness.tests.count(name))
            << row.fixture << ": " << token << " is no test in runtime-kernels/harness/";
      } else if (kind == "triton") {
        EXPECT_EQ(name, stemOf(row.fixture)) << row.fixture << ": " << token;
        EXPECT_TRUE(harness.runners.count(name))
            << row.fixture << ": no @runner(\"" << name
            << "\") in runtime-kernels/triton/";
      } else {
        ADD_FAILURE() << row.fixture << ": unknown proof kind '" << kind << "'";
      }
    }
    if (cxx_proof) {
      EXPECT_TRUE(harness.includes.count(row.fixture))
          << row.fixture << " has a gtest proof but no harness source #includes it";
      const std::string twin = twinOf(row.fixture);
      if (fs::exists(kRoot / twin))
        EXPECT_TRUE(harness.includes.count(twin))
            << twin << ": the fixed twin of a proven fixture is not run by the harness";
    }
  }
}

TEST_F(ProofManifest, PairRowsNameProvenFixturesAndReasonRowsGiveOne) {
  for (const auto &row : rows) {
    if (row.status == "pair") {
      EXPECT_FALSE(row.proofs.empty()) << row.fixture << ": a pair row names no fixture";
      for (const auto &target : row.proofs) {
        const auto it = byFixture.find(target);
        EXPECT_TRUE(it != byFixture.end() && it->second.front()->status == "gpu")
            << row.fixture << " is paired with " << target
            << ", which has no gpu row";
      }
      EXPECT_GE(row.note.size(), 20u) << row.fixture << ": say why it is paired";
    } else if (row.status == "reason") {
      EXPECT_GE(row.note.size(), 20u) << row.fixture << ": a reason row needs a reason";
    } else if (row.status != "gpu") {
      ADD_FAILURE() << row.fixture << ": status '" << row.status
                    << "' (gpu, pair or reason)";
    }
  }
}

TEST_F(ProofManifest, ValidationDocHasARowPerBuggyFixture) {
  const std::string doc = slurp(kRoot / "docs" / "runtime-validation.md");
  ASSERT_FALSE(doc.empty());
  for (const auto &fixture : buggy)
    EXPECT_NE(doc.find("| `" + fixture + "`"), std::string::npos)
        << "docs/runtime-validation.md has no table row for " << fixture
        << " (runtime-kernels/proof_table.py writes the table)";
}

} // namespace
