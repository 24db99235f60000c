//===- HarnessSelfTest.cpp - the harness must be able to fail -------------===//
//
// A harness that never fails proves nothing. These tests feed it wrong
// expectations, unexpected findings and malformed directives, through the
// real front ends where a finding is needed, and require a failure.
//
//===----------------------------------------------------------------------===//
#include "test/FixtureHarness.h"
#include "gtest/gtest.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace kerneltidy;
using namespace kerneltidy::test;

namespace {

ToolPaths tools() {
  return {KT_CLI_PATH, KT_PLUGIN_PATH, KT_CLANG_TIDY_PATH, KT_SHIM_DIR};
}

/// Writes Text to a fresh directory and loads it as a fixture.
Fixture writeFixture(llvm::StringRef Name, llvm::StringRef Text) {
  llvm::SmallString<128> Dir;
  llvm::sys::fs::createUniqueDirectory("kt-harness", Dir);
  llvm::SmallString<128> Path(Dir);
  llvm::sys::path::append(Path, "cuda", "selftest");
  llvm::sys::fs::create_directories(Path);
  llvm::sys::path::append(Path, Name);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << Text;
  OS.close();
  return loadFixture(std::string(Dir), std::string(Path));
}

Finding finding(const std::string &File, unsigned Line, std::string Message,
                std::string Check = "kernel-int32-offset") {
  Finding F;
  F.Check = std::move(Check);
  F.Pos.File = File;
  F.Pos.Line = Line;
  F.Pos.Column = 1;
  F.Message = std::move(Message);
  return F;
}

TEST(HarnessSelfTest, ParsesOffsetsAndCheckIds) {
  bool NoDiag = false;
  std::vector<std::string> Errors;
  auto E = parseExpectations(
      "f.cu",
      "a\n"
      "// expected-warning@+1 {{can wrap}} [kernel-int32-offset]\n"
      "b // expected-note {{widen}} expected-warning {{x}}\n",
      NoDiag, Errors);
  ASSERT_TRUE(Errors.empty());
  ASSERT_EQ(E.size(), 3u);
  EXPECT_EQ(E[0].Line, 3u);
  EXPECT_EQ(E[0].Check, "kernel-int32-offset");
  EXPECT_TRUE(E[1].IsNote);
  EXPECT_EQ(E[1].Line, 3u);
  EXPECT_EQ(E[2].Substring, "x");
  EXPECT_FALSE(NoDiag);
}

TEST(HarnessSelfTest, MissingWarningFails) {
  Fixture F = writeFixture("wrong.cu", "// CHECKS: kernel-int32-offset\n"
                                       "int x; // expected-warning {{can wrap}}\n");
  // A real run: nothing in this file can wrap, so the expectation is wrong
  // and every mode must say so.
  for (Mode M : {Mode::InProcess, Mode::Cli, Mode::Plugin}) {
#ifdef KT_PLUGIN_MODE_UNAVAILABLE
    if (M == Mode::Plugin)
      continue;
#endif
    std::vector<std::string> Failures;
    auto Findings = runFixture(F, M, tools(), Failures);
    EXPECT_TRUE(Failures.empty()) << modeName(M);
    EXPECT_FALSE(compare(F, Findings).empty()) << modeName(M);
  }
}

TEST(HarnessSelfTest, UnexpectedFindingFails) {
  Fixture F = writeFixture("silent.cu", "// CHECKS: kernel-int32-offset\n"
                                        "// expected-no-diagnostics\n");
  EXPECT_TRUE(compare(F, {}).empty());
  EXPECT_FALSE(compare(F, {finding(F.Path, 2, "can wrap")}).empty());
}

TEST(HarnessSelfTest, WrongLineTextOrCheckFails) {
  Fixture F = writeFixture(
      "line.cu", "// CHECKS: kernel-int32-offset\n"
                 "int x; // expected-warning {{can wrap}} [kernel-int32-offset]\n");
  EXPECT_TRUE(compare(F, {finding(F.Path, 2, "offset can wrap")}).empty());
  EXPECT_FALSE(compare(F, {finding(F.Path, 3, "offset can wrap")}).empty());
  EXPECT_FALSE(compare(F, {finding(F.Path, 2, "something else")}).empty());
  EXPECT_FALSE(compare(F, {finding(F.Path, 2, "can wrap",
                                   "kernel-narrow-accumulation")})
                   .empty());
  // Two findings for one expectation: the second is unexpected.
  EXPECT_FALSE(compare(F, {finding(F.Path, 2, "can wrap"),
                           finding(F.Path, 2, "can wrap")})
                   .empty());
}

TEST(HarnessSelfTest, ExpectedNoteMustExist) {
  Fixture F = writeFixture(
      "note.cu", "// CHECKS: kernel-int32-offset\n"
                 "int x; // expected-warning {{can wrap}}\n"
                 "int y; // expected-note {{used here}}\n");
  Finding W = finding(F.Path, 2, "can wrap");
  EXPECT_FALSE(compare(F, {W}).empty());
  Note N;
  N.Pos.File = F.Path;
  N.Pos.Line = 3;
  N.Message = "offset used here";
  W.Notes.push_back(N);
  EXPECT_TRUE(compare(F, {W}).empty());
}

TEST(HarnessSelfTest, FixtureWithoutExpectationsIsAnError) {
  Fixture F = writeFixture("none.cu", "// CHECKS: kernel-int32-offset\nint x;\n");
  EXPECT_FALSE(compare(F, {}).empty());
  Fixture G = writeFixture("nochecks.cu", "// expected-no-diagnostics\n");
  EXPECT_FALSE(compare(G, {}).empty());
}

} // namespace
