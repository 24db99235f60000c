//===- LoopTripCount.cpp - how many times a loop runs ----------------------===//
#include "lib/frontend/clang/LoopTripCount.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace kerneltidy {
namespace {

std::optional<int64_t> constantValue(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

const VarDecl *referencedVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// 'int k = 0' or 'k = 0'.
const VarDecl *initialised(const Stmt *Init, const ASTContext &Ctx,
                           std::optional<int64_t> &Start) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    if (!DS->isSingleDecl())
      return nullptr;
    const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (V && V->hasInit())
      Start = constantValue(V->getInit(), Ctx);
    return V;
  }
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Init))
    if (BO->getOpcode() == BO_Assign) {
      Start = constantValue(BO->getRHS(), Ctx);
      return referencedVar(BO->getLHS());
    }
  return nullptr;
}

/// One step of the increment, or false when it is not a simple one.
bool step(const Expr *Inc, const VarDecl *V, const ASTContext &Ctx,
          BinaryOperatorKind &Op, int64_t &By) {
  if (!Inc)
    return false;
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
    if (referencedVar(UO->getSubExpr()) != V)
      return false;
    By = 1;
    Op = UO->isIncrementOp() ? BO_AddAssign : BO_SubAssign;
    return UO->isIncrementDecrementOp();
  }
  if (const auto *CAO = dyn_cast<CompoundAssignOperator>(Inc)) {
    if (referencedVar(CAO->getLHS()) != V)
      return false;
    std::optional<int64_t> C = constantValue(CAO->getRHS(), Ctx);
    if (!C)
      return false;
    By = *C;
    Op = CAO->getOpcode();
    return true;
  }
  return false;
}

} // namespace

LoopTripCount loopTripCount(const Stmt *Loop, const ASTContext &Ctx) {
  LoopTripCount Out;
  const auto *For = dyn_cast_or_null<ForStmt>(Loop);
  if (!For)
    return Out;
  std::optional<int64_t> Start;
  const VarDecl *V = initialised(For->getInit(), Ctx, Start);
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!V || !Cond || referencedVar(Cond->getLHS()) != V)
    return Out;
  Out.Induction = V;
  std::optional<int64_t> Bound = constantValue(Cond->getRHS(), Ctx);
  BinaryOperatorKind Op;
  int64_t By = 0;
  if (!Start || !Bound || !step(For->getInc(), V, Ctx, Op, By))
    return Out;
  auto Holds = [&](int64_t I) {
    switch (Cond->getOpcode()) {
    case BO_LT: return I < *Bound;
    case BO_LE: return I <= *Bound;
    case BO_GT: return I > *Bound;
    case BO_GE: return I >= *Bound;
    case BO_NE: return I != *Bound;
    default: return false;
    }
  };
  int64_t I = *Start;
  uint64_t N = 0;
  while (Holds(I) && N < LoopTripCountCap) {
    ++N;
    const int64_t Before = I;
    switch (Op) {
    case BO_AddAssign:
      if (__builtin_add_overflow(I, By, &I))
        N = LoopTripCountCap;
      break;
    case BO_SubAssign:
      if (__builtin_sub_overflow(I, By, &I))
        N = LoopTripCountCap;
      break;
    case BO_MulAssign:
      if (__builtin_mul_overflow(I, By, &I))
        N = LoopTripCountCap;
      break;
    case BO_DivAssign: I = By ? I / By : I; break;
    case BO_ShrAssign: I = (By >= 0 && By < 63) ? I >> By : I; break;
    case BO_ShlAssign:
      if (By < 0 || By >= 62 || I > (INT64_MAX >> By) || I < (INT64_MIN >> By))
        N = LoopTripCountCap;
      else
        I = I << By;
      break;
    default: return Out;
    }
    if (I == Before) // a step that does not move: the loop never ends here
      return Out;
  }
  Out.Count = N;
  return Out;
}

} // namespace kerneltidy
