//===- LoopTripCount.h - how many times a loop runs, when it is known -*- C++ -*-===//
//
// The trip count of a counted 'for' loop whose start, bound and step are
// integer constants ('for (int k = 0; k < 4; ++k)', 'for (int o = 16; o > 0;
// o >>= 1)'), found by running the loop's arithmetic on the constants. Any
// other loop -- a runtime bound, a 'while', a bound a template leaves open --
// has no known count: callers treat it as data-sized.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_LOOPTRIPCOUNT_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_LOOPTRIPCOUNT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include <cstdint>
#include <optional>

namespace kerneltidy {

struct LoopTripCount {
  /// The induction variable the loop counts with, when it has one.
  const clang::VarDecl *Induction = nullptr;
  /// The number of iterations, when start, bound and step are constants.
  std::optional<uint64_t> Count;
};

/// What is known of Loop's iterations. Counts are simulated up to a cap;
/// a loop that runs longer is given the cap.
LoopTripCount loopTripCount(const clang::Stmt *Loop,
                            const clang::ASTContext &Ctx);

/// The cap loopTripCount simulates to.
constexpr uint64_t LoopTripCountCap = 1u << 20;

} // namespace kerneltidy

#endif
