//===- Predicates.cpp - validity predicates and value gates ---------------===//
//
// See Predicates.h for the vocabulary. The walks below are bounded (depth of
// local-variable chains, a node budget per query) so that a pathological body
// costs a little precision, never time. This file indexes a body's accesses
// and decides the conditions that control a statement; what a value depends
// on is PredicateDependencies.cpp's.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/StandIns.h"
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
namespace predicates_detail {

/// Parens, implicit casts, cleanups and temporaries: what never changes a
/// value's meaning for us.
const Expr *stripImplicit(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Next))
      Next = Cleanups->getSubExpr();
    else if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = Temp->getSubExpr();
    else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = Bind->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

/// Also explicit casts and '__builtin_expect(x, c)' (C10_UNLIKELY and
/// friends), for conditions.
const Expr *stripCondition(const Expr *E) {
  while (E) {
    const Expr *Next = stripImplicit(E)->IgnoreParenCasts();
    if (const auto *Call = dyn_cast<CallExpr>(Next))
      if (Call->getNumArgs() == 2 && calleeName(Call) == "__builtin_expect")
        Next = Call->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

bool isComparisonOp(BinaryOperatorKind Op) {
  return BinaryOperator::isComparisonOp(Op) && Op != BO_Cmp;
}

BinaryOperatorKind negateOp(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GE;
  case BO_GE: return BO_LT;
  case BO_GT: return BO_LE;
  case BO_LE: return BO_GT;
  case BO_EQ: return BO_NE;
  case BO_NE: return BO_EQ;
  default: return Op;
  }
}

BinaryOperatorKind swapOp(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GT;
  case BO_GT: return BO_LT;
  case BO_LE: return BO_GE;
  case BO_GE: return BO_LE;
  default: return Op;
  }
}

std::optional<BinaryOperatorKind> overloadedComparison(OverloadedOperatorKind K) {
  switch (K) {
  case OO_Less: return BO_LT;
  case OO_LessEqual: return BO_LE;
  case OO_Greater: return BO_GT;
  case OO_GreaterEqual: return BO_GE;
  case OO_EqualEqual: return BO_EQ;
  case OO_ExclaimEqual: return BO_NE;
  default: return std::nullopt;
  }
}

bool isExitCallName(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
             .Cases("__trap", "__builtin_trap", "abort", "exit", "_Exit", true)
             .Cases("__builtin_unreachable", "__assert_fail", "__assertfail",
                    "__assert_rtn", "_wassert", true)
             .Cases("__assert_func", "__devicelib_assert_fail", true)
             .Default(false);
}

bool isExitCall(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(stripImplicit(E));
  if (!Call)
    return false;
  if (const FunctionDecl *FD = Call->getDirectCallee())
    if (FD->isNoReturn())
      return true;
  return isExitCallName(calleeName(Call));
}

bool containsExitCall(const Stmt *S, unsigned Depth = 0) {
  if (!S || Depth > 32)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    if (isExitCall(E))
      return true;
  for (const Stmt *Child : S->children())
    if (containsExitCall(Child, Depth + 1))
      return true;
  return false;
}

const ValueDecl *baseDecl(const Expr *E) {
  E = E ? E->IgnoreParens() : nullptr;
  const Expr *Base = nullptr;
  if (const auto *A = dyn_cast_or_null<ArraySubscriptExpr>(E))
    Base = A->getBase();
  else if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(E))
    Base = Op->getNumArgs() > 0 ? Op->getArg(0) : nullptr;
  else if (const auto *U = dyn_cast_or_null<UnaryOperator>(E))
    Base = U->getSubExpr();
  else if (const auto *M = dyn_cast_or_null<MemberExpr>(E))
    return M->isArrow() ? baseDecl(M->getBase()) : baseDecl(M->getBase());
  if (!Base)
    return nullptr;
  Base = Base->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
    return DRE->getDecl();
  if (const auto *M = dyn_cast<MemberExpr>(Base))
    return M->getMemberDecl();
  if (const auto *B = dyn_cast<BinaryOperator>(Base)) // *(p + i)
    if (B->isAdditiveOp())
      return baseDecl(B->getLHS()) ? baseDecl(B->getLHS())
                                   : nullptr;
  return nullptr;
}

