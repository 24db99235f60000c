//===- Magnitude.cpp - how large an integer value can get -----------------===//
//
// See Magnitude.h for the terms. The analysis is a single memoised walk per
// expression: leaves get a bound from what they are (a literal, 'threadIdx.x',
// a SYCL query, a parameter, a call whose callee's returns are bounded),
// operators combine bounds, and every result is clamped to the range of the
// expression's type (a wrapped value cannot be larger than its type).
//
// This file: the lattice, integer widths and that expression walk. A local
// variable's bound (what is assigned to it, its loop limit) comes from
// MagnitudeVariables.cpp; the operations that wrap and the places where an
// integer becomes an address are found in WrapSites.cpp.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/Magnitude.h"
#include "lib/frontend/clang/DepthLimit.h"
#include "lib/frontend/clang/MagnitudeInternal.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace clang;

namespace kerneltidy {

using namespace magnitude_detail;

static constexpr uint64_t Int64Max = uint64_t(INT64_MAX);
/// Template non-type parameters seen in a template pattern: tile and block
/// sizes in practice.
static constexpr uint64_t TemplateConstantBound = uint64_t(1) << 16;

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

//===----------------------------------------------------------------------===//
// The expression walk
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

bool magnitude_detail::isAssumedWide(const Expr *E,
                                     const MagnitudeOptions &Opts) {
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

bool magnitude_detail::isMinMaxCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  return Callee && Call->getNumArgs() == 2 &&
         isNamed(Callee, {"min", "umin", "llmin", "ullmin", "max", "umax",
                          "llmax", "ullmax"});
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
      // The launch's extents, as CUDA's gridDim and gridDim * blockDim:
      // bounded by the grid, not sizes of a tensor (a grid-stride step
      // 'get_group_range(0) * get_local_range(0)' is CUDA's
      // 'gridDim.x * blockDim.x').
      .Cases("get_group_range", "get_group_linear_range",
             Magnitude{uint64_t(INT32_MAX), MagnitudeKind::GridIndex})
      .Case("get_global_range", Magnitude{Cap, MagnitudeKind::GridIndex})
      .Cases("get_range", "size", Magnitude{Cap, MagnitudeKind::Size})
      .Default(std::nullopt);
}

/// The argument whose value a lane exchange returns: CUDA's and HIP's
/// shuffles and lane reads, SYCL's group exchanges (free functions) and
/// sub_group shuffles (methods, argument 0).
static std::optional<unsigned> exchangedArgument(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  bool Method = isa<CXXMethodDecl>(Callee);
  if (Method) {
    const CXXRecordDecl *Group = cast<CXXMethodDecl>(Callee)->getParent();
    llvm::StringRef G = Group->getIdentifier() ? Group->getName() : "";
    // sycl::sub_group; cooperative groups' tiles and coalesced groups
    // (their shuffles live in base classes of several names).
    if (!G.contains("sub_group") && !G.contains("tile") &&
        !G.contains("coalesced"))
      return std::nullopt;
  }
  llvm::StringRef N = Callee->getName();
  if (Method)
    return llvm::StringSwitch<std::optional<unsigned>>(N)
        .Cases("shuffle", "shuffle_xor", "shuffle_down", "shuffle_up", 0u)
        .Cases("shfl", "shfl_xor", "shfl_down", "shfl_up", 0u)
        .Default(std::nullopt);
  return llvm::StringSwitch<std::optional<unsigned>>(N)
      .Cases("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
             "__shfl_xor_sync", 1u)
      .Cases("__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", 0u)
      .Cases("__reduce_max_sync", "__reduce_min_sync", 1u)
      .Cases("__builtin_amdgcn_readfirstlane", "__builtin_amdgcn_readlane", 0u)
      .Cases("select_from_group", "group_broadcast", "permute_group_by_xor",
             "shift_group_left", "shift_group_right", 1u)
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
  // In a template, a value computed from template parameters is a constant
  // of each instantiation ('constexpr int WARP_BATCH = (next_power_of_two <=
  // 128) ? 2 : 1'), bounded like a non-type template parameter; arithmetic
  // that mixes one with runtime values ('(blockIdx.x + ...) * WARP_BATCH')
  // is read operand by operand. A kernel template that its translation unit
  // never instantiates (a header's) is analysed this way only.
  const bool Dependent = E->isValueDependent();
  if (Dependent) {
    const Expr *Inner = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Inner))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && VD->isConstexpr()) {
        Magnitude M{TemplateConstantBound, MagnitudeKind::Constant};
        return storedIn(M, VD->getType());
      }
    if (!isa<ParenExpr, ImplicitCastExpr, BinaryOperator,
             AbstractConditionalOperator>(E))
      return Magnitude::unknown();
  }
  QualType T = E->getType();
  if (!integerWidth(T, Ctx))
    return Magnitude::unknown();

  // Constants first: literals, constexpr variables, sizeof, enumerators.
  // An integer operation on a non-constant operand is no constant: asking
  // Clang's evaluator anyway would walk the whole operand again at every
  // level of a long 'a + a + ... + a' chain (quadratic).
  Expr::EvalResult Eval;
  if (!Dependent && !hasNonConstantOperand(E) && E->EvaluateAsInt(Eval, Ctx) &&
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
    if (std::optional<unsigned> Value = exchangedArgument(MCE->getMethodDecl()))
      if (*Value < MCE->getNumArgs())
        return of(MCE->getArg(*Value));
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
    if (isMinMaxCall(Call)) {
      Magnitude A = of(Call->getArg(0)), B = of(Call->getArg(1));
      if (Callee->getName().contains("min"))
        return B.Max < A.Max ? B : A;
      return join(A, B);
    }
    if (Callee && isNamed(Callee, {"__lane_id", "lane_id", "__lanemask_lt"}))
      return {63, MagnitudeKind::Hardware};
    // A warp or sub-group exchange returns one lane's value of its value
    // argument, no larger than that argument: '__shfl_sync(mask,
    // threadIdx.x / 32, 0)' is a warp index, not a size.
    if (std::optional<unsigned> Value = exchangedArgument(Callee))
      if (*Value < Call->getNumArgs())
        return of(Call->getArg(*Value));
    if (!isa<CXXMemberCallExpr>(Call) && !isa<CXXOperatorCallExpr>(Call))
      if (std::optional<Magnitude> M = returnBound(Call))
        return *M;
    return leaf(E);
  }
  return leaf(E);
}

} // namespace kerneltidy
