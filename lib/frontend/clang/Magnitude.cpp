//===- Magnitude.cpp - how large an integer value can get -----------------===//
//
// See Magnitude.h for the terms. The analysis is a single memoised walk per
// expression: leaves get a bound from what they are (a literal, 'threadIdx.x',
// a parameter), operators combine bounds, and a local variable's bound is the
// join of the values assigned to it, or of its loop limit when it is a loop
// counter. Every result is clamped to the range of the expression's type (a
// wrapped value cannot be larger than its type); wrapAt() compares the
// unclamped bound of an operation with the range of its type.
//
// Why one long file: the magnitude lattice, its transfer functions for every
// operator and the wrap search share one recursive evaluator and its caches;
// splitting them would expose that evaluator's internals in a header. Next
// split: the address-use collection and the size-limit tests (issue 29).
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/Magnitude.h"
#include "lib/frontend/clang/DepthLimit.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace clang;

namespace kerneltidy {

static constexpr uint64_t Int64Max = uint64_t(INT64_MAX);
/// Template non-type parameters seen in a template pattern: tile and block
/// sizes in practice.
static constexpr uint64_t TemplateConstantBound = uint64_t(1) << 16;

static uint64_t satAdd(uint64_t A, uint64_t B) {
  return A > UINT64_MAX - B ? UINT64_MAX : A + B;
}
static uint64_t satMul(uint64_t A, uint64_t B) {
  if (A == 0 || B == 0)
    return 0;
  return A > UINT64_MAX / B ? UINT64_MAX : A * B;
}

llvm::StringRef magnitudeKindName(MagnitudeKind K) {
  switch (K) {
  case MagnitudeKind::Constant:
    return "constant";
  case MagnitudeKind::Hardware:
    return "hardware-bounded";
  case MagnitudeKind::GridIndex:
    return "grid index";
  case MagnitudeKind::Size:
    return "size";
  }
  return "size";
}

Magnitude join(const Magnitude &A, const Magnitude &B) {
  if (!A.Known || !B.Known)
    return Magnitude::unknown();
  return {std::max(A.Max, B.Max), std::max(A.Kind, B.Kind)};
}

uint64_t IntegerWidth::maxValue() const {
  if (Bits >= 64)
    return Signed ? Int64Max : UINT64_MAX;
  if (Bits == 0)
    return 0;
  return Signed ? (uint64_t(1) << (Bits - 1)) - 1 : (uint64_t(1) << Bits) - 1;
}

std::optional<IntegerWidth> integerWidth(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType())
    return std::nullopt;
  T = T.getCanonicalType();
  if (!T->isIntegerType())
    return std::nullopt;
  if (const auto *ET = T->getAs<EnumType>())
    if (!ET->getDecl()->isComplete())
      return std::nullopt;
  return IntegerWidth{static_cast<unsigned>(Ctx.getTypeSize(T)),
                      T->isSignedIntegerOrEnumerationType()};
}

bool isNarrowIntegerType(QualType T, const ASTContext &Ctx) {
  auto W = integerWidth(T, Ctx);
  return W && W->Bits <= 32 && !T->isBooleanType();
}

bool isSubWordIntegerType(QualType T, const ASTContext &Ctx) {
  auto W = integerWidth(T, Ctx);
  return W && W->Bits < 32 && !T->isBooleanType();
}

static bool isCompoundMul(BinaryOperatorKind K) {
  return K == BO_Mul || K == BO_Shl || K == BO_MulAssign || K == BO_ShlAssign;
}

//===----------------------------------------------------------------------===//
// Collection
//===----------------------------------------------------------------------===//