/// The unqualified name of a (possibly dependent) class type.
StringRef typeName(QualType T) {
  if (T.isNull())
    return {};
  T = T.getNonReferenceType();
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    if (const TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl())
      return TD->getName();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
    if (RD->getIdentifier())
      return RD->getName();
  return {};
}

bool isAtomicRefType(QualType T) {
  StringRef Name = typeName(T);
  return Name == "atomic_ref";
}

/// The lvalue an atomic_ref object refers to: its constructor argument.
const Expr *atomicRefTarget(const Expr *Obj, unsigned Depth = 0) {
  if (!Obj || Depth > 4)
    return nullptr;
  Obj = stripImplicit(Obj);
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Obj))
    return atomicRefTarget(Cast->getSubExpr(), Depth + 1);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Obj))
    return Construct->getNumArgs() > 0 ? Construct->getArg(0) : nullptr;
  if (const auto *Unresolved = dyn_cast<CXXUnresolvedConstructExpr>(Obj))
    return Unresolved->getNumArgs() > 0 ? Unresolved->getArg(0) : nullptr;
  if (const auto *List = dyn_cast<ParenListExpr>(Obj))
    return List->getNumExprs() > 0 ? List->getExpr(0) : nullptr;
  if (const auto *Init = dyn_cast<InitListExpr>(Obj))
    return Init->getNumInits() > 0 ? Init->getInit(0) : nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return atomicRefTarget(VD->getInit(), Depth + 1);
  return nullptr;
}

/// The object and method name of a member call, also unresolved ones.
std::pair<const Expr *, StringRef> memberCallParts(const CallExpr *Call) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    StringRef Name;
    if (const CXXMethodDecl *MD = MC->getMethodDecl())
      if (MD->getIdentifier())
        Name = MD->getName();
    return {MC->getImplicitObjectArgument(), Name};
  }
  const Expr *Callee = Call->getCallee() ? Call->getCallee()->IgnoreParens()
                                         : nullptr;
  if (const auto *M = dyn_cast_or_null<MemberExpr>(Callee))
    if (M->getMemberDecl()->getIdentifier())
      return {M->getBase(), M->getMemberDecl()->getName()};
  if (const auto *D = dyn_cast_or_null<CXXDependentScopeMemberExpr>(Callee))
    if (D->getMember().isIdentifier())
      return {D->isImplicitAccess() ? nullptr : D->getBase(),
              D->getMember().getAsIdentifierInfo()->getName()};
  if (const auto *U = dyn_cast_or_null<UnresolvedMemberExpr>(Callee))
    if (U->getMemberName().isIdentifier())
      return {U->isImplicitAccess() ? nullptr : U->getBase(),
              U->getMemberName().getAsIdentifierInfo()->getName()};
  return {nullptr, {}};
}

bool isAtomicRefWrite(StringRef Method) {
  return Method.starts_with("fetch_") || Method == "store" ||
         Method == "exchange" || Method.starts_with("compare_exchange");
}

bool isCudaAtomicName(StringRef Name) {
  return Name.starts_with("atomic") || Name.starts_with("__atomic_") ||
         Name.starts_with("__hip_atomic_") || Name == "gpuAtomicAdd" ||
         Name == "fastAtomicAdd" || Name == "unsafeAtomicAdd" ||
         Name == "safeAtomicAdd";
}

bool isClampName(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("min", "max", "clamp", "umin", "umax", true)
      .Cases("llmin", "llmax", "imin", "imax", true)
      .Default(false);
}

