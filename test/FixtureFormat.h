//===- FixtureFormat.h - Clang -verify style fixtures -----------*- C++ -*-===//
//
// Reads a fixture's header directives and inline expectations (see
// docs/fixtures.md) and compares findings with expectations. Every front end
// produces the same kerneltidy::Finding list, so one comparison serves them
// all. Front-end free: FixtureHarness.h runs the fixtures.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_TEST_FIXTUREFORMAT_H
#define KERNEL_TIDY_TEST_FIXTUREFORMAT_H

#include "lib/report/Finding.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace kerneltidy::test {

enum class Mode { InProcess, Cli, Plugin };
const char *modeName(Mode M);

struct Expectation {
  std::string File; // absolute path
  unsigned Line = 0;
  bool IsNote = false;
  std::string Substring;
  std::string Check; // empty: any enabled check
};

struct Fixture {
  std::string Path;                 // absolute path of the main file
  std::string RelativePath;         // below fixtures/
  std::vector<std::string> Checks;  // CHECKS:
  std::vector<std::string> Args;    // ARGS:
  std::vector<std::string> With;    // WITH: absolute paths
  std::vector<Mode> Modes;          // MODES: or the language default
  std::string Runtime;              // RUNTIME:
  /// CONFIDENCE: the tiers shown (default 'all': a fixture pins what a rule
  /// finds; 'default' pins what a user sees without options).
  std::string Confidence = "all";
  /// OPTIONS: check options, 'check-id.Option=value' (the keys of
  /// `.kernel-tidy.yaml`'s CheckOptions), given to every mode.
  std::vector<std::pair<std::string, std::string>> Options;
  std::string XFail;                // XFAIL: why it is known to fail
  std::vector<Expectation> Expected;
  bool ExpectNoDiagnostics = false;
  std::vector<std::string> ParseErrors; // malformed directives
};

/// Parses Path and its WITH: siblings. Never throws; problems go to
/// ParseErrors.
Fixture loadFixture(const std::string &FixturesRoot, const std::string &Path);

/// All fixture main files under Root whose path IsSource accepts (WITH:
/// siblings excluded), sorted.
std::vector<std::string>
discoverFixtures(const std::string &Root,
                 llvm::function_ref<bool(llvm::StringRef)> IsSource);

/// Expectation directives in one file's text (exposed for the self-test).
std::vector<Expectation> parseExpectations(const std::string &File,
                                           const std::string &Text,
                                           bool &NoDiagnostics,
                                           std::vector<std::string> &Errors);

/// Compares; returns one human-readable line per mismatch (empty: pass).
std::vector<std::string> compare(const Fixture &F,
                                 const std::vector<Finding> &Findings);

/// Text without its expectation comments (`// expected-...` or
/// `# expected-...` to the line end; lines holding nothing else go
/// entirely), every line right-trimmed and ended by '\n': what a case and its
/// `.fixit.` golden twin are compared on (docs/fixtures.md).
std::string withoutExpectations(llvm::StringRef Text);

/// A file's contents; empty when it cannot be read.
std::string readFile(const std::string &Path);

/// Path with links resolved; Path itself when it does not exist.
std::string realPath(llvm::StringRef Path);

} // namespace kerneltidy::test

#endif