static const VarDecl *localVar(const Expr *E) {
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

Wrap MagnitudeAnalysis::loopLimitWrap(const VarDecl *VD) {
  Wrap W;
  const Expr *Limit = loopLimit(VD);
  if (!Limit || Options.AssumeWide.contains(VD) ||
      !isNarrowIntegerType(VD->getType(), Ctx))
    return W;
  Magnitude M = of(Limit);
  uint64_t Max = integerWidth(VD->getType(), Ctx)->maxValue();
  if (!M.isLarge() || M.Max <= Max)
    return W;
  if (std::optional<uint64_t> Bound = serialCounterBound(VD))
    if (*Bound <= Max)
      return W;
  W.Kind = WrapKind::LoopLimit;
  W.Op = Limit;
  W.ComputedIn = VD->getType();
  W.Limit = Max;
  W.Result = M;
  W.LHS = M;
  return W;
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

//===----------------------------------------------------------------------===//
// Magnitudes
//===----------------------------------------------------------------------===//

Magnitude MagnitudeAnalysis::capped(Magnitude M) const {
  if (M.Known && M.Kind >= MagnitudeKind::GridIndex)
    M.Max = std::min(M.Max, Options.MaxElementCount);
  if (M.Known && M.Kind == MagnitudeKind::GridIndex)
    M.Max = std::min(M.Max, Options.MaxLaunchThreads);
  return M;
}

Magnitude MagnitudeAnalysis::storedIn(Magnitude M, QualType T) const {
  if (!M.Known)
    return M;
  // Negative values are no offsets: the bound is the type's maximum.
  if (auto W = integerWidth(T, Ctx))
    M.Max = std::min(M.Max, W->maxValue());
  return M;
}

/// 'blockIdx.x' or 'gridDim.x' themselves: scaling them by a constant block
/// size gives a thread id, still bounded by the launch.
static bool isBlockCoordinate(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME)
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->getIdentifier() &&
         (VD->getName() == "blockIdx" || VD->getName() == "gridDim");
}

Magnitude MagnitudeAnalysis::productOf(const BinaryOperator *BO,
                                       const Magnitude &L,
                                       const Magnitude &R) {
  bool Shift = BO->getOpcode() == BO_Shl || BO->getOpcode() == BO_ShlAssign;
  Magnitude M = productOf(L, R, Shift);
  // A thread id scaled by a constant ('(blockIdx.x * blockDim.x +
  // threadIdx.x) * ILP') is an element offset: the launch no longer bounds
  // it, the element count does.
  auto Scales = [](const Magnitude &Grid, const Magnitude &K,
                   const Expr *GridExpr) {
    return Grid.Kind == MagnitudeKind::GridIndex && K.isConstant() &&
           K.Max > 1 && !isBlockCoordinate(GridExpr);
  };
  if (M.Known && (Scales(L, R, BO->getLHS()) ||
                  (!Shift && Scales(R, L, BO->getRHS())))) {
    M.Kind = MagnitudeKind::Size;
    Magnitude Raw = productOf({L.Max, MagnitudeKind::Size},
                              {R.Max, MagnitudeKind::Size}, Shift);
    M.Max = Raw.Max;
  }
  return M;
}

Magnitude MagnitudeAnalysis::productOf(const Magnitude &L, const Magnitude &R,
                                       bool Shift) const {
  if (!L.Known || !R.Known)
    return Magnitude::unknown();
  uint64_t Max;
  if (Shift)
    Max = R.Max >= 64 ? (L.Max ? UINT64_MAX : 0)
                      : satMul(L.Max, uint64_t(1) << R.Max);
  else
    Max = satMul(L.Max, R.Max);
  return capped({Max, std::max(L.Kind, R.Kind)});
}

/// Is E (an operand of arithmetic) computed in 64 bits once the variables in
/// MagnitudeOptions::AssumeWide are?
static bool isAssumedWide(const Expr *E, const MagnitudeOptions &Opts) {
  if (Opts.AssumeWide.empty() || !E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return Opts.AssumeWide.contains(VD);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp() || BO->isMultiplicativeOp() ||
        BO->isBitwiseOp())
      return isAssumedWide(BO->getLHS(), Opts) ||
             isAssumedWide(BO->getRHS(), Opts);
    if (BO->isShiftOp() || BO->getOpcode() == BO_Comma)
      return isAssumedWide(BO->getLHS(), Opts);
    return false;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return isAssumedWide(CO->getTrueExpr(), Opts) ||
           isAssumedWide(CO->getFalseExpr(), Opts);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->isArithmeticOp() && isAssumedWide(UO->getSubExpr(), Opts);
  return false;
}

Magnitude MagnitudeAnalysis::of(const Expr *E) {
  // A body too deep to collect has writes we did not see: nothing in it has
  // a known bound.
  if (!E || TooDeep)
    return Magnitude::unknown();
  auto It = ExprCache.find(E);
  if (It != ExprCache.end())
    return It->second;
  AnalysisDepthGuard Depth;
  if (Depth.exceeded())
    return Magnitude::unknown();
  Magnitude M = compute(E);
  // Clamp to the type the value lives in, unless widening is assumed.
  if (M.Known && !isAssumedWide(E, Options))
    M = storedIn(M, E->getType());
  ExprCache[E] = M;
  return M;
}

static bool isNamed(const NamedDecl *D, std::initializer_list<llvm::StringRef> Names) {
  if (!D || !D->getIdentifier())
    return false;
  llvm::StringRef N = D->getName();
  return llvm::is_contained(Names, N);
}

/// The CUDA/HIP builtin index variables.
static std::optional<Magnitude> builtinIndex(const MemberExpr *ME) {
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  if (!DRE)
    return std::nullopt;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || !VD->hasGlobalStorage() || !VD->getIdentifier())
    return std::nullopt;
  llvm::StringRef Var = VD->getName();
  llvm::StringRef Field = ME->getMemberDecl()->getName();
  bool X = Field == "x", Z = Field == "z";
  if (Var == "threadIdx")
    return Magnitude{Z ? 63u : 1023u, MagnitudeKind::Hardware};
  if (Var == "blockDim")
    return Magnitude{Z ? 64u : 1024u, MagnitudeKind::Hardware};
  if (Var == "blockIdx")
    return Magnitude{X ? uint64_t(INT32_MAX) - 1 : 65534u,
                     MagnitudeKind::GridIndex};
  if (Var == "gridDim")
    return Magnitude{X ? uint64_t(INT32_MAX) : 65535u,
                     MagnitudeKind::GridIndex};
  return std::nullopt;
}

