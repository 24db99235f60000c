//===- TritonFixtureTest.cpp - fixtures/triton through the library
//---------===//
//
// A light driver of the fixtures under fixtures/triton that calls
// analyzePythonFile directly (no CLI, no Clang), so the Triton front end can
// be tested on its own. The repository's harness (test/FixtureTest.cpp) runs
// the same fixtures through the in-process driver and the CLI; this one reads
// the same directives (docs/fixtures.md) with the same meaning. A fixture
// with `WITH:` siblings is analysed together with them, as one run: every
// file through analyzePythonFile, then crossFileTritonIndexWidthFindings.
// An XFAIL that pins the driver's missing call of that function (its reason
// names it) does not stop this driver, which makes the call itself.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonChecks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <algorithm>
#include <gtest/gtest.h>
#include <set>
#include <tuple>

using namespace kerneltidy;

namespace {

struct Expect {
  std::string File;
  unsigned Line;
  bool IsNote;
  std::string Substring;
  std::string Check;
};

struct ParsedFixture {
  std::vector<std::string> Checks;
  std::vector<std::string> With; // sibling files, as paths
  std::string XFail;
  std::vector<Expect> Expected;
  bool NoDiagnostics = false;
};

ParsedFixture parse(llvm::StringRef Text, llvm::StringRef File) {
  ParsedFixture P;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  static const llvm::Regex Directive(
      "expected-(warning|note)(@([+-][0-9]+))?[ \t]*\\{\\{(.*)\\}\\}"
      "([ \t]*\\[([a-z0-9-]+)\\])?");
  for (unsigned I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I];
    size_t Hash = Line.find('#');
    if (Hash == llvm::StringRef::npos)
      continue;
    llvm::StringRef Comment = Line.substr(Hash);
    if (size_t C = Comment.find("CHECKS:"); C != llvm::StringRef::npos) {
      llvm::SmallVector<llvm::StringRef, 4> Ids;
      Comment.substr(C + 7).split(Ids, ',');
      for (llvm::StringRef Id : Ids)
        P.Checks.push_back(Id.trim().str());
    }
    if (size_t W = Comment.find("WITH:"); W != llvm::StringRef::npos) {
      llvm::SmallVector<llvm::StringRef, 2> Names;
      Comment.substr(W + 5).split(Names, ',');
      for (llvm::StringRef N : Names) {
        llvm::SmallString<256> Sibling(llvm::sys::path::parent_path(File));
        llvm::sys::path::append(Sibling, N.trim());
        P.With.push_back(std::string(Sibling));
      }
    }
    if (size_t X = Comment.find("XFAIL:"); X != llvm::StringRef::npos)
      P.XFail = Comment.substr(X + 6).trim().str();
    if (Comment.contains("expected-no-diagnostics"))
      P.NoDiagnostics = true;
    llvm::SmallVector<llvm::StringRef, 8> M;
    if (!Directive.match(Comment, &M))
      continue;
    int Offset = 0;
    if (!M[3].empty())
      Offset = std::stoi(M[3].str());
    // A substring ends at the first "}}".
    llvm::StringRef Sub = M[4];
    Sub = Sub.substr(0, Sub.find("}}"));
    P.Expected.push_back({File.str(), unsigned(int(I) + 1 + Offset),
                          M[1] == "note", Sub.str(),
                          M.size() > 6 ? M[6].str() : ""});
  }
  return P;
}

std::vector<std::string> fixtureFiles() {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator
           It(KT_TRITON_FIXTURE_DIR, EC),
       End;
       It != End && !EC; It.increment(EC))
    if (llvm::StringRef(It->path()).ends_with(".py"))
      Files.push_back(It->path());
  // Siblings named by a WITH: run with their fixture, not on their own.
  std::set<std::string> Siblings;
  for (const std::string &F : Files)
    if (auto Buffer = llvm::MemoryBuffer::getFile(F))
      for (const std::string &W : parse((*Buffer)->getBuffer(), F).With)
        Siblings.insert(W);
  llvm::erase_if(Files,
                 [&](const std::string &F) { return Siblings.count(F); });
  std::sort(Files.begin(), Files.end());
  return Files;
}

class TritonFixture : public ::testing::TestWithParam<std::string> {};