bool isZeroConstant(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->containsErrors())
    return false;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx))
    return false;
  if (R.Val.isInt())
    return R.Val.getInt().isZero();
  if (R.Val.isFloat())
    return R.Val.getFloat().isZero();
  return false;
}

} // namespace predicates_detail

using namespace predicates_detail;

std::optional<BinaryOperatorKind> asComparison(const Stmt *S, const Expr *&L,
                                               const Expr *&R) {
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(S);
      B && isComparisonOp(B->getOpcode())) {
    L = B->getLHS();
    R = B->getRHS();
    return B->getOpcode();
  }
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(S);
      Op && Op->getNumArgs() == 2)
    if (auto K = overloadedComparison(Op->getOperator())) {
      L = Op->getArg(0);
      R = Op->getArg(1);
      return K;
    }
  return std::nullopt;
}

/// An lvalue that names memory through an address: 'p[i]', '*p', 'acc[i]',
/// 'p[i].x', 'p->x' (not 'this->x').
bool isMemoryLValue(const Expr *E) {
  E = E ? E->IgnoreParens() : nullptr;
  if (!E)
    return false;
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    return Op->getOperator() == OO_Subscript;
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (M->isArrow())
      return !isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts());
    return isMemoryLValue(M->getBase());
  }
  return false;
}

llvm::StringRef calleeName(const CallExpr *Call) {
  if (!Call)
    return {};
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD->getIdentifier() ? FD->getName() : StringRef();
  const Expr *Callee = Call->getCallee();
  Callee = Callee ? Callee->IgnoreParenImpCasts() : nullptr;
  if (const auto *ULE = dyn_cast_or_null<UnresolvedLookupExpr>(Callee))
    return ULE->getName().isIdentifier()
               ? ULE->getName().getAsIdentifierInfo()->getName()
               : StringRef();
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Callee))
    return DRE->getDecl()->getIdentifier() ? DRE->getDecl()->getName()
                                           : StringRef();
  return {};
}

bool alwaysExits(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, ContinueStmt, BreakStmt, GotoStmt>(S))
    return true;
  if (const auto *E = dyn_cast<Expr>(S))
    return isExitCall(E) || isa<CXXThrowExpr>(stripImplicit(E));
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return llvm::any_of(C->body(), [](const Stmt *B) { return alwaysExits(B); });
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getElse() && alwaysExits(If->getThen()) &&
           alwaysExits(If->getElse());
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return alwaysExits(A->getSubStmt());
  return false;
}

FunctionPredicates::FunctionPredicates(const Stmt *Body, ASTContext &Ctx)
    : Body(Body), Ctx(Ctx) {
  if (Body)
    index(Body);
  // Part of the body was too deep to index: its facts are incomplete, so
  // no access of this body is judged on them.
  if (IndexTooDeep)
    Accesses.clear();
}

void FunctionPredicates::addAccess(Access A) {
  if (!A.Expr || A.Expr->containsErrors() || !A.Address ||
      containsStandIn(A.Address))
    return;
  if (!A.Base)
    A.Base = baseDecl(A.Address->IgnoreParenImpCasts());
  Accesses.push_back(A);
}

