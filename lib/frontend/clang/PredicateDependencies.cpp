//===- PredicateDependencies.cpp - what a value depends on ----------------===//
//
// The second half of FunctionPredicates (Predicates.h): the atoms of a
// condition, the values and loads a value depends on and the conditions on
// the way (dependencies, valueGates, loadsFeeding), constant-like and loaded
// indices, and whether two expressions are the same. Bounded like the rest
// (chain depth, a node budget per query).
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/Predicates.h"
#include "lib/frontend/clang/DepthLimit.h"
#include "lib/frontend/clang/PredicatesInternal.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace kerneltidy {

using namespace predicates_detail;

std::vector<Atom> FunctionPredicates::atoms(const Condition &C) const {
  std::vector<Atom> Out;
  SmallVector<const VarDecl *, 8> Stack;
  atomize(C.Cond, C.Positive, Out, Stack);
  return Out;
}

std::vector<Atom> FunctionPredicates::atoms(ArrayRef<Condition> Cs) const {
  std::vector<Atom> Out;
  for (const Condition &C : Cs) {
    SmallVector<const VarDecl *, 8> Stack;
    atomize(C.Cond, C.Positive, Out, Stack);
  }
  return Out;
}

std::vector<Dependency> FunctionPredicates::dependencies(const Expr *E) const {
  std::vector<Dependency> Out;
  std::vector<Condition> Path;
  SmallVector<const VarDecl *, 8> Stack;
  unsigned Budget = QueryBudget;
  collectDependencies(E, Path, false, Out, Stack, Budget);
  return Out;
}

void FunctionPredicates::collectDependencies(
    const Expr *E, std::vector<Condition> &Path, bool Clamped,
    std::vector<Dependency> &Out, SmallVectorImpl<const VarDecl *> &Stack,
    unsigned &Budget) const {
  if (!E || Budget == 0 || isa<LambdaExpr>(E) ||
      isa<UnaryExprOrTypeTraitExpr>(E))
    return;
  --Budget;
  auto Recurse = [&](const Stmt *Child, bool ChildClamped) {
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      collectDependencies(CE, Path, ChildClamped, Out, Stack, Budget);
  };

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // The condition selects between the arms; the address is made of the
    // arms ('valid ? t : 0' reaches 't' only under 'valid').
    Path.push_back({CO->getCond(), true, CO});
    Recurse(CO->getTrueExpr(), Clamped);
    Path.back().Positive = false;
    Recurse(CO->getFalseExpr(), Clamped);
    Path.pop_back();
    return;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_LAnd || B->getOpcode() == BO_LOr) {
      Recurse(B->getLHS(), Clamped);
      Path.push_back({B->getLHS(), B->getOpcode() == BO_LAnd, B});
      Recurse(B->getRHS(), Clamped);
      Path.pop_back();
      return;
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    StringRef Name = calleeName(Call);
    if (isClampName(Name) || (Name.starts_with("std") && isClampName(Name))) {
      for (const Expr *Arg : Call->arguments())
        Recurse(Arg, true);
      return;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return;
    Out.push_back({VD->getCanonicalDecl(), DRE, Path, Clamped});
    const VarDecl *Canon = VD->getCanonicalDecl();
    if (!isLocalToBody(VD) || Stack.size() > MaxChainDepth ||
        llvm::is_contained(Stack, Canon))
      return;
    Stack.push_back(Canon);
    if (VD->getInit())
      Recurse(VD->getInit(), Clamped);
    auto It = Assignments.find(Canon);
    if (It != Assignments.end()) {
      for (const Assignment &A : It->second) {
        if (!A.RHS || Budget == 0)
          continue;
        size_t Mark = Path.size();
        for (Condition &C : controlFacts(A.Expr))
          Path.push_back(C);
        Recurse(A.RHS, Clamped);
        Path.resize(Mark);
      }
    }
    Stack.pop_back();
    return;
  }
  for (const Stmt *Child : E->children())
    Recurse(Child, Clamped);
}

