//===- TritonTestSupport.h - helpers of the Triton model tests -*- C++ -*-===//
//
// Shared by TritonParseTest.cpp and TritonModelTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_TEST_TRITON_TRITONTESTSUPPORT_H
#define KERNEL_TIDY_TEST_TRITON_TRITONTESTSUPPORT_H

#include "checks/triton/TritonChecks.h"
#include "lib/frontend/triton/TritonValues.h"

#include <deque>
#include <gtest/gtest.h>
#include <string>

namespace kerneltidy::triton::modeltest {


/// The model refers into its source (names are StringRefs), and callers pass
/// temporaries: keep every source alive for the whole run.
inline std::unique_ptr<TritonModule> build(llvm::StringRef Source) {
  static std::deque<std::string> Sources;
  Sources.emplace_back(Source.str());
  auto M = TritonModule::build(Sources.back());
  EXPECT_TRUE(M && M->parsed());
  return M;
}

/// The value bound last to Name in function F.
inline NodeId valueOf(const JitFunction &F, llvm::StringRef Name) {
  NodeId V = NoNode;
  for (const Binding &B : F.Bindings)
    if (B.Name == Name)
      V = B.Value;
  return V;
}

inline ValueFacts factsOf(const TritonModule &M, llvm::StringRef Fn,
                   llvm::StringRef Name) {
  const JitFunction *F = M.function(Fn);
  EXPECT_NE(F, nullptr);
  FunctionAnalysis A(M, *F);
  return A.facts(valueOf(*F, Name));
}

inline const char *Header = "import triton\nimport triton.language as tl\n\n";
} // namespace kerneltidy::triton::modeltest

#endif