/// SYCL work-item queries, by method name on item-like classes.
static std::optional<Magnitude> syclQuery(const CXXMethodDecl *MD,
                                          uint64_t Cap) {
  if (!MD || !MD->getIdentifier())
    return std::nullopt;
  const CXXRecordDecl *RD = MD->getParent();
  if (!isNamed(RD, {"nd_item", "item", "h_item", "group", "sub_group", "id",
                    "range", "nd_range"}))
    return std::nullopt;
  return llvm::StringSwitch<std::optional<Magnitude>>(MD->getName())
      .Cases("get_global_id", "get_global_linear_id", "get_id",
             "get_linear_id", Magnitude{Cap, MagnitudeKind::GridIndex})
      .Cases("get_local_id", "get_local_linear_id",
             Magnitude{1023, MagnitudeKind::Hardware})
      .Cases("get_local_range", "get_local_linear_range",
             Magnitude{1024, MagnitudeKind::Hardware})
      .Cases("get_group", "get_group_linear_id", "get_group_id",
             Magnitude{uint64_t(INT32_MAX), MagnitudeKind::GridIndex})
      .Cases("get_global_range", "get_group_range", "get_range", "size",
             Magnitude{Cap, MagnitudeKind::Size})
      .Default(std::nullopt);
}

Magnitude MagnitudeAnalysis::leaf(const Expr *E) {
  // Anything we cannot see through: loaded from memory, a call, a
  // parameter. Bounded by its type and the element cap.
  Magnitude M{UINT64_MAX, MagnitudeKind::Size};
  return capped(storedIn(M, E->getType()));
}

/// The parameter E names, if any.
static const ParmVarDecl *paramRef(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
}

std::optional<Magnitude>
MagnitudeAnalysis::returnBound(const CallExpr *Call) {
  if (Options.CallDepth >= MagnitudeOptions::MaxCallDepth)
    return std::nullopt;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def || !Def->getBody() ||
      Def->isDependentContext() || Def->isVariadic() || Def->isInvalidDecl() ||
      Def->getCanonicalDecl() == Fn.getCanonicalDecl() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return std::nullopt;
  // The callee's return statements and the parameters it writes, in a
  // body of at most 256 statements (lambdas not entered).
  std::vector<const Expr *> Returns;
  llvm::SmallPtrSet<const ParmVarDecl *, 4> Written;
  unsigned Count = 0;
  llvm::SmallVector<const Stmt *, 32> Work{Def->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<LambdaExpr>(S))
      continue;
    if (++Count > 256)
      return std::nullopt;
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      if (!RS->getRetValue())
        return std::nullopt;
      Returns.push_back(RS->getRetValue());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp())
        if (const ParmVarDecl *P = paramRef(BO->getLHS()))
          Written.insert(P);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        if (const ParmVarDecl *P = paramRef(UO->getSubExpr()))
          Written.insert(P);
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  if (Returns.empty())
    return std::nullopt;
  // The caller's limits; its per-declaration facts do not apply in the callee.
  MagnitudeOptions Sub = Options;
  Sub.AssumeWide.clear();
  Sub.ParamBounds.clear();
  ++Sub.CallDepth;
  unsigned N = std::min<unsigned>(Call->getNumArgs(), Def->getNumParams());
  for (unsigned I = 0; I < N; ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (Written.contains(P) || !integerWidth(P->getType(), Ctx) ||
        P->getType()->isReferenceType())
      continue;
    Magnitude A = of(Call->getArg(I));
    if (A.Known)
      Sub.ParamBounds[P] = storedIn(A, P->getType());
  }
  MagnitudeAnalysis Callee_(*Def, Ctx, std::move(Sub));
  Magnitude M = Magnitude::constant(0);
  for (const Expr *R : Returns) {
    Magnitude V = Callee_.of(R);
    if (!V.Known)
      return std::nullopt;
    M = join(M, V);
  }
  return capped(storedIn(M, Call->getType()));
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