std::vector<Condition>
FunctionPredicates::valueGates(const Expr *Value) const {
  std::vector<Condition> Out;
  SmallVector<const VarDecl *, 8> Stack;
  unsigned Budget = QueryBudget;
  collectGates(Value, Out, nullptr, Stack, Budget);
  return Out;
}

std::vector<const Expr *>
FunctionPredicates::loadsFeeding(const Expr *Value) const {
  std::vector<Condition> Gates;
  std::vector<const Expr *> Loads;
  SmallVector<const VarDecl *, 8> Stack;
  unsigned Budget = QueryBudget;
  collectGates(Value, Gates, &Loads, Stack, Budget);
  return Loads;
}

void FunctionPredicates::collectGates(const Expr *E,
                                      std::vector<Condition> &Out,
                                      std::vector<const Expr *> *Loads,
                                      SmallVectorImpl<const VarDecl *> &Stack,
                                      unsigned &Budget) const {
  if (!E || Budget == 0 || isa<LambdaExpr>(E) ||
      isa<UnaryExprOrTypeTraitExpr>(E) || E->containsErrors())
    return;
  --Budget;
  auto Recurse = [&](const Expr *Child) {
    collectGates(Child, Out, Loads, Stack, Budget);
  };
  E = E->IgnoreParens();

  if (isMemoryLValue(E)) {
    // The loaded value; its address is not part of the value's gates.
    if (Loads && !llvm::is_contained(*Loads, E))
      Loads->push_back(E);
    return;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const Expr *T = CO->getTrueExpr(), *F = CO->getFalseExpr();
    bool TrueConst = isConstantLike(T), FalseConst = isConstantLike(F);
    if (FalseConst && !TrueConst) {
      Out.push_back({CO->getCond(), true, CO});
      Recurse(T);
    } else if (TrueConst && !FalseConst) {
      Out.push_back({CO->getCond(), false, CO});
      Recurse(F);
    } else if (TrueConst && FalseConst) {
      if (isZeroConstant(F, Ctx))
        Out.push_back({CO->getCond(), true, CO});
      else if (isZeroConstant(T, Ctx))
        Out.push_back({CO->getCond(), false, CO});
    } else {
      Recurse(T);
      Recurse(F);
    }
    return;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Mul || B->getOpcode() == BO_MulAssign) {
      for (const Expr *Operand : {B->getLHS(), B->getRHS()}) {
        const Expr *Stripped = stripCondition(Operand);
        if (Stripped && !Stripped->getType().isNull() &&
            Stripped->getType()->isBooleanType())
          Out.push_back({Stripped, true, B});
        else
          Recurse(Operand);
      }
      return;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !isLocalToBody(VD))
      return;
    const VarDecl *Canon = VD->getCanonicalDecl();
    if (Stack.size() > MaxChainDepth || llvm::is_contained(Stack, Canon))
      return;
    Stack.push_back(Canon);
    if (VD->getInit())
      Recurse(VD->getInit());
    auto It = Assignments.find(Canon);
    if (It != Assignments.end()) {
      for (const Assignment &A : It->second) {
        // 'g = 0; if (valid) g = x;': the assignment's context gates g.
        for (Condition &C : controlFacts(A.Expr))
          Out.push_back(C);
        if (A.RHS)
          Recurse(A.RHS);
      }
    }
    Stack.pop_back();
    return;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      Recurse(CE);
}

bool FunctionPredicates::isConstantLike(const Expr *E) const {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = stripImplicit(E)->IgnoreParenCasts();
    if (!E || E->containsErrors())
      return false;
    if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr,
            CharacterLiteral, CXXNullPtrLiteralExpr>(E))
      return true;
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      if (Construct->getNumArgs() == 0)
        return true; // T(): value-initialised
      if (Construct->getNumArgs() != 1)
        return false;
      E = Construct->getArg(0);
      continue;
    }
    if (const auto *Unresolved = dyn_cast<CXXUnresolvedConstructExpr>(E)) {
      if (Unresolved->getNumArgs() != 1)
        return Unresolved->getNumArgs() == 0;
      E = Unresolved->getArg(0);
      continue;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      // Conversions of a constant: __float2half(0.f), static_cast-like calls.
      if (Call->getNumArgs() != 1 || isa<CXXMemberCallExpr>(Call))
        return false;
      E = Call->getArg(0);
      continue;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) {
        E = U->getSubExpr();
        continue;
      }
    if (E->isValueDependent() || E->isTypeDependent())
      return false;
    return E->isEvaluatable(Ctx);
  }
  return false;
}