void FunctionPredicates::index(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S) || isa<UnaryExprOrTypeTraitExpr>(S))
    return;
  AnalysisDepthGuard Depth;
  if (Depth.exceeded()) {
    IndexTooDeep = true;
    return;
  }

  auto NoteAssignment = [&](const Expr *Target, const Expr *RHS,
                            const Expr *Whole) {
    if (const auto *DRE =
            dyn_cast_or_null<DeclRefExpr>(Target->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Assignments[VD->getCanonicalDecl()].push_back({RHS, Whole});
  };

  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (B->isAssignmentOp()) {
      NoteAssignment(B->getLHS(), B->getRHS(), B);
      if (isMemoryLValue(B->getLHS()))
        addAccess({AccessKind::Store, B, B->getLHS(), B->getRHS()});
    }
  } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    if (U->isIncrementDecrementOp()) {
      NoteAssignment(U->getSubExpr(), nullptr, U);
      if (isMemoryLValue(U->getSubExpr()))
        addAccess({AccessKind::Store, U, U->getSubExpr(), nullptr});
    }
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S)) {
    OverloadedOperatorKind K = Op->getOperator();
    bool Assigns = K == OO_Equal || (K >= OO_PlusEqual && K <= OO_PipeEqual) ||
                   K == OO_LessLessEqual || K == OO_GreaterGreaterEqual;
    bool Steps = K == OO_PlusPlus || K == OO_MinusMinus;
    if ((Assigns || Steps) && Op->getNumArgs() >= 1) {
      const Expr *Target = Op->getArg(0);
      const Expr *RHS = Assigns && Op->getNumArgs() > 1 ? Op->getArg(1)
                                                        : nullptr;
      NoteAssignment(Target, RHS, Op);
      if (isAtomicRefType(Target->getType())) {
        if (const Expr *Addr = atomicRefTarget(Target))
          addAccess({AccessKind::Atomic, Op, Addr, RHS, nullptr,
                     getOperatorSpelling(K)});
      } else if (isMemoryLValue(Target)) {
        addAccess({AccessKind::Store, Op, Target, RHS});
      }
    }
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    auto [Object, Method] = memberCallParts(Call);
    if (Object && !Method.empty() && isAtomicRefType(Object->getType())) {
      if (const Expr *Addr = atomicRefTarget(Object)) {
        if (isAtomicRefWrite(Method)) {
          unsigned ValueArg = Method.starts_with("compare_exchange") ? 1 : 0;
          addAccess({AccessKind::Atomic, Call, Addr,
                     Call->getNumArgs() > ValueArg ? Call->getArg(ValueArg)
                                                   : nullptr,
                     nullptr, Method});
        } else if (Method == "load") {
          addAccess({AccessKind::Load, Call, Addr, nullptr});
        }
      }
    } else if (!Object) {
      StringRef Name = calleeName(Call);
      if (isCudaAtomicName(Name) && Call->getNumArgs() >= 2) {
        bool Fast = Name == "fastAtomicAdd";
        unsigned ValueArg = Fast ? 3
                            : (Name.contains("CAS") || Name.contains("compare"))
                                ? 2
                                : 1;
        const Expr *Addr = Fast ? Call->getArg(1) : Call->getArg(0);
        Access A{AccessKind::Atomic, Call, Addr,
                 Call->getNumArgs() > ValueArg ? Call->getArg(ValueArg)
                                               : nullptr,
                 nullptr, Name};
        if (Fast)
          A.Base = baseDecl(Call->getArg(0));
        addAccess(A);
      } else if ((Name == "__ldg" || Name.starts_with("__ldc") ||
                  Name.starts_with("__ldcs")) &&
                 Call->getNumArgs() == 1) {
        addAccess({AccessKind::Load, Call, Call->getArg(0), nullptr});
      }
    }
  } else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S)) {
    if (Cast->getCastKind() == CK_LValueToRValue &&
        isMemoryLValue(Cast->getSubExpr()))
      addAccess({AccessKind::Load, Cast->getSubExpr()->IgnoreParens(),
                 Cast->getSubExpr()->IgnoreParens(), nullptr});
  }

  for (const Stmt *Child : S->children())
    index(Child);
}

bool FunctionPredicates::isLocalToBody(const VarDecl *V) const {
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V);
}

SmallVector<const Expr *, 4>
FunctionPredicates::definitionsOf(const VarDecl *V, bool *Stepped) const {
  SmallVector<const Expr *, 4> Out;
  if (Stepped)
    *Stepped = false;
  if (!isLocalToBody(V))
    return Out;
  if (V->getInit())
    Out.push_back(V->getInit());
  auto It = Assignments.find(V->getCanonicalDecl());
  if (It != Assignments.end())
    for (const Assignment &A : It->second) {
      if (A.RHS)
        Out.push_back(A.RHS);
      else if (Stepped)
        *Stepped = true;
    }
  return Out;
}