Magnitude MagnitudeAnalysis::binary(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  if (BO->isComparisonOp() || BO->isLogicalOp())
    return Magnitude::constant(1);
  if (Op == BO_Comma || BO->isAssignmentOp())
    return of(BO->getRHS());
  Magnitude L = of(BO->getLHS()), R = of(BO->getRHS());
  if (!L.Known || !R.Known)
    return Magnitude::unknown();
  switch (Op) {
  case BO_Mul:
  case BO_Shl:
    return productOf(BO, L, R);
  case BO_Add:
    return capped({satAdd(L.Max, R.Max), std::max(L.Kind, R.Kind)});
  case BO_Sub:
    // Offsets and shift counts grow only through the left operand: a
    // negative difference is no offset ('8 - 2 * il' is at most 8).
    return capped({L.Max, std::max(L.Kind, R.Kind)});
  case BO_Div:
    if (R.isConstant() && R.Max > 0)
      return {L.Max / R.Max, L.Kind};
    return L;
  case BO_Rem:
    if (R.Max == 0)
      return L;
    if (R.Max - 1 < L.Max)
      return {R.Max - 1, R.Kind};
    return L;
  case BO_And:
    return R.Max < L.Max ? R : L;
  case BO_Shr:
    if (R.isConstant())
      return {R.Max >= 64 ? 0 : L.Max >> R.Max, L.Kind};
    return L;
  case BO_Or:
  case BO_Xor: {
    uint64_t Max = std::max(L.Max, R.Max);
    uint64_t Ones = Max ? (UINT64_MAX >> llvm::countl_zero(Max)) : 0;
    return capped({Ones, std::max(L.Kind, R.Kind)});
  }
  default:
    return leaf(BO);
  }
}

bool MagnitudeAnalysis::hasNonConstantOperand(const Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || BO->isLogicalOp() || BO->isCommaOp() || BO->isAssignmentOp() ||
      !integerWidth(BO->getLHS()->getType(), Ctx) ||
      !integerWidth(BO->getRHS()->getType(), Ctx))
    return false;
  return !of(BO->getLHS()).isConstant() || !of(BO->getRHS()).isConstant();
}