/// True for the variable of 'for (int s : {a, b, c})': its values are
/// listed in the source, not read from an index tensor, although clang
/// initialises it by dereferencing the list's hidden iterator.
static bool iteratesBracedList(const VarDecl *V) {
  const auto *Deref = dyn_cast_or_null<UnaryOperator>(
      V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr);
  if (!Deref || Deref->getOpcode() != UO_Deref)
    return false;
  const auto *Begin = dyn_cast<DeclRefExpr>(Deref->getSubExpr()->IgnoreImplicit());
  const auto *BeginVar = Begin ? dyn_cast<VarDecl>(Begin->getDecl()) : nullptr;
  if (!BeginVar || !BeginVar->isImplicit() || !BeginVar->getInit())
    return false;
  // '__begin1 = __range1.begin()' (or '__range1' itself for arrays).
  const Expr *Init = BeginVar->getInit()->IgnoreImplicit();
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(Init))
    Init = Call->getImplicitObjectArgument()->IgnoreImplicit();
  const auto *Range = dyn_cast<DeclRefExpr>(Init);
  const auto *RangeVar = Range ? dyn_cast<VarDecl>(Range->getDecl()) : nullptr;
  if (!RangeVar || !RangeVar->isImplicit() || !RangeVar->getInit())
    return false;
  const Expr *List = RangeVar->getInit()->IgnoreImplicit();
  return isa<CXXStdInitializerListExpr>(List) || isa<InitListExpr>(List);
}

/// 'for (int64_t j = offsets[s]; j < offsets[s + 1]; ++j)': a loop's
/// induction variable counts through the loop's range; what it starts from
/// (a segment offset read from memory) or steps by ('i +=
/// item.get_global_range()[0]') does not make it an index read from memory.
bool FunctionPredicates::isLoopCounter(const VarDecl *V) const {
  const DeclStmt *DS = localDeclStmt(V);
  const auto *For = DS ? dyn_cast_or_null<ForStmt>(localParent(DS)) : nullptr;
  return For && For->getInit() == DS && For->getCond() && For->getInc();
}

bool isThreadPositionQueryName(StringRef Callee) {
  return Callee.starts_with("get_local_id") ||
         Callee.starts_with("get_global_id") ||
         Callee.starts_with("get_group") || Callee == "get_local_linear_id" ||
         Callee == "get_global_linear_id" || Callee == "__lane_id";
}

bool FunctionPredicates::readsThreadPosition(const Expr *E) const {
  SmallVector<const Stmt *, 16> Work{E};
  SmallVector<const VarDecl *, 8> Seen;
  unsigned Budget = QueryBudget;
  while (!Work.empty() && Budget-- > 0) {
    const Stmt *S = Work.pop_back_val();
    // A value read from memory ('cu_seqlens[blockIdx.y]') is data, whatever
    // position indexes it.
    if (!S || isa<LambdaExpr>(S) ||
        (isa<Expr>(S) && isMemoryLValue(cast<Expr>(S)->IgnoreParens())))
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      StringRef Name = DRE->getDecl()->getName();
      if (Name == "threadIdx" || Name == "blockIdx")
        return true;
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !isLocalToBody(VD) ||
          llvm::is_contained(Seen, VD->getCanonicalDecl()) ||
          Seen.size() >= MaxChainDepth)
        continue;
      Seen.push_back(VD->getCanonicalDecl());
      if (isLoopCounter(VD))
        return true;
      if (VD->getInit())
        Work.push_back(VD->getInit());
      continue;
    }
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (isThreadPositionQueryName(calleeName(Call)))
        return true;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