const Expr *FunctionPredicates::singleDefinition(const VarDecl *V) const {
  if (!isLocalToBody(V) || !V->getInit())
    return nullptr;
  auto It = Assignments.find(V->getCanonicalDecl());
  if (It != Assignments.end() && !It->second.empty())
    return nullptr;
  return V->getInit();
}

void FunctionPredicates::buildParents() const {
  {
    ParentsBuilt = true;
    // The children index() walks, first parent kept (as Clang's parent map
    // keeps its first); nested lambdas are not entered, as index() does not.
    SmallVector<const Stmt *, 64> Work;
    if (Body)
      Work.push_back(Body);
    while (!Work.empty()) {
      const Stmt *P = Work.pop_back_val();
      if (isa<LambdaExpr>(P))
        continue;
      if (const auto *DS = dyn_cast<DeclStmt>(P))
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            DeclStmts.try_emplace(V, DS);
      for (const Stmt *Child : P->children())
        if (Child && Parents.try_emplace(Child, P).second)
          Work.push_back(Child);
    }
  }
}

const Stmt *FunctionPredicates::localParent(const Stmt *S) const {
  if (!ParentsBuilt)
    buildParents();
  return Parents.lookup(S);
}

const DeclStmt *FunctionPredicates::localDeclStmt(const VarDecl *V) const {
  if (!ParentsBuilt)
    buildParents();
  return DeclStmts.lookup(V);
}

std::vector<Condition> FunctionPredicates::controlFacts(const Stmt *S) const {
  if (!S)
    return {};
  auto Cached = FactsCache.find(S);
  if (Cached != FactsCache.end())
    return Cached->second;
  std::vector<Condition> Facts = computeControlFacts(S);
  FactsCache[S] = Facts;
  return Facts;
}

