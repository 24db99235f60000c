//===- MagnitudeVariables.cpp - what bounds a local variable --------------===//
//
// The part of MagnitudeAnalysis (Magnitude.h) that looks at a whole function
// body rather than one expression: one walk collects, for every local
// variable, its value expressions, its compound assignments, its loop limit
// when it is a loop counter, and whether its address escapes; ofVariable()
// joins them into the variable's bound. Also the serial loop counters and
// the local variables an expression reads.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/Magnitude.h"
#include "lib/frontend/clang/DepthLimit.h"
#include "lib/frontend/clang/MagnitudeInternal.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include <algorithm>

using namespace clang;

namespace kerneltidy {

using namespace magnitude_detail;

const VarDecl *magnitude_detail::localVar(const Expr *E) {
  if (!E)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!DRE)
    return nullptr;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() ||
      VD->isInvalidDecl())
    return nullptr;
  return VD;
}

MagnitudeAnalysis::MagnitudeAnalysis(const FunctionDecl &Fn, ASTContext &Ctx,
                                     MagnitudeOptions Opts)
    : Fn(Fn), Ctx(Ctx), Options(std::move(Opts)) {
  if (const Stmt *Body = Fn.getBody())
    collect(Body);
}

void MagnitudeAnalysis::noteLoop(const Stmt *CondStmt) {
  const auto *Cond = dyn_cast_or_null<Expr>(CondStmt);
  if (!Cond || Cond->containsErrors())
    return;
  AnalysisDepthGuard Depth;
  if (Depth.exceeded()) {
    TooDeep = true;
    return;
  }
  Cond = Cond->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return;
  if (BO->getOpcode() == BO_LAnd) {
    noteLoop(BO->getLHS());
    noteLoop(BO->getRHS());
    return;
  }
  const Expr *Counter = nullptr, *Limit = nullptr;
  switch (BO->getOpcode()) {
  case BO_LT:
  case BO_LE:
  case BO_NE:
    Counter = BO->getLHS();
    Limit = BO->getRHS();
    break;
  case BO_GT:
  case BO_GE:
    Counter = BO->getRHS();
    Limit = BO->getLHS();
    break;
  default:
    return;
  }
  if (const VarDecl *VD = localVar(Counter)) {
    VarInfo &Info = Vars[VD];
    if (!Info.LoopLimit)
      Info.LoopLimit = Limit->IgnoreParenImpCasts();
  }
}

void MagnitudeAnalysis::collect(const Stmt *S) {
  if (!S)
    return;
  AnalysisDepthGuard Depth;
  if (Depth.exceeded()) {
    TooDeep = true;
    return;
  }
  if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
    collect(LE->getBody());
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D)) {
        if (VD->isInvalidDecl())
          continue;
        VarInfo &Info = Vars[VD];
        if (const Expr *Init = VD->getInit())
          Info.Values.push_back(Init);
      }
  } else if (const auto *CAO = dyn_cast<CompoundAssignOperator>(S)) {
    if (const VarDecl *VD = localVar(CAO->getLHS())) {
      Vars[VD].Compound.push_back(CAO);
      if (!Loops.empty())
        CompoundInLoop.insert(CAO);
    }
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->getOpcode() == BO_Assign)
      if (const VarDecl *VD = localVar(BO->getLHS()))
        Vars[VD].Values.push_back(BO->getRHS());
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *VD = localVar(UO->getSubExpr()))
        Vars[VD].Escapes = true;
    if (UO->isIncrementDecrementOp())
      if (const VarDecl *VD = localVar(UO->getSubExpr()))
        Vars[VD].Incremented = true;
  } else if (const auto *AS = dyn_cast<AsmStmt>(S)) {
    // Written by inline assembly ('"=r"(result)'): unknown writes.
    for (unsigned I = 0, N = AS->getNumOutputs(); I < N; ++I)
      if (const VarDecl *VD = localVar(AS->getOutputExpr(I)))
        Vars[VD].Escapes = true;
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    // Bound to a non-const reference parameter: the callee may write it.
    if (const FunctionDecl *Callee = Call->getDirectCallee()) {
      unsigned Shift = isa<CXXOperatorCallExpr>(Call) &&
                               isa<CXXMethodDecl>(Callee) &&
                               !cast<CXXMethodDecl>(Callee)->isStatic()
                           ? 1
                           : 0;
      for (unsigned I = Shift, N = Call->getNumArgs(); I < N; ++I) {
        if (I - Shift >= Callee->getNumParams())
          break;
        QualType PT = Callee->getParamDecl(I - Shift)->getType();
        if (PT->isReferenceType() &&
            !PT.getNonReferenceType().isConstQualified())
          if (const VarDecl *VD = localVar(Call->getArg(I)))
            Vars[VD].Escapes = true;
      }
    }
  }

  const Stmt *LoopCond = nullptr;
  bool IsLoop = true;
  if (const auto *FS = dyn_cast<ForStmt>(S))
    LoopCond = FS->getCond();
  else if (const auto *WS = dyn_cast<WhileStmt>(S))
    LoopCond = WS->getCond();
  else if (const auto *DoS = dyn_cast<DoStmt>(S))
    LoopCond = DoS->getCond();
  else
    IsLoop = isa<CXXForRangeStmt>(S);
  if (LoopCond)
    noteLoop(LoopCond);
  if (IsLoop)
    Loops.push_back(S);
  for (const Stmt *Child : S->children())
    collect(Child);
  if (IsLoop)
    Loops.pop_back();
}

llvm::ArrayRef<const Expr *> MagnitudeAnalysis::valueExprs(const VarDecl *VD) {
  auto It = Vars.find(VD);
  if (It == Vars.end())
    return {};
  return It->second.Values;
}