Magnitude MagnitudeAnalysis::compute(const Expr *E) {
  if (E->containsErrors() || E->isTypeDependent())
    return Magnitude::unknown();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *NTTP = dyn_cast<NonTypeTemplateParmDecl>(DRE->getDecl())) {
      Magnitude M{TemplateConstantBound, MagnitudeKind::Constant};
      return storedIn(M, NTTP->getType());
    }
  if (E->isValueDependent())
    return Magnitude::unknown();
  QualType T = E->getType();
  if (!integerWidth(T, Ctx))
    return Magnitude::unknown();

  // Constants first: literals, constexpr variables, sizeof, enumerators.
  // An integer operation on a non-constant operand is no constant: asking
  // Clang's evaluator anyway would walk the whole operand again at every
  // level of a long 'a + a + ... + a' chain (quadratic).
  Expr::EvalResult Eval;
  if (!hasNonConstantOperand(E) && E->EvaluateAsInt(Eval, Ctx) &&
      Eval.Val.isInt()) {
    const llvm::APSInt &V = Eval.Val.getInt();
    uint64_t Abs = V.isNegative() ? (-V).getLimitedValue()
                                  : V.getLimitedValue();
    return Magnitude::constant(Abs);
  }

  if (const auto *PE = dyn_cast<ParenExpr>(E))
    return of(PE->getSubExpr());
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return of(FE->getSubExpr());
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return of(MTE->getSubExpr());
  if (const auto *SNTTP = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return of(SNTTP->getReplacement());
  if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(E))
    return of(DAE->getExpr());
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = CE->getSubExpr();
    if (!integerWidth(Sub->getType(), Ctx))
      return leaf(E); // float -> int, pointer -> int, user conversions
    return of(Sub);   // clamped to E's type by of()
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return binary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_LNot:
      return Magnitude::constant(1);
    case UO_Not:
      return leaf(E);
    case UO_Deref:
      return leaf(E);
    default:
      return of(UO->getSubExpr());
    }
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return join(of(CO->getTrueExpr()), of(CO->getFalseExpr()));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (VD->isInvalidDecl())
        return Magnitude::unknown();
      if (isNamed(VD, {"warpSize"}) && VD->hasGlobalStorage())
        return {64, MagnitudeKind::Hardware};
      if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
        auto Bound = Options.ParamBounds.find(P);
        if (Bound != Options.ParamBounds.end())
          return Bound->second;
      }
      if (!isa<ParmVarDecl>(VD) && VD->hasLocalStorage()) {
        Magnitude M = ofVariable(VD);
        if (Options.AssumeWide.contains(VD))
          return M;
        return storedIn(M, VD->getType());
      }
    }
    return leaf(E);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (auto M = builtinIndex(ME))
      return *M;
    return leaf(E);
  }
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    if (auto M = syclQuery(MCE->getMethodDecl(), Options.MaxElementCount))
      return *M;
    // 'size_t(id)': the conversion operator of a SYCL id or item.
    if (const auto *Conv =
            dyn_cast_or_null<CXXConversionDecl>(MCE->getMethodDecl()))
      if (isNamed(Conv->getParent(), {"id", "item"}))
        return {Options.MaxElementCount, MagnitudeKind::GridIndex};
    return leaf(E);
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OCE->getOperator() == OO_Subscript && OCE->getNumArgs() == 2)
      if (const auto *RD = OCE->getArg(0)->getType()->getAsCXXRecordDecl())
        if (isNamed(RD, {"id", "item"})) {
          // 'sg.get_local_id()[0]': a component of the id a query returned
          // is as bounded as the query.
          const Expr *Base = OCE->getArg(0)->IgnoreImplicit();
          if (const auto *Query = dyn_cast<CXXMemberCallExpr>(Base))
            if (auto M = syclQuery(Query->getMethodDecl(), Options.MaxElementCount))
              return *M;
          return {Options.MaxElementCount, MagnitudeKind::GridIndex};
        }
    return leaf(E);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Call->getNumArgs() == 2 &&
        isNamed(Callee, {"min", "umin", "llmin", "ullmin", "max", "umax",
                         "llmax", "ullmax"})) {
      Magnitude A = of(Call->getArg(0)), B = of(Call->getArg(1));
      if (Callee->getName().contains("min"))
        return B.Max < A.Max ? B : A;
      return join(A, B);
    }
    if (Callee && isNamed(Callee, {"__lane_id", "lane_id", "__lanemask_lt"}))
      return {63, MagnitudeKind::Hardware};
    if (!isa<CXXMemberCallExpr>(Call) && !isa<CXXOperatorCallExpr>(Call))
      if (std::optional<Magnitude> M = returnBound(Call))
        return *M;
    return leaf(E);
  }
  return leaf(E);
}

//===----------------------------------------------------------------------===//
// Wraps
//===----------------------------------------------------------------------===//

/// Is Op the conversion of a value into a variable that is assumed wide?
static bool convertsIntoWideVar(const ImplicitCastExpr *ICE,
                                const MagnitudeOptions &Opts,
                                ASTContext &Ctx) {
  if (Opts.AssumeWide.empty())
    return false;
  for (const auto &P : Ctx.getParents(*ICE)) {
    if (const auto *VD = P.get<VarDecl>())
      return Opts.AssumeWide.contains(VD);
    if (const auto *BO = P.get<BinaryOperator>()) {
      if (BO->isAssignmentOp() && BO->getRHS() == ICE)
        if (const VarDecl *VD = localVar(BO->getLHS()))
          return Opts.AssumeWide.contains(VD);
      // An arithmetic conversion: with a wide operand it would not happen.
      if (!BO->isAssignmentOp())
        return isAssumedWide(BO->getLHS(), Opts) ||
               isAssumedWide(BO->getRHS(), Opts);
    }
  }
  return false;
}