std::vector<Condition>
FunctionPredicates::computeControlFacts(const Stmt *S) const {
  std::vector<Condition> Facts;

  // Statements before S in one block that make conditions hold after them.
  auto FromPreceding = [&](const Stmt *Before, auto &Self,
                           unsigned Depth) -> void {
    if (!Before || Depth > 4)
      return;
    if (const auto *If = dyn_cast<IfStmt>(Before)) {
      if (If->getConditionVariable() || If->isConsteval() || !If->getCond())
        return;
      bool ThenExits = alwaysExits(If->getThen());
      bool ElseExits = If->getElse() && alwaysExits(If->getElse());
      if (ThenExits && !ElseExits)
        Facts.push_back({If->getCond(), false, If});
      else if (ElseExits && !ThenExits)
        Facts.push_back({If->getCond(), true, If});
      return;
    }
    // do { if (!(c)) __trap(); } while (0): a macro-style assertion.
    if (const auto *Do = dyn_cast<DoStmt>(Before)) {
      if (isZeroConstant(Do->getCond(), Ctx))
        if (const auto *Block = dyn_cast<CompoundStmt>(Do->getBody()))
          for (const Stmt *Inner : Block->body())
            Self(Inner, Self, Depth + 1);
      return;
    }
    const auto *E = dyn_cast<Expr>(Before);
    if (!E)
      return;
    E = stripImplicit(E);
    if (const auto *Void = dyn_cast<CastExpr>(E)) { // (void)(...)
      if (Void->getType()->isVoidType()) {
        E = stripImplicit(Void->getSubExpr())->IgnoreParens();
        // '((void)(cond))': what assertion macros expand to when checking is
        // compiled out (the built-in prelude's CUDA_KERNEL_ASSERT, AT_ASSERT,
        // SYCL_KERNEL_ASSERT). A comparison cast to void has no other use.
        const auto *B = dyn_cast<BinaryOperator>(E);
        const auto *U = dyn_cast<UnaryOperator>(E);
        if ((B && (isComparisonOp(B->getOpcode()) || B->isLogicalOp())) ||
            (U && U->getOpcode() == UO_LNot)) {
          Facts.push_back({E, true, Void});
          return;
        }
      }
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      // assert(c): c ? void(0) : __assert_fail(...)
      if (containsExitCall(CO->getFalseExpr()) &&
          !containsExitCall(CO->getTrueExpr()))
        Facts.push_back({CO->getCond(), true, CO});
      else if (containsExitCall(CO->getTrueExpr()) &&
               !containsExitCall(CO->getFalseExpr()))
        Facts.push_back({CO->getCond(), false, CO});
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_LOr && containsExitCall(B->getRHS()))
        Facts.push_back({B->getLHS(), true, B});
      else if (B->getOpcode() == BO_LAnd && containsExitCall(B->getRHS()))
        Facts.push_back({B->getLHS(), false, B});
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      StringRef Name = calleeName(Call);
      bool Assumes = Name == "__builtin_assume" || Name == "__assume" ||
                     (Name.contains_insensitive("assert") &&
                      !isExitCallName(Name));
      if (Assumes && Call->getNumArgs() >= 1 &&
          !Call->getArg(0)->getType().isNull() &&
          (Call->getArg(0)->getType()->isScalarType() ||
           Call->getArg(0)->isTypeDependent()))
        Facts.push_back({Call->getArg(0), true, Call});
    }
  };

  // What one step from Child up to its parent PS establishes.
  auto Step = [&](const Stmt *Child, const Stmt *PS) {
    if (Child) {
      if (const auto *If = dyn_cast<IfStmt>(PS)) {
        if (If->getCond() && !If->getConditionVariable() &&
            !If->isConsteval()) {
          if (Child == If->getThen())
            Facts.push_back({If->getCond(), true, If});
          else if (Child == If->getElse())
            Facts.push_back({If->getCond(), false, If});
        }
      } else if (const auto *While = dyn_cast<WhileStmt>(PS)) {
        if (Child == While->getBody() && !While->getConditionVariable())
          Facts.push_back({While->getCond(), true, While});
      } else if (const auto *For = dyn_cast<ForStmt>(PS)) {
        if ((Child == For->getBody() || Child == For->getInc()) &&
            For->getCond() && !For->getConditionVariable())
          Facts.push_back({For->getCond(), true, For});
      } else if (const auto *CO = dyn_cast<ConditionalOperator>(PS)) {
        if (Child == CO->getTrueExpr())
          Facts.push_back({CO->getCond(), true, CO});
        else if (Child == CO->getFalseExpr())
          Facts.push_back({CO->getCond(), false, CO});
      } else if (const auto *B = dyn_cast<BinaryOperator>(PS)) {
        if (Child == B->getRHS() && B->getOpcode() == BO_LAnd)
          Facts.push_back({B->getLHS(), true, B});
        else if (Child == B->getRHS() && B->getOpcode() == BO_LOr)
          Facts.push_back({B->getLHS(), false, B});
      } else if (const auto *Block = dyn_cast<CompoundStmt>(PS)) {
        for (const Stmt *Before : Block->body()) {
          if (Before == Child)
            break;
          FromPreceding(Before, FromPreceding, 0);
        }
      }
    }
  };

  // Statements indexed from the body have their parents in the body's own
  // map: no parent map of the whole translation unit is built (it costs
  // about a tenth of a parse). The walk matches the one below: a
  // variable's initialiser steps through its declaration statement, which
  // establishes nothing, and the walk stops at the body.
  if (S != Body && localParent(S)) {
    const Stmt *Child = S;
    for (unsigned Depth = 0; Depth < 512 && Child != Body; ++Depth) {
      const Stmt *PS = localParent(Child);
      if (!PS || isa<LambdaExpr>(PS))
        break;
      if (isa<DeclStmt>(PS) && isa<Expr>(Child))
        ++Depth; // the VarDecl between them is a step of the walk below
      Step(Child, PS);
      Child = PS;
    }
    return Facts;
  }

  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Depth = 0; Depth < 512; ++Depth) {
    const Stmt *Child = Node.get<Stmt>();
    if (Child == Body)
      break;
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      break;
    const DynTypedNode &P = Parents[0];
    const Stmt *PS = P.get<Stmt>();
    if (!PS) {
      // A variable's initialiser: go on from its declaration statement.
      if (P.get<VarDecl>()) {
        Node = P;
        continue;
      }
      break; // a function, lambda class or other declaration
    }
    if (isa<LambdaExpr>(PS))
      break;
    if (Child)
      Step(Child, PS);
    Node = P;
  }
  return Facts;
}

