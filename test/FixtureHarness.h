//===- FixtureHarness.h - run fixtures through a front end ------*- C++ -*-===//
//
// Runs a fixture (test/FixtureFormat.h) through one front end: the
// in-process driver, the CLI or the clang-tidy plugin.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_TEST_FIXTUREHARNESS_H
#define KERNEL_TIDY_TEST_FIXTUREHARNESS_H

#include "test/FixtureFormat.h"

namespace kerneltidy::test {

/// All fixture main files under Root with an analysable extension.
std::vector<std::string> discoverFixtures(const std::string &Root);

struct ToolPaths {
  std::string Cli;
  std::string Plugin;
  std::string ClangTidy;
  std::string ShimDir;
};

/// Runs the fixture through one front end. Errors (the tool failed to run
/// or produced unreadable output) go to Failures.
std::vector<Finding> runFixture(const Fixture &F, Mode M,
                                const ToolPaths &Tools,
                                std::vector<std::string> &Failures);

} // namespace kerneltidy::test

#endif