Wrap MagnitudeAnalysis::wrapAt(const Expr *E) {
  Wrap W;
  if (!E || E->containsErrors() || E->isTypeDependent() ||
      E->isValueDependent())
    return W;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (!isCompoundMul(BO->getOpcode()))
      return W;
    QualType T = BO->getType();
    if (const auto *CAO = dyn_cast<CompoundAssignOperator>(BO)) {
      T = CAO->getComputationResultType();
      if (const VarDecl *VD = localVar(CAO->getLHS()))
        if (Options.AssumeWide.contains(VD))
          return W;
    } else if (isAssumedWide(BO, Options)) {
      return W;
    }
    if (!isNarrowIntegerType(T, Ctx))
      return W;
    Magnitude L = of(BO->getLHS()), R = of(BO->getRHS());
    if (!L.Known || !R.Known)
      return W;
    // Two quantities that can both be large; or a grid index scaled by a
    // constant block size ('blockIdx.x * 256', 'blockIdx.x << 8').
    if (L.isConstant() && R.Kind != MagnitudeKind::GridIndex)
      return W;
    if (R.isConstant() && L.Kind != MagnitudeKind::GridIndex)
      return W;
    Magnitude Result = productOf(BO, L, R);
    uint64_t Limit = integerWidth(T, Ctx)->maxValue();
    if (Result.Max <= Limit)
      return W;
    W.Kind = WrapKind::Product;
    W.Op = BO;
    W.ComputedIn = T;
    W.Limit = Limit;
    W.Result = Result;
    W.LHS = L;
    W.RHS = R;
    return W;
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() != CK_IntegralCast)
      return W;
    QualType T = ICE->getType();
    const Expr *Sub = ICE->getSubExpr();
    if (!isNarrowIntegerType(T, Ctx) || !integerWidth(Sub->getType(), Ctx))
      return W;
    // Into a type narrower than 32 bits: the value is a byte or a short by
    // the programmer's choice, bounded by 2^width; no index width wraps.
    if (isSubWordIntegerType(T, Ctx))
      return W;
    Magnitude S = of(Sub);
    uint64_t Limit = integerWidth(T, Ctx)->maxValue();
    if (!S.isLarge() || S.Max <= Limit)
      return W;
    if (convertsIntoWideVar(ICE, Options, Ctx))
      return W;
    W.Kind = WrapKind::Narrowing;
    W.Op = ICE;
    W.ComputedIn = T;
    W.Limit = Limit;
    W.Result = S;
    W.LHS = S;
    return W;
  }
  return W;
}

std::vector<Wrap> MagnitudeAnalysis::wrapsIn(const Expr *E) {
  std::vector<Wrap> Out;
  llvm::SmallVector<const Expr *, 16> Work;
  llvm::SmallPtrSet<const Expr *, 4> Subtrahends;
  if (E)
    Work.push_back(E);
  while (!Work.empty()) {
    const Expr *X = Work.pop_back_val();
    if (!X || X->containsErrors())
      continue;
    if (!Subtrahends.contains(X))
      if (Wrap W = wrapAt(X))
        Out.push_back(W);
    // Walk only where the value flows: through arithmetic, casts and the
    // arms of '?:', into 'min'/'max', not into call arguments, subscripts
    // (their value is loaded) or comparisons.
    if (const auto *PE = dyn_cast<ParenExpr>(X)) {
      Work.push_back(PE->getSubExpr());
    } else if (const auto *FE = dyn_cast<FullExpr>(X)) {
      Work.push_back(FE->getSubExpr());
    } else if (const auto *CE = dyn_cast<CastExpr>(X)) {
      // A conversion into fewer than 32 bits keeps only low bits, which a
      // wrap past 2^31 below it does not change through '+', '-', '*' and
      // '<<' (a division or right shift in between is a blind spot).
      if (!isSubWordIntegerType(CE->getType(), Ctx))
        Work.push_back(CE->getSubExpr());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
      if (BO->isComparisonOp() || BO->isLogicalOp())
        continue;
      if (BO->isAssignmentOp() || BO->getOpcode() == BO_Comma) {
        Work.push_back(BO->getRHS());
        continue;
      }
      // A subtrahend computed in the difference's own type: a difference
      // that is an offset is not negative, so the subtrahend's true value
      // is at most the minuend's, which the type holds ('i - i3 * ne3.z'
      // with 'i3 = i / ne3.z'); a minuend that wraps is reported itself.
      if (BO->getOpcode() == BO_Sub)
        if (const auto *Sub =
                dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParens()))
          if ((Sub->getOpcode() == BO_Mul || Sub->getOpcode() == BO_Shl) &&
              Ctx.hasSameType(Sub->getType(), BO->getType()))
            Subtrahends.insert(Sub);
      Work.push_back(BO->getRHS());
      Work.push_back(BO->getLHS());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(X)) {
      if (UO->isArithmeticOp() || UO->isIncrementDecrementOp())
        Work.push_back(UO->getSubExpr());
    } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(X)) {
      Work.push_back(CO->getFalseExpr());
      Work.push_back(CO->getTrueExpr());
    } else if (const auto *Call = dyn_cast<CallExpr>(X)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && Call->getNumArgs() == 2 &&
          isNamed(Callee, {"min", "umin", "llmin", "ullmin", "max", "umax",
                           "llmax", "ullmax"})) {
        Work.push_back(Call->getArg(1));
        Work.push_back(Call->getArg(0));
      }
    }
  }
  std::sort(Out.begin(), Out.end(), [](const Wrap &A, const Wrap &B) {
    return A.Op->getBeginLoc().getRawEncoding() <
               B.Op->getBeginLoc().getRawEncoding() ||
           (A.Op->getBeginLoc() == B.Op->getBeginLoc() &&
            A.Op->getEndLoc().getRawEncoding() >
                B.Op->getEndLoc().getRawEncoding());
  });
  return Out;
}

