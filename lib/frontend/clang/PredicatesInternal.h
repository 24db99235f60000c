//===- PredicatesInternal.h - helpers of the two predicate files -*- C++ -*-===//
//
// Shared by Predicates.cpp and PredicateDependencies.cpp only: the walks'
// bounds and the expression helpers both halves use.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_PREDICATESINTERNAL_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_PREDICATESINTERNAL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"

namespace kerneltidy::predicates_detail {

constexpr unsigned MaxChainDepth = 16;
constexpr unsigned QueryBudget = 4000;

/// Parens, implicit casts, cleanups and temporaries: what never changes a
/// value's meaning for us.
const clang::Expr *stripImplicit(const clang::Expr *E);

/// Also explicit casts and '__builtin_expect(x, c)' (C10_UNLIKELY and
/// friends), for conditions.
const clang::Expr *stripCondition(const clang::Expr *E);

/// The comparison with its operands swapped ('a < b' is 'b > a').
clang::BinaryOperatorKind swapOp(clang::BinaryOperatorKind Op);

/// 'min', 'max', 'clamp' and their integer spellings.
bool isClampName(llvm::StringRef Name);

/// E evaluates to an integer or floating zero.
bool isZeroConstant(const clang::Expr *E, clang::ASTContext &Ctx);

} // namespace kerneltidy::predicates_detail

#endif