TEST_P(TritonFixture, MatchesExpectations) {
  auto Buffer = llvm::MemoryBuffer::getFile(GetParam());
  ASSERT_TRUE(bool(Buffer)) << GetParam();
  llvm::StringRef Text = (*Buffer)->getBuffer();
  ParsedFixture P = parse(Text, GetParam());
  if (!P.XFail.empty() &&
      !llvm::StringRef(P.XFail).contains("crossFileTritonIndexWidthFindings"))
    GTEST_SKIP() << "pinned with XFAIL: the fixture harness (kt_fixture_tests) "
                    "checks that it keeps failing";
  ASSERT_FALSE(P.Checks.empty()) << "fixture lacks a CHECKS: line";
  std::set<std::string> Enabled(P.Checks.begin(), P.Checks.end());
  auto IsEnabled = [&](llvm::StringRef Id) {
    return Enabled.count(Id.str()) > 0;
  };
  // One run: the fixture and its siblings, then the whole-run pairs.
  triton::clearTritonIndexWidthSummaries();
  std::vector<Finding> Findings;
  std::vector<Expect> Expected = P.Expected;
  bool NoDiagnostics = P.NoDiagnostics;
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Siblings;
  std::vector<std::pair<std::string, llvm::StringRef>> Files = {
      {GetParam(), Text}};
  for (const std::string &W : P.With) {
    auto SB = llvm::MemoryBuffer::getFile(W);
    ASSERT_TRUE(bool(SB)) << "WITH: file " << W << " does not exist";
    Siblings.push_back(std::move(*SB));
    llvm::StringRef SText = Siblings.back()->getBuffer();
    ParsedFixture SP = parse(SText, W);
    Expected.insert(Expected.end(), SP.Expected.begin(), SP.Expected.end());
    NoDiagnostics &= SP.NoDiagnostics;
    Files.push_back({W, SText});
  }
  ASSERT_TRUE(NoDiagnostics == Expected.empty())
      << "a fixture needs expectations or 'expected-no-diagnostics', not both";
  for (const auto &[Path, Source] : Files) {
    AnalysisResult R = triton::analyzePythonFile(Path, Source, IsEnabled);
    EXPECT_TRUE(R.Errors.empty()) << Path;
    Findings.insert(Findings.end(), R.Findings.begin(), R.Findings.end());
  }
  for (Finding &F : triton::crossFileTritonIndexWidthFindings())
    Findings.push_back(std::move(F));
  std::vector<bool> Used(Findings.size(), false);
  for (const Expect &E : Expected) {
    bool Found = false;
    for (size_t I = 0; I < Findings.size() && !Found; ++I) {
      const Finding &F = Findings[I];
      if (!E.Check.empty() && F.Check != E.Check)
        continue;
      if (!E.IsNote) {
        if (!Used[I] && F.Pos.File == E.File && F.Pos.Line == E.Line &&
            llvm::StringRef(F.Message).contains(E.Substring))
          Found = Used[I] = true;
      } else {
        for (const Note &N : F.Notes)
          Found |= N.Pos.File == E.File && N.Pos.Line == E.Line &&
                   llvm::StringRef(N.Message).contains(E.Substring);
      }
    }
    EXPECT_TRUE(Found) << "expected " << (E.IsNote ? "note" : "warning")
                       << " not reported at " << E.File << ":" << E.Line
                       << ": {{" << E.Substring << "}}";
  }
  for (size_t I = 0; I < Findings.size(); ++I)
    EXPECT_TRUE(Used[I]) << "unexpected finding at " << Findings[I].Pos.File
                         << ":" << Findings[I].Pos.Line << ": "
                         << Findings[I].Message << " [" << Findings[I].Check
                         << "]";
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

/// Text without expectation comments (`# expected-...` to the line end) and
/// without lines that only held one, so a case and its golden compare.
std::string withoutExpectations(llvm::StringRef Text) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I];
    size_t At = Line.find("# expected-");
    if (At != llvm::StringRef::npos) {
      Line = Line.substr(0, At).rtrim();
      if (Line.empty())
        continue;
    }
    Out += Line.str();
    if (I + 1 < Lines.size())
      Out += '\n';
  }
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
  ParsedFixture P = parse((*CaseBuf)->getBuffer(), Case);
  std::set<std::string> Enabled(P.Checks.begin(), P.Checks.end());
  AnalysisResult R = triton::analyzePythonFile(
      Case, (*CaseBuf)->getBuffer(),
      [&](llvm::StringRef Id) { return Enabled.count(Id.str()) > 0; });
  ASSERT_FALSE(R.Findings.empty());
  std::string Fixed = applyFixes((*CaseBuf)->getBuffer(), R);
  EXPECT_EQ(withoutExpectations(Fixed),
            withoutExpectations((*GoldenBuf)->getBuffer()));
}

std::vector<std::string> fixitFiles() {
  std::vector<std::string> Out;
  for (const std::string &F : fixtureFiles())
    if (llvm::StringRef(F).ends_with(".fixit.py"))
      Out.push_back(F);
  return Out;
}

std::string testName(const ::testing::TestParamInfo<std::string> &Info) {
  llvm::StringRef Rel = Info.param;
  Rel.consume_front(KT_TRITON_FIXTURE_DIR);
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