llvm::ArrayRef<const BinaryOperator *>
MagnitudeAnalysis::compoundAssignments(const VarDecl *VD) {
  auto It = Vars.find(VD);
  if (It == Vars.end())
    return {};
  return It->second.Compound;
}

std::optional<uint64_t>
MagnitudeAnalysis::serialCounterBound(const VarDecl *VD) {
  auto It = Vars.find(VD);
  if (It == Vars.end() || !It->second.LoopLimit || It->second.Escapes)
    return std::nullopt;
  const VarInfo &Info = It->second;
  // One value only, the constant start; no plain assignment later.
  if (Info.Values.size() != 1 || Info.Values.front() != VD->getInit())
    return std::nullopt;
  Magnitude Start = of(VD->getInit());
  if (!Start.isConstant())
    return std::nullopt;
  uint64_t Step = Info.Incremented ? 1 : 0;
  for (const BinaryOperator *C : Info.Compound) {
    if (C->getOpcode() != BO_AddAssign && C->getOpcode() != BO_SubAssign)
      return std::nullopt;
    Magnitude R = of(C->getRHS());
    if (!R.isConstant())
      return std::nullopt;
    Step = std::max(Step, R.Max);
  }
  if (Step == 0)
    return std::nullopt;
  return satAdd(Start.Max, satMul(Step, Options.MaxSerialIterations));
}

const Expr *MagnitudeAnalysis::loopLimit(const VarDecl *VD) {
  auto It = Vars.find(VD);
  return It == Vars.end() ? nullptr : It->second.LoopLimit;
}

std::vector<const VarDecl *> MagnitudeAnalysis::variablesIn(const Expr *E) {
  std::vector<const VarDecl *> Out;
  if (!E)
    return Out;
  llvm::SmallVector<const Stmt *, 16> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (!isa<ParmVarDecl>(VD) && VD->hasLocalStorage() &&
            !VD->isInvalidDecl() &&
            std::find(Out.begin(), Out.end(), VD) == Out.end())
          Out.push_back(VD);
      continue;
    }
    // A subscript's value is loaded from memory, not derived from its index.
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
      Work.push_back(ASE->getBase());
      continue;
    }
    if (isa<UnaryExprOrTypeTraitExpr>(S) || isa<LambdaExpr>(S))
      continue;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return Out;
}

Magnitude MagnitudeAnalysis::ofVariable(const VarDecl *VD) {
  if (!VD || VD->isInvalidDecl())
    return Magnitude::unknown();
  auto Cached = VarCache.find(VD);
  if (Cached != VarCache.end())
    return Cached->second;
  auto It = Vars.find(VD);
  if (It == Vars.end()) {
    // Declared outside this function (a lambda's capture seen from the
    // lambda alone): its initialiser when it is const, else unknown writes.
    if (VD->getType().isConstQualified())
      if (const Expr *Init = VD->getInit())
        return of(Init);
    Magnitude M{UINT64_MAX, MagnitudeKind::Size};
    return capped(storedIn(M, VD->getType()));
  }
  if (!InProgress.insert(VD).second)
    return Magnitude::constant(0); // bottom: the other values decide
  const VarInfo &Info = It->second;
  bool Wide = Options.AssumeWide.contains(VD);
  auto ValueOf = [&](const Expr *V) {
    // A widened variable no longer converts its values to 32 bits.
    if (Wide)
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(V))
        if (ICE->getCastKind() == CK_IntegralCast)
          V = ICE->getSubExpr();
    return of(V);
  };
  Magnitude M = Magnitude::constant(0);
  if (Info.LoopLimit) {
    // Below its limit wherever the loop body runs (and equal to it after):
    // the limit bounds it, whatever the start ('auto i = blockIdx.x *
    // blockDim.x + threadIdx.x; i < n' is no larger than 'n').
    Magnitude Limit = of(Info.LoopLimit);
    M = Limit;
    if (const Expr *Init = VD->getInit()) {
      Magnitude Start = ValueOf(Init);
      if (!Start.Known)
        M = Start;
      else if (Limit.Known)
        M.Kind = std::max(Start.Kind, Limit.Kind);
    }
    if (std::optional<uint64_t> Bound = serialCounterBound(VD))
      if (M.Known)
        M.Max = std::min(M.Max, *Bound);
  } else {
    for (const Expr *V : Info.Values)
      M = join(M, ValueOf(V));
    for (const BinaryOperator *C : Info.Compound) {
      Magnitude R = of(C->getRHS());
      switch (C->getOpcode()) {
      case BO_AddAssign:
      case BO_OrAssign:
      case BO_XorAssign: {
        Magnitude S = join(M, R);
        if (S.Known) {
          S.Max = satAdd(M.Max, R.Max);
          // Accumulated in a loop: as far as the element cap.
          if (CompoundInLoop.contains(C) && R.isLarge())
            S.Max = std::max(S.Max, Options.MaxElementCount);
        }
        M = capped(S);
        break;
      }
      case BO_MulAssign:
      case BO_ShlAssign:
        M = join(M, productOf(M, R, C->getOpcode() == BO_ShlAssign));
        break;
      default:
        break; // '-=', '/=', '%=', '>>=', '&=' do not grow it
      }
    }
  }
  if (Info.Escapes) // written through a pointer: anything its type holds
    M = join(M, capped(storedIn({UINT64_MAX, MagnitudeKind::Size},
                                VD->getType())));
  InProgress.erase(VD);
  VarCache[VD] = M;
  return M;
}

} // namespace kerneltidy