std::optional<BoundaryShape> boundaryShape(const Wrap &W) {
  if (W.Kind != WrapKind::Product)
    return std::nullopt;
  // The last offset of a tensor is numel - 1: an example shape must reach
  // Limit + 2 elements for an offset to pass Limit (PyTorch's regression
  // shape for the seed: 2 * 2147483649).
  uint64_t Target = W.Limit + 2;
  bool Shift = isa<BinaryOperator>(W.Op) &&
               (cast<BinaryOperator>(W.Op)->getOpcode() == BO_Shl ||
                cast<BinaryOperator>(W.Op)->getOpcode() == BO_ShlAssign);
  auto Other = [&](uint64_t Small) -> uint64_t {
    uint64_t Factor = Shift ? (Small >= 63 ? UINT64_MAX : uint64_t(1) << Small)
                            : Small;
    return Factor ? (Target + Factor - 1) / Factor : UINT64_MAX;
  };
  constexpr uint64_t SmallBound = uint64_t(1) << 16;
  // A bounded factor (block size, constant, shift count) takes its bound;
  // otherwise the right-hand factor takes 2.
  if (Shift || W.RHS.Max <= SmallBound || W.RHS.isConstant()) {
    uint64_t R = Shift ? std::min<uint64_t>(W.RHS.Max, 62) : W.RHS.Max;
    uint64_t L = Other(R);
    if (R > 0 && L <= W.LHS.Max)
      return BoundaryShape{L, R};
  }
  if (W.LHS.Max <= SmallBound || W.LHS.isConstant()) {
    uint64_t L = W.LHS.Max;
    uint64_t R = Other(L);
    if (L > 0 && R <= W.RHS.Max)
      return BoundaryShape{L, R};
  }
  if (!Shift && W.RHS.Max >= 2 && Other(2) <= W.LHS.Max)
    return BoundaryShape{Other(2), 2};
  if (!Shift && W.LHS.Max >= 2 && Other(2) <= W.RHS.Max)
    return BoundaryShape{2, Other(2)};
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Address uses
//===----------------------------------------------------------------------===//

bool isSizeArgument(const FunctionDecl *Callee, unsigned Index) {
  if (!Callee || !Callee->getIdentifier())
    return false;
  llvm::StringRef N = Callee->getName();
  N.consume_front("__builtin_");
  if (N == "memcpy" || N == "memmove" || N == "memset" || N == "memcmp")
    return Index == 2;
  if (N.starts_with("cudaMemcpy") || N.starts_with("hipMemcpy") ||
      N.starts_with("cudaMemset") || N.starts_with("hipMemset"))
    return Index == 2 && !N.contains("2D") && !N.contains("3D") &&
           !N.contains("Symbol");
  return false;
}

/// True when Base addresses CUDA/HIP shared memory: a '__shared__' variable,
/// or a local pointer initialised from one ('reinterpret_cast<float *>(smem
/// + 1024)', '&tile[0]'). Shared memory is at most 228 KiB per block, so no
/// valid offset into it comes near 2^31: an index there is not a wrap site.
static bool isSharedMemoryBase(const Expr *Base, unsigned Depth = 0) {
  if (!Base || Depth > 4)
    return false;
  const Expr *E = Base->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref)
      return isSharedMemoryBase(UO->getSubExpr(), Depth + 1);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return isSharedMemoryBase(ASE->getBase(), Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)
      return isSharedMemoryBase(BO->getLHS()->getType()->isPointerType()
                                    ? BO->getLHS()
                                    : BO->getRHS(),
                                Depth + 1);
    return false;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD)
    return false;
  if (VD->hasAttr<CUDASharedAttr>())
    return true;
  // A local pointer that is only ever its initialiser (const, or written
  // nowhere else is not checked: kernels re-point such locals rarely, and
  // never from shared to global memory).
  if (VD->isLocalVarDecl() && VD->getType()->isPointerType() && VD->getInit())
    return isSharedMemoryBase(VD->getInit(), Depth + 1);
  return false;
}