bool FunctionPredicates::isLoadedIndex(const VarDecl *V) const {
  if (!isLocalToBody(V) || iteratesBracedList(V) || isLoopCounter(V))
    return false;
  SmallVector<const Expr *, 8> Work;
  SmallVector<const VarDecl *, 8> Seen{V->getCanonicalDecl()};
  if (V->getInit())
    Work.push_back(V->getInit());
  auto It = Assignments.find(V->getCanonicalDecl());
  if (It != Assignments.end())
    for (const Assignment &A : It->second)
      if (A.RHS)
        Work.push_back(A.RHS);
  unsigned Budget = QueryBudget;
  while (!Work.empty() && Budget-- > 0) {
    const Expr *E = Work.pop_back_val();
    if (!E || isa<LambdaExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E))
      continue;
    if (isMemoryLValue(E->IgnoreParens())) {
      QualType T = E->getType();
      if (!T.isNull() && (T->isDependentType() ||
                          T->isIntegralOrUnscopedEnumerationType()))
        return true;
      continue; // a float read is not an index
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      // 'in_bounds ? target[i] : 0': the arms are the value, not the test.
      Work.push_back(CO->getTrueExpr());
      Work.push_back(CO->getFalseExpr());
      continue;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (calleeName(Call) == "__ldg" || isClampName(calleeName(Call))) {
        if (calleeName(Call) == "__ldg")
          return true;
        continue; // a clamped value is not read raw
      }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && isLocalToBody(VD) && VD->getInit() &&
          !llvm::is_contained(Seen, VD->getCanonicalDecl()) &&
          Seen.size() < MaxChainDepth) {
        Seen.push_back(VD->getCanonicalDecl());
        Work.push_back(VD->getInit());
      }
      continue;
    }
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        Work.push_back(CE);
  }
  return false;
}

BoundKind FunctionPredicates::boundOn(const Atom &A, const VarDecl *V,
                                      const Expr **Other,
                                      BinaryOperatorKind *NormalisedOp) {
  if (!A.isComparison() || !V)
    return BoundKind::None;
  auto IsV = [&](const Expr *E) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripCondition(E));
    return DRE && DRE->getDecl()->getCanonicalDecl() == V->getCanonicalDecl();
  };
  bool Left = IsV(A.LHS), Right = IsV(A.RHS);
  if (Left == Right)
    return BoundKind::None;
  BinaryOperatorKind Op = Left ? A.Op : swapOp(A.Op);
  if (Other)
    *Other = Left ? A.RHS : A.LHS;
  if (NormalisedOp)
    *NormalisedOp = Op;
  switch (Op) {
  case BO_GT:
  case BO_GE: return BoundKind::Lower;
  case BO_LT:
  case BO_LE: return BoundKind::Upper;
  case BO_NE: return BoundKind::NotEqual;
  case BO_EQ: return BoundKind::Equal;
  default: return BoundKind::None;
  }
}