void FunctionPredicates::atomize(const Expr *E, bool Positive,
                                 std::vector<Atom> &Out,
                                 SmallVectorImpl<const VarDecl *> &Stack) const {
  E = stripCondition(E);
  if (!E || E->containsErrors() || Stack.size() > MaxChainDepth)
    return;
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_LNot) {
      atomize(U->getSubExpr(), !Positive, Out, Stack);
      return;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = B->getOpcode();
    if ((Op == BO_LAnd && Positive) || (Op == BO_LOr && !Positive)) {
      atomize(B->getLHS(), Positive, Out, Stack);
      atomize(B->getRHS(), Positive, Out, Stack);
      return;
    }
    if (Op == BO_LAnd || Op == BO_LOr)
      return; // a disjunction: no single atom must hold
    if (isComparisonOp(Op)) {
      BinaryOperatorKind Effective = Positive ? Op : negateOp(Op);
      Out.push_back({B, B->getLHS()->IgnoreParenImpCasts(),
                     B->getRHS()->IgnoreParenImpCasts(), Effective, true});
      addUnsignedLowerBound(B, B->getLHS(), B->getRHS(), Effective, Out);
      return;
    }
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (auto K = overloadedComparison(Op->getOperator()))
      if (Op->getNumArgs() == 2) {
        Out.push_back({Op, Op->getArg(0)->IgnoreParenImpCasts(),
                       Op->getArg(1)->IgnoreParenImpCasts(),
                       Positive ? *K : negateOp(*K), true});
        return;
      }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      const VarDecl *Canon = VD->getCanonicalDecl();
      if (const Expr *Init = singleDefinition(VD))
        if (!llvm::is_contained(Stack, Canon)) {
          Stack.push_back(Canon);
          atomize(Init, Positive, Out, Stack);
          Stack.pop_back();
          return;
        }
    }
  }
  Atom Opaque;
  Opaque.Origin = E;
  Opaque.Positive = Positive;
  Out.push_back(Opaque);
}

void FunctionPredicates::addUnsignedLowerBound(const Expr *Origin,
                                               const Expr *LHS,
                                               const Expr *RHS,
                                               BinaryOperatorKind Op,
                                               std::vector<Atom> &Out) const {
  // '(uint64_t)t < n' (or 't < n' with an unsigned n) is also 't >= 0': a
  // negative t wraps to a huge unsigned value and fails the test.
  const Expr *Small = (Op == BO_LT || Op == BO_LE)   ? LHS
                      : (Op == BO_GT || Op == BO_GE) ? RHS
                                                     : nullptr;
  if (!Small || Small->isTypeDependent() || Small->containsErrors())
    return;
  const Expr *Value = Small->IgnoreParenCasts();
  QualType Compared = Small->getType(), Original = Value->getType();
  if (Compared.isNull() || Original.isNull() ||
      !Compared->isUnsignedIntegerType() ||
      !Original->isSignedIntegerType())
    return;
  if (!Zero)
    Zero = IntegerLiteral::Create(Ctx, llvm::APInt(32, 0), Ctx.IntTy,
                                  Origin->getBeginLoc());
  Out.push_back({Origin, Value, Zero, BO_GE, true});
}

} // namespace kerneltidy