std::vector<AddressUse> collectAddressUses(const FunctionDecl &Fn,
                                           ASTContext &Ctx) {
  std::vector<AddressUse> Out;
  auto IsInt = [&](const Expr *E) {
    return E && !E->containsErrors() && !E->isTypeDependent() &&
           integerWidth(E->getType(), Ctx).has_value();
  };
  // Offset helpers (TensorInfo's IndexToOffset, 'get_offset', 'index_of'):
  // what they return becomes an address in the caller.
  bool ReturnsOffset = false;
  if (Fn.getIdentifier()) {
    std::string Name = Fn.getName().lower();
    ReturnsOffset = llvm::StringRef(Name).contains("offset") ||
                    llvm::StringRef(Name).contains("index");
  }
  llvm::SmallVector<const Stmt *, 32> Work;
  if (Fn.getBody())
    Work.push_back(Fn.getBody());
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      Work.push_back(LE->getBody());
      continue;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
      if (IsInt(ASE->getIdx()) && !isSharedMemoryBase(ASE->getBase()))
        Out.push_back({ASE->getIdx(), ASE});
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      BinaryOperatorKind Op = BO->getOpcode();
      if (Op == BO_Add || Op == BO_Sub || Op == BO_AddAssign ||
          Op == BO_SubAssign) {
        const Expr *L = BO->getLHS(), *R = BO->getRHS();
        if (L->getType()->isPointerType() && IsInt(R)) {
          if (!isSharedMemoryBase(L))
            Out.push_back({R, BO});
        } else if (R->getType()->isPointerType() && IsInt(L)) {
          if (!isSharedMemoryBase(R))
            Out.push_back({L, BO});
        }
      }
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(S)) {
      if (OCE->getOperator() == OO_Subscript && OCE->getNumArgs() == 2 &&
          IsInt(OCE->getArg(1)))
        Out.push_back({OCE->getArg(1), OCE});
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      for (unsigned I = 0, E = Call->getNumArgs(); I < E; ++I)
        if (isSizeArgument(Callee, I) && IsInt(Call->getArg(I)))
          Out.push_back({Call->getArg(I), Call});
    } else if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
      if (ReturnsOffset && IsInt(Ret->getRetValue()))
        Out.push_back({Ret->getRetValue(), Ret});
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Out.begin(), Out.end(),
                   [&](const AddressUse &A, const AddressUse &B) {
                     return SM.isBeforeInTranslationUnit(
                         A.Use->getBeginLoc(), B.Use->getBeginLoc());
                   });
  return Out;
}

bool isSizeLimitTest(const Expr *E, ASTContext &Ctx) {
  if (!E || E->containsErrors())
    return false;
  llvm::SmallVector<const Stmt *, 16> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        if (Callee->getIdentifier()) {
          std::string Name = Callee->getName().lower();
          if (llvm::StringRef(Name).contains("32bit") ||
              llvm::StringRef(Name).contains("32_bit"))
            return true;
        }
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->isComparisonOp() && !BO->isValueDependent()) {
        for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
          const Expr *Other =
              Side == BO->getLHS() ? BO->getRHS() : BO->getLHS();
          Expr::EvalResult R;
          if (Side->isValueDependent() || Side->containsErrors() ||
              !Side->EvaluateAsInt(R, Ctx) || !R.Val.isInt())
            continue;
          Expr::EvalResult O;
          if (!Other->isValueDependent() && Other->EvaluateAsInt(O, Ctx))
            continue; // constant on both sides
          const llvm::APSInt &V = R.Val.getInt();
          if (V.isNegative())
            continue;
          uint64_t U = V.getLimitedValue();
          if (U >= uint64_t(INT32_MAX) - 1 && U <= (uint64_t(1) << 32))
            return true;
        }
      }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

} // namespace kerneltidy