bool FunctionPredicates::sameExpr(const Expr *A, const Expr *B) const {
  A = A ? stripCondition(A) : nullptr;
  B = B ? stripCondition(B) : nullptr;
  if (A == B)
    return true;
  if (!A || !B || A->containsErrors() || B->containsErrors())
    return false;
  if (!A->isValueDependent() && !B->isValueDependent() &&
      A->getType()->isIntegralOrEnumerationType() &&
      B->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult RA, RB;
    bool CA = A->EvaluateAsInt(RA, Ctx), CB = B->EvaluateAsInt(RB, Ctx);
    if (CA && CB)
      return llvm::APSInt::isSameValue(RA.Val.getInt(), RB.Val.getInt());
    if (CA != CB)
      return false;
  }
  if (A->getStmtClass() != B->getStmtClass())
    return false;
  if (const auto *DA = dyn_cast<DeclRefExpr>(A))
    return DA->getDecl()->getCanonicalDecl() ==
           cast<DeclRefExpr>(B)->getDecl()->getCanonicalDecl();
  if (const auto *FA = dyn_cast<FloatingLiteral>(A))
    return FA->getValue().bitwiseIsEqual(cast<FloatingLiteral>(B)->getValue());
  bool Shallow = false;
  if (const auto *BA = dyn_cast<BinaryOperator>(A))
    Shallow = BA->getOpcode() == cast<BinaryOperator>(B)->getOpcode();
  else if (const auto *UA = dyn_cast<UnaryOperator>(A))
    Shallow = UA->getOpcode() == cast<UnaryOperator>(B)->getOpcode();
  else if (const auto *MA = dyn_cast<MemberExpr>(A))
    Shallow = MA->getMemberDecl() == cast<MemberExpr>(B)->getMemberDecl();
  else if (isa<CallExpr, ArraySubscriptExpr>(A))
    Shallow = true;
  if (!Shallow) {
    llvm::FoldingSetNodeID IA, IB;
    A->Profile(IA, Ctx, /*Canonical=*/true);
    B->Profile(IB, Ctx, /*Canonical=*/true);
    return IA == IB;
  }
  auto CA = A->children(), CB = B->children();
  auto IA = CA.begin(), IB = CB.begin();
  for (; IA != CA.end() && IB != CB.end(); ++IA, ++IB) {
    const auto *EA = dyn_cast_or_null<Expr>(*IA);
    const auto *EB = dyn_cast_or_null<Expr>(*IB);
    if (!EA || !EB) {
      if (*IA != *IB)
        return false;
      continue;
    }
    if (!sameExpr(EA, EB))
      return false;
  }
  return IA == CA.end() && IB == CB.end();
}

bool FunctionPredicates::implies(ArrayRef<Atom> Facts, const Atom &A,
                                 const VarDecl *V) const {
  if (!A.isComparison()) {
    return llvm::any_of(Facts, [&](const Atom &F) {
      return !F.isComparison() && F.Positive == A.Positive &&
             sameExpr(F.Origin, A.Origin);
    });
  }
  auto Equivalent = [&](const Atom &F) {
    if (!F.isComparison())
      return false;
    return (F.Op == A.Op && sameExpr(F.LHS, A.LHS) && sameExpr(F.RHS, A.RHS)) ||
           (F.Op == swapOp(A.Op) && sameExpr(F.LHS, A.RHS) &&
            sameExpr(F.RHS, A.LHS));
  };
  auto Constant = [&](const Expr *E) -> std::optional<llvm::APSInt> {
    if (!E || E->isValueDependent() || E->containsErrors() ||
        !E->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    Expr::EvalResult R;
    if (!E->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    return R.Val.getInt().extOrTrunc(128);
  };

  const Expr *Sentinel = nullptr;
  BoundKind Kind = boundOn(A, V, &Sentinel);
  bool HasLower = false, HasUpper = false;
  for (const Atom &F : Facts) {
    if (Equivalent(F))
      return true;
    const Expr *Bound = nullptr;
    BinaryOperatorKind Op = BO_EQ;
    BoundKind FK = boundOn(F, V, &Bound, &Op);
    if (FK == BoundKind::None || Kind == BoundKind::None)
      continue;
    if (FK == BoundKind::Equal)
      return true; // V pinned to a value the kernel chose
    HasLower |= FK == BoundKind::Lower;
    HasUpper |= FK == BoundKind::Upper;
    if (FK == Kind && (Kind == BoundKind::Lower || Kind == BoundKind::Upper))
      return true;
    if (Kind == BoundKind::NotEqual && (FK == BoundKind::Lower ||
                                        FK == BoundKind::Upper)) {
      // 'e >= 0' excludes the sentinel -1; 't < C' does not exclude C - 1.
      auto S = Constant(Sentinel), Bnd = Constant(Bound);
      if (S && Bnd) {
        llvm::APSInt SV = *S, BV = *Bnd;
        SV.setIsSigned(true);
        BV.setIsSigned(true);
        if ((Op == BO_GE && BV > SV) || (Op == BO_GT && BV >= SV) ||
            (Op == BO_LT && BV <= SV) || (Op == BO_LE && BV < SV))
          return true;
      }
    }
  }
  return Kind != BoundKind::None && HasLower && HasUpper;
}

} // namespace kerneltidy
