//===- Accumulations.cpp - the sums a function body accumulates -----------===//
//
// See Accumulations.h. One recursive scan per function body collects the
// atomic adds, accumulator updates and divisions; the helpers below resolve
// what a call, an object or a template argument is in a template pattern,
// where types are often still dependent.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/Accumulations.h"
#include "lib/frontend/clang/DepthLimit.h"
#include "lib/frontend/clang/IndexWidth.h"
#include "lib/frontend/clang/LoopTripCount.h"
#include "lib/frontend/clang/Predicates.h"
#include "lib/frontend/clang/SourceText.h"
#include "lib/frontend/clang/TypeDispatch.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>
#include <functional>

using namespace clang;

namespace kerneltidy {

namespace {

//===-- Small AST helpers ----------------------------------------------------===//

/// The name a call is made through, resolved or not (member calls too).
StringRef anyCalleeName(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return FD->getDeclName().isIdentifier() ? FD->getName() : StringRef();
  const Expr *Callee = CE->getCallee();
  if (!Callee)
    return {};
  Callee = Callee->IgnoreParenImpCasts();
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee))
    return ULE->getName().isIdentifier() ? ULE->getName().getAsIdentifierInfo()->getName() : StringRef();
  if (const auto *UME = dyn_cast<UnresolvedMemberExpr>(Callee))
    return UME->getMemberName().isIdentifier()
               ? UME->getMemberName().getAsIdentifierInfo()->getName()
               : StringRef();
  if (const auto *DME = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    return DME->getMember().isIdentifier()
               ? DME->getMember().getAsIdentifierInfo()->getName()
               : StringRef();
  if (const auto *ME = dyn_cast<MemberExpr>(Callee))
    if (ME->getMemberDecl()->getDeclName().isIdentifier())
      return ME->getMemberDecl()->getName();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    if (DRE->getDecl()->getDeclName().isIdentifier())
      return DRE->getDecl()->getName();
  return {};
}

/// The object of a member call ('ref' in 'ref.fetch_add(v)'), or null.
const Expr *memberCallObject(const CallExpr *CE) {
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
    return MCE->getImplicitObjectArgument();
  const Expr *Callee = CE->getCallee();
  if (!Callee)
    return nullptr;
  Callee = Callee->IgnoreParenImpCasts();
  if (const auto *DME = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    return DME->isImplicitAccess() ? nullptr : DME->getBase();
  if (const auto *UME = dyn_cast<UnresolvedMemberExpr>(Callee))
    return UME->isImplicitAccess() ? nullptr : UME->getBase();
  if (const auto *ME = dyn_cast<MemberExpr>(Callee))
    return ME->getBase();
  return nullptr;
}

bool isMemberCall(const CallExpr *CE) {
  if (isa<CXXMemberCallExpr>(CE))
    return true;
  const Expr *Callee = CE->getCallee();
  return Callee && isa<CXXDependentScopeMemberExpr, UnresolvedMemberExpr,
                       MemberExpr>(Callee->IgnoreParenImpCasts());
}

/// The first type template argument of T ('multi_ptr<__half, ...>',
/// 'atomic_ref<scalar_t, ...>', 'sycl_global_ptr<scalar_t>'), or null.
QualType firstTypeArgument(QualType T) {
  if (const auto *TST = T->getAs<TemplateSpecializationType>()) {
    ArrayRef<TemplateArgument> Args = TST->template_arguments();
    if (!Args.empty() && Args[0].getKind() == TemplateArgument::Type)
      return Args[0].getAsType();
  }
  if (const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          T->getAsRecordDecl())) {
    const TemplateArgumentList &Args = RD->getTemplateArgs();
    if (Args.size() && Args[0].getKind() == TemplateArgument::Type)
      return Args[0].getAsType();
  }
  return {};
}

/// The name of the class template T specialises, or "".
StringRef templateNameOf(QualType T) {
  if (T.isNull())
    return "";
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    if (const TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl())
      if (TD->getIdentifier())
        return TD->getName();
  if (const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          T->getAsRecordDecl()))
    return RD->getName();
  return "";
}

/// The element type an atomic target designates: the pointee of a pointer,
/// the element of a SYCL pointer or reference wrapper.
QualType atomicElementType(const Expr *Target) {
  if (!Target)
    return {};
  const Expr *E = Target->IgnoreParenImpCasts();
  QualType T;
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    return objectType(UO->getSubExpr());
  T = objectType(E);
  if (T.isNull())
    return {};
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType();
  return firstTypeArgument(T);
}

bool mentionsVariable(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl() == V)
      return true;
  for (const Stmt *Child : S->children())
    if (mentionsVariable(Child, V))
      return true;
  return false;
}

bool isShuffleName(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("__shfl_down_sync", "__shfl_xor_sync", "__shfl_sync",
             "__shfl_up_sync", true)
      .Cases("__shfl_down", "__shfl_xor", "__shfl", "__shfl_up", true)
      .Cases("WARP_SHFL_DOWN", "WARP_SHFL_XOR", "WARP_SHFL", "WARP_SHFL_UP",
             true)
      .Cases("shift_group_left", "shift_group_right", "permute_group_by_xor",
             "select_from_group", true)
      .Cases("shuffle_down", "shuffle_xor", "shuffle_up", "shfl_down",
             "shfl_xor", true)
      .Default(false);
}

const CallExpr *findShuffle(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (isShuffleName(anyCalleeName(CE)))
      return CE;
  for (const Stmt *Child : S->children())
    if (const CallExpr *Found = findShuffle(Child))
      return Found;
  return nullptr;
}

/// Intrinsics that add their arguments in 16 bits: 's = __hadd(s, x)'.
bool isHalfAddName(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("__hadd", "__hadd2", "__hsub", "__hsub2", "__hadd_rn", true)
      .Cases("__hfma", "__hfma2", "__hadd_sat", "__hadd2_sat", true)
      .Default(false);
}

/// Conversions to a 16-bit type written as calls.
bool isNarrowingConversionName(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("__float2half", "__float2half_rn", "__float2half_rz",
             "__float2half_rd", "__float2half_ru", true)
      .Cases("__double2half", "__float2bfloat16", "__float2bfloat16_rn",
             "__float2bfloat16_rz", "__double2bfloat16", true)
      .Cases("__float2half2_rn", "__floats2half2_rn", "__float22half2_rn",
             "__floats2bfloat162_rn", "__float22bfloat162_rn", true)
      .Default(false);
}

/// Accumulate-type naming: 'accscalar_t', 'acc_t', 'acc_type', 'AccT',
/// 'opmath_t', 'accreal', 'compute_t'.
bool isAccumulateTypeName(StringRef Name) {
  std::string Lower = Name.lower();
  StringRef L(Lower);
  return L.starts_with("acc") || L.contains("opmath") ||
         L.starts_with("compute_t") || L == "computet";
}

bool isAtomicRefType(QualType T) {
  if (T.isNull()) // an object whose type a template pattern leaves open
    return false;
  StringRef Name = templateNameOf(T.getNonReferenceType());
  return Name == "atomic_ref" || Name == "atomic";
}

/// Collects the atomics, accumulator updates and divisions of one function
/// body, descending into lambdas (SYCL kernels, extended CUDA lambdas).
class BodyScanner {
public:
  BodyScanner(const FunctionDecl *FD, const LangOptions &LO)
      : Function(FD), LO(LO) {}

  std::vector<AtomicAdd> Atomics;
  std::vector<AccumulatorUpdate> Updates;
  std::vector<Division> Divisions;
  /// Part of the body nests too deep to scan (DepthLimit.h): what was
  /// collected is incomplete, so the function is not judged.
  bool TooDeep = false;

  void scan(const Stmt *S, bool Device) {
    if (!S)
      return;
    kerneltidy::AnalysisDepthGuard Depth;
    if (Depth.exceeded()) {
      TooDeep = true;
      return;
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      const CXXMethodDecl *Op = LE->getCallOperator();
      bool LambdaDevice = Device || !LO.CUDA ||
                          (Op && (Op->hasAttr<CUDADeviceAttr>() ||
                                  Op->hasAttr<CUDAGlobalAttr>()));
      scan(LE->getBody(), LambdaDevice);
      return;
    }
    const bool IsLoop =
        isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    if (IsLoop)
      Loops.push_back(S);
    if (Device)
      if (const auto *E = dyn_cast<Expr>(S); E && !E->containsErrors())
        inspect(E);
    for (const Stmt *Child : S->children())
      scan(Child, Device);
    if (IsLoop)
      Loops.pop_back();
  }

private:
  void inspect(const Expr *E) {
    if (const auto *CE = dyn_cast<CallExpr>(E))
      if (inspectAtomic(CE))
        return;
    Operands O = operandsOf(E);
    switch (O.K) {
    case Operands::AddAssign:
    case Operands::SubAssign:
    case Operands::Assign:
      inspectUpdate(E, O);
      break;
    case Operands::DivAssign:
    case Operands::Div:
      Divisions.push_back({E, O.LHS, O.RHS});
      break;
    case Operands::None:
      break;
    }
  }

  bool inspectAtomic(const CallExpr *CE) {
    // 'ref += v' on a sycl::atomic_ref.
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE)) {
      if ((OCE->getOperator() == OO_PlusEqual ||
           OCE->getOperator() == OO_MinusEqual) &&
          OCE->getNumArgs() == 2 && isAtomicRefType(objectType(OCE->getArg(0)))) {
        Atomics.push_back({CE, OCE->getArg(0), OCE->getArg(1),
                           firstTypeArgument(objectType(OCE->getArg(0))),
                           Function});
        return true;
      }
      return false;
    }
    StringRef Name = anyCalleeName(CE);
    if (Name.empty())
      return false;
    if (Name == "fetch_add" || Name == "fetch_sub") {
      const Expr *Object = memberCallObject(CE);
      if (!Object || CE->getNumArgs() < 1)
        return false;
      QualType ObjT = objectType(Object);
      if (ObjT.isNull() || !isAtomicRefType(ObjT))
        return false;
      Atomics.push_back(
          {CE, Object, CE->getArg(0), firstTypeArgument(ObjT), Function});
      return true;
    }
    const bool Free = llvm::StringSwitch<bool>(Name)
                          .Cases("atomicAdd", "atomicAdd_block",
                                 "atomicAdd_system", "gpuAtomicAdd", true)
                          .Cases("gpuAtomicAddNoReturn", "fastAtomicAdd",
                                 "unsafeAtomicAdd", "safeAtomicAdd", true)
                          .Cases("atomicAddNoRet", "atomic_add", true)
                          .Default(false);
    if (!Free || isMemberCall(CE))
      return false;
    const unsigned ValueIndex = Name == "fastAtomicAdd" ? 3 : 1;
    if (CE->getNumArgs() <= ValueIndex)
      return false;
    const Expr *Target = CE->getArg(0);
    Atomics.push_back({CE, Target, CE->getArg(ValueIndex),
                       atomicElementType(Target), Function,
                       Name == "fastAtomicAdd" ? CE->getArg(1) : nullptr});
    return true;
  }

  void inspectUpdate(const Expr *E, const Operands &O) {
    const Expr *L = O.LHS->IgnoreParenImpCasts();
    AccumulatorUpdate U;
    U.Update = E;
    U.Function = Function;
    U.Compound = O.K != Operands::Assign;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(L)) {
      U.Var = dyn_cast<VarDecl>(DRE->getDecl());
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(L)) {
      if (const auto *Base =
              dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts()))
        U.Var = dyn_cast<VarDecl>(Base->getDecl());
      U.ArrayElement = true;
      if (U.Var && !U.Var->getType()->isArrayType())
        return; // a pointer parameter: global memory, not an accumulator
    }
    // Locals and by-value parameters ('__half v' of a warp-reduce helper).
    if (!U.Var || !U.Var->isLocalVarDeclOrParm() ||
        (U.Var->isStaticLocal() && !U.Var->hasAttr<CUDASharedAttr>()) ||
        U.Var->getType()->isReferenceType())
      return;
    const Expr *R = O.RHS->IgnoreParenImpCasts();
    if (!U.Compound && !isSelfUpdate(R, U.Var))
      return;
    U.SelfCombining = U.ArrayElement && mentionsVariable(R, U.Var);
    U.Term = U.Compound ? R : nullptr;
    U.Shuffle = findShuffle(R);
    const SourceManager &SM = U.Var->getASTContext().getSourceManager();
    for (const Stmt *Loop : llvm::reverse(Loops)) {
      SourceRange LR = Loop->getSourceRange();
      SourceLocation VL = U.Var->getLocation();
      const bool DeclaredInside = !SM.isBeforeInTranslationUnit(
                                      VL, LR.getBegin()) &&
                                  !SM.isBeforeInTranslationUnit(LR.getEnd(), VL);
      if (DeclaredInside)
        break;
      U.CountedLoops.push_back(Loop);
    }
    Updates.push_back(U);
  }

  /// 's = s + x', 's = x + s', 's = __hadd(s, x)'.
  static bool isSelfUpdate(const Expr *R, const VarDecl *V) {
    if (const auto *BO = dyn_cast<BinaryOperator>(R))
      return (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) &&
             (mentionsVariable(BO->getLHS(), V) ||
              mentionsVariable(BO->getRHS(), V));
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(R))
      return (OCE->getOperator() == OO_Plus ||
              OCE->getOperator() == OO_Minus) &&
             mentionsVariable(OCE, V);
    if (const auto *CE = dyn_cast<CallExpr>(R))
      return isHalfAddName(anyCalleeName(CE)) && mentionsVariable(CE, V);
    return false;
  }

  const FunctionDecl *Function;
  const LangOptions &LO;
  llvm::SmallVector<const Stmt *, 4> Loops;
};

} // namespace

Operands operandsOf(const Expr *E) {
  Operands O;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    switch (BO->getOpcode()) {
    case BO_AddAssign: O.K = Operands::AddAssign; break;
    case BO_SubAssign: O.K = Operands::SubAssign; break;
    case BO_Assign: O.K = Operands::Assign; break;
    case BO_DivAssign: O.K = Operands::DivAssign; break;
    case BO_Div: O.K = Operands::Div; break;
    default: return O;
    }
    O.LHS = BO->getLHS();
    O.RHS = BO->getRHS();
    O.OpLoc = BO->getOperatorLoc();
    return O;
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OCE->getNumArgs() != 2)
      return O;
    switch (OCE->getOperator()) {
    case OO_PlusEqual: O.K = Operands::AddAssign; break;
    case OO_MinusEqual: O.K = Operands::SubAssign; break;
    case OO_Equal: O.K = Operands::Assign; break;
    case OO_SlashEqual: O.K = Operands::DivAssign; break;
    case OO_Slash: O.K = Operands::Div; break;
    default: return O;
    }
    O.LHS = OCE->getArg(0);
    O.RHS = OCE->getArg(1);
    O.OpLoc = OCE->getOperatorLoc();
  }
  return O;
}


/// The type of the object an expression designates, looking through the
/// dependent expressions of a template pattern to the declarations:
/// '*p' with 'scalar_t *p' is 'scalar_t'.
QualType objectType(const Expr *E) {
  if (!E)
    return {};
  E = E->IgnoreParenImpCasts();
  if (!E->isTypeDependent())
    return E->getType().getNonReferenceType();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl()->getType().getNonReferenceType();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl()->getType().getNonReferenceType();
  auto ElementOf = [](QualType Base) -> QualType {
    if (Base.isNull())
      return {};
    if (const auto *PT = Base->getAs<PointerType>())
      return PT->getPointeeType();
    if (const ArrayType *AT = Base->getAsArrayTypeUnsafe())
      return AT->getElementType();
    return firstTypeArgument(Base); // an accessor: element type first
  };
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return ElementOf(objectType(ASE->getBase()));
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return ElementOf(objectType(UO->getSubExpr()));
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E))
    if ((OCE->getOperator() == OO_Subscript || OCE->getOperator() == OO_Star) &&
        OCE->getNumArgs() >= 1)
      return ElementOf(objectType(OCE->getArg(0)));
  if (const auto *UCE = dyn_cast<CXXUnresolvedConstructExpr>(E))
    return UCE->getTypeAsWritten();
  if (const auto *FCE = dyn_cast<ExplicitCastExpr>(E))
    return FCE->getTypeAsWritten();
  return E->getType();
}

/// The variable or field an expression is rooted in: 'total_weight' in
/// '*total_weight', 'sycl_global_ptr<scalar_t>(total_weight)' or 'out[i]';
/// 'total_weight_' in a functor's '*total_weight_'.
const ValueDecl *rootDecl(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = UO->getSubExpr();
    else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase();
    else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E))
      E = OCE->getNumArgs() ? OCE->getArg(0) : nullptr;
    else if (const auto *UCE = dyn_cast<CXXUnresolvedConstructExpr>(E))
      E = UCE->getNumArgs() == 1 ? UCE->getArg(0) : nullptr;
    else if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
      E = CE->getSubExpr();
    else if (const auto *CCE = dyn_cast<CXXConstructExpr>(E))
      E = CCE->getNumArgs() >= 1 ? CCE->getArg(0) : nullptr;
    else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BTE->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

FunctionAccumulations scanAccumulations(const FunctionDecl *FD,
                                        const LangOptions &LO, bool Device) {
  BodyScanner Scanner(FD, LO);
  Scanner.scan(FD->getBody(), Device);
  FunctionAccumulations Out;
  Out.Atomics = std::move(Scanner.Atomics);
  Out.Updates = std::move(Scanner.Updates);
  Out.Divisions = std::move(Scanner.Divisions);
  Out.TooDeep = Scanner.TooDeep;
  return Out;
}

kerneltidy::AdditionCount additionsPerElement(const AccumulatorUpdate &U,
                                              const ASTContext &Ctx) {
  kerneltidy::AdditionCount N;
  const Expr *ElementIndex = nullptr;
  if (U.ArrayElement)
    if (const auto *LHS = operandsOf(U.Update).LHS)
      if (const auto *ASE =
              dyn_cast<ArraySubscriptExpr>(LHS->IgnoreParenImpCasts()))
        ElementIndex = ASE->getIdx();
  if (U.Shuffle)
    N.warpShuffle();
  for (const Stmt *Loop : U.CountedLoops) {
    kerneltidy::LoopTripCount Trip = kerneltidy::loopTripCount(Loop, Ctx);
    if (Trip.Induction) {
      if (ElementIndex && mentionsVariable(ElementIndex, Trip.Induction))
        continue; // another element each iteration
      if (U.Shuffle && mentionsVariable(U.Shuffle, Trip.Induction))
        continue; // the butterfly over the warp's lanes
    }
    if (Trip.Count) {
      N.loop(*Trip.Count);
      continue;
    }
    std::string Bound;
    if (const auto *For = dyn_cast<ForStmt>(Loop))
      if (const auto *Cond = dyn_cast_or_null<BinaryOperator>(
              For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr))
        Bound = "the loop to '" +
                kerneltidy::quotedSource(Cond->getRHS(), Ctx) + "'";
    N.dataSizedLoop(std::move(Bound));
  }
  return N;
}

std::optional<Narrowing> findNarrowing(const Expr *Value) {
  const Expr *V = Value;
  for (unsigned Steps = 0; V && Steps < 8; ++Steps) {
    V = V->IgnoreParens();
    const Expr *Operand = nullptr;
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(V)) {
      if (ICE->getCastKind() == CK_FloatingCast)
        Operand = ICE->getSubExpr();
      else {
        V = ICE->getSubExpr();
        continue;
      }
    } else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(V)) {
      V = MTE->getSubExpr();
      continue;
    } else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(V)) {
      V = BTE->getSubExpr();
      continue;
    } else if (const auto *EWC = dyn_cast<ExprWithCleanups>(V)) {
      V = EWC->getSubExpr();
      continue;
    } else if (const auto *ECE = dyn_cast<ExplicitCastExpr>(V)) {
      Operand = ECE->getSubExprAsWritten();
    } else if (const auto *UCE = dyn_cast<CXXUnresolvedConstructExpr>(V)) {
      if (UCE->getNumArgs() == 1)
        Operand = UCE->getArg(0);
    } else if (const auto *CCE = dyn_cast<CXXConstructExpr>(V)) {
      if (CCE->getNumArgs() == 1)
        Operand = CCE->getArg(0);
    } else if (const auto *CE = dyn_cast<CallExpr>(V)) {
      if (isNarrowingConversionName(anyCalleeName(CE)) && CE->getNumArgs() >= 1)
        Operand = CE->getArg(0);
    }
    if (!Operand)
      return std::nullopt;
    const Expr *Bare = Operand->IgnoreParenImpCasts();
    if (isa<FloatingLiteral, IntegerLiteral>(Bare))
      return std::nullopt;
    QualType OT = objectType(Bare);
    if (OT.isNull() || kerneltidy::isFloat16Type(OT) || OT->isIntegerType())
      return std::nullopt;
    if (kerneltidy::isWideFloatingType(OT) || OT->isDependentType() ||
        OT->isUndeducedType())
      return Narrowing{V, Bare};
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<double> constantMagnitude(const Expr *E, const ASTContext &Ctx) {
  for (unsigned Steps = 0; E && Steps < 8; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (E->containsErrors())
      return std::nullopt;
    if (!E->isValueDependent() && !E->isTypeDependent() &&
        (E->getType()->isRealFloatingType() || E->getType()->isIntegerType())) {
      Expr::EvalResult R;
      if (E->EvaluateAsRValue(R, Ctx)) {
        double V = 0;
        if (R.Val.isFloat())
          V = R.Val.getFloat().convertToDouble();
        else if (R.Val.isInt())
          V = static_cast<double>(R.Val.getInt().getSExtValue());
        else
          return std::nullopt;
        V = std::fabs(V);
        return V > 0 ? std::optional<double>(V) : std::nullopt;
      }
    }
    // One conversion to the 16-bit type: look at what it converts.
    if (const auto *ECE = dyn_cast<ExplicitCastExpr>(E))
      E = ECE->getSubExprAsWritten();
    else if (const auto *UCE = dyn_cast<CXXUnresolvedConstructExpr>(E))
      E = UCE->getNumArgs() == 1 ? UCE->getArg(0) : nullptr;
    else if (const auto *CCE = dyn_cast<CXXConstructExpr>(E))
      E = CCE->getNumArgs() == 1 ? CCE->getArg(0) : nullptr;
    else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BTE->getSubExpr();
    else if (const auto *CE = dyn_cast<CallExpr>(E))
      E = isNarrowingConversionName(anyCalleeName(CE)) && CE->getNumArgs() == 1
              ? CE->getArg(0)
              : nullptr;
    else
      return std::nullopt;
  }
  return std::nullopt;
}

std::string accumulateTypeInScope(const FunctionDecl *F) {
  auto FromParams = [](const TemplateParameterList *Params) -> std::string {
    if (!Params)
      return "";
    for (const NamedDecl *P : *Params)
      if (isa<TemplateTypeParmDecl>(P) && P->getIdentifier() &&
          isAccumulateTypeName(P->getName()))
        return std::string(P->getName());
    return "";
  };
  std::function<std::string(const Stmt *)> FromBody =
      [&](const Stmt *S) -> std::string {
    if (!S)
      return "";
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
          if (TD->getIdentifier() && isAccumulateTypeName(TD->getName()) &&
              !kerneltidy::isFloat16Type(TD->getUnderlyingType()))
            return std::string(TD->getName());
    if (isa<LambdaExpr>(S))
      return "";
    for (const Stmt *Child : S->children())
      if (std::string Found = FromBody(Child); !Found.empty())
        return Found;
    return "";
  };
  for (const DeclContext *DC = F; DC; DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC)) {
      if (std::string P = FromParams(
              FD->getDescribedFunctionTemplate()
                  ? FD->getDescribedFunctionTemplate()->getTemplateParameters()
                  : nullptr);
          !P.empty())
        return P;
      if (std::string B = FromBody(FD->getBody()); !B.empty())
        return B;
    } else if (const auto *RD = dyn_cast<CXXRecordDecl>(DC)) {
      if (const ClassTemplateDecl *CTD = RD->getDescribedClassTemplate())
        if (std::string P = FromParams(CTD->getTemplateParameters());
            !P.empty())
          return P;
      for (const Decl *D : RD->decls())
        if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
          if (TD->getIdentifier() && isAccumulateTypeName(TD->getName()))
            return std::string(TD->getName());
    }
  }
  return "";
}

bool spelledAsAccumulateType(QualType T) {
  for (unsigned Depth = 0; !T.isNull() && Depth < 8; ++Depth) {
    if (const auto *TT = T->getAs<TypedefType>();
        TT && T->getTypeClass() == Type::Typedef) {
      if (TT->getDecl()->getIdentifier() &&
          isAccumulateTypeName(TT->getDecl()->getName()))
        return true;
      T = TT->getDecl()->getUnderlyingType();
      continue;
    }
    if (const auto *P = dyn_cast<TemplateTypeParmType>(T.getTypePtr()))
      return P->getIdentifier() && isAccumulateTypeName(P->getIdentifier()->getName());
    if (const auto *S = dyn_cast<SubstTemplateTypeParmType>(T.getTypePtr())) {
      const TemplateTypeParmDecl *D = S->getReplacedParameter();
      return D && D->getIdentifier() && isAccumulateTypeName(D->getName());
    }
    if (const auto *E = dyn_cast<ElaboratedType>(T.getTypePtr())) {
      T = E->getNamedType();
      continue;
    }
    if (const auto *DN = dyn_cast<DependentNameType>(T.getTypePtr()))
      return DN->getIdentifier() && isAccumulateTypeName(DN->getIdentifier()->getName());
    return false;
  }
  return false;
}

namespace {

/// What the address of one atomic add is computed from.
struct AddressSources {
  bool ThreadPosition = false;
  unsigned BlockAxes = 0; // bit per axis of 'blockIdx' / a SYCL group id
  bool Memory = false;    // a value read from memory reaches the address
  /// Every value read from memory that reaches the address is an integer
  /// (an index saved in a tensor), none a float (a coordinate, a value).
  bool OnlyLoadedIntegers = true;
  /// A parameter of a function that is no kernel: the caller's value.
  bool CallerValue = false;
  bool Incomplete = false;
};

/// The axis (0, 1, 2) of 'blockIdx.x/y/z', of a SYCL 'get_group(d)' /
/// 'get_group_id(d)', or -1.
int blockAxisOf(const Stmt *S) {
  if (const auto *ME = dyn_cast<MemberExpr>(S)) {
    const auto *DRE =
        dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->getIdentifier() || VD->getName() != "blockIdx" ||
        !ME->getMemberDecl()->getIdentifier())
      return -1;
    StringRef F = ME->getMemberDecl()->getName();
    return F == "x" ? 0 : F == "y" ? 1 : F == "z" ? 2 : -1;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    StringRef Callee = anyCalleeName(Call);
    if ((Callee == "get_group" || Callee == "get_group_id") &&
        Call->getNumArgs() == 1)
      if (const auto *IL = dyn_cast<IntegerLiteral>(
              Call->getArg(0)->IgnoreParenImpCasts()))
        return static_cast<int>(IL->getValue().getLimitedValue(3));
  }
  return -1;
}

bool isThreadQuery(const Stmt *S) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    StringRef Name = DRE->getDecl()->getName();
    return Name == "threadIdx" || Name == "blockIdx";
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    // Also a 'sycl::item''s own 'get_id' / 'get_linear_id'.
    StringRef Callee = anyCalleeName(Call);
    return isThreadPositionQueryName(Callee) || Callee == "get_id" ||
           Callee == "get_linear_id";
  }
  return false;
}

/// The grid axes a body reads anywhere (lambdas included).
unsigned blockAxesRead(const Stmt *Body) {
  unsigned Axes = 0;
  SmallVector<const Stmt *, 32> Work{Body};
  unsigned Budget = 200000;
  while (!Work.empty() && Budget-- > 0) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (int Axis = blockAxisOf(S); Axis >= 0)
      Axes |= 1u << Axis;
    if (const auto *L = dyn_cast<LambdaExpr>(S)) {
      Work.push_back(L->getBody());
      continue;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return Axes;
}

bool isPointerLike(const Expr *E) {
  QualType T = E->getType();
  if (T.isNull())
    return false;
  if (T->isPointerType() || T->isArrayType())
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<ValueDecl>(DRE->getDecl()))
      return VD->getType()->isPointerType() || VD->getType()->isArrayType();
  return false;
}

class AddressWalk {
public:
  /// Kernel: the function is a kernel entry (a '__global__' function, a
  /// kernel functor's call operator), whose parameters are the same for
  /// every thread; a helper's are its caller's values.
  /// Data: the element type of the atomic's target; a load of that type is
  /// the tensor's data, not an index, also where a template leaves both
  /// open ('T' of 'const T *rois').
  AddressWalk(const FunctionPredicates &FP, bool Kernel, QualType Data)
      : FP(FP), Kernel(Kernel),
        Data(Data.isNull() ? Data : Data.getCanonicalType().getUnqualifiedType()) {}

  AddressSources Out;

  /// The address itself: the element's base and the indices into it.
  void address(const Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 24 || Budget == 0) {
      Out.Incomplete = Out.Incomplete || Budget == 0 || Depth > 24;
      return;
    }
    --Budget;
    E = E->IgnoreParenCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref)
        return address(U->getSubExpr(), Depth + 1);
      return index(E);
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      address(ASE->getBase(), Depth + 1);
      return index(ASE->getIdx());
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2) {
      // An accessor's element: 'acc[b][c][y][x]'.
      address(Op->getArg(0), Depth + 1);
      return index(Op->getArg(1));
    }
    const Expr *L = nullptr, *R = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
      L = BO->getLHS();
      R = BO->getRHS();
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
               Op && Op->getNumArgs() == 2 &&
               (Op->getOperator() == OO_Plus ||
                Op->getOperator() == OO_Minus)) {
      L = Op->getArg(0);
      R = Op->getArg(1);
    }
    if (L && R) {
      if (isPointerLike(R) && !isPointerLike(L))
        std::swap(L, R);
      address(L, Depth + 1);
      return index(R);
    }
    if (isa<MemberExpr>(E)) {
      const auto *ME = cast<MemberExpr>(E);
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        return; // a functor's field: a kernel argument
      return address(ME->getBase(), Depth + 1);
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && isa<ParmVarDecl>(VD) && !Kernel)
        Out.CallerValue = true;
      if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD))
        return; // a kernel parameter or a global: the same for every thread
      if (!enter(VD))
        return;
      bool Stepped = false;
      for (const Expr *D : FP.definitionsOf(VD, &Stepped))
        if (isPointerLike(D))
          address(D, Depth + 1); // 'p = grad + base'
        else
          index(D); // 'p += stride', or an index a template leaves open
      if (Stepped)
        Out.Incomplete = true; // '++p': where it stops is not followed
      return;
    }
    if (isa<CallExpr>(E) || isa<CXXConstructExpr>(E) ||
        isa<CXXUnresolvedConstructExpr>(E)) {
      // Wrappers of the address: 'sycl_global_ptr<T>(p + i)',
      // 'atomic_ref<T>(x[i])'.
      for (const Stmt *Child : E->children())
        if (const auto *CE = dyn_cast_or_null<Expr>(Child))
          address(CE, Depth + 1);
      return;
    }
    index(E);
  }

  /// Any index expression: what it is computed from.
  void index(const Expr *Root) {
    SmallVector<const Stmt *, 16> Work{Root};
    while (!Work.empty()) {
      if (Budget == 0) {
        Out.Incomplete = true;
        return;
      }
      --Budget;
      const Stmt *S = Work.pop_back_val();
      if (!S || isa<LambdaExpr>(S) || isa<UnaryExprOrTypeTraitExpr>(S))
        continue;
      if (const auto *E = dyn_cast<Expr>(S)) {
        const Expr *P = E->IgnoreParens();
        if (isa<RecoveryExpr>(P)) {
          // A part the parse could not build: what it reads is not known.
          Out.Incomplete = true;
          return;
        }
        if (isMemoryRead(P)) {
          Out.Memory = true;
          QualType T = P->getType();
          if (T.isNull() || !(T->isIntegerType() || T->isDependentType()) ||
              (!Data.isNull() &&
               T.getCanonicalType().getUnqualifiedType() == Data))
            Out.OnlyLoadedIntegers = false;
          continue;
        }
      }
      if (int Axis = blockAxisOf(S); Axis >= 0)
        Out.BlockAxes |= 1u << Axis;
      if (isThreadQuery(S)) {
        Out.ThreadPosition = true;
        continue;
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        if (VD && isa<ParmVarDecl>(VD) && !Kernel)
          Out.CallerValue = true;
        if (VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && enter(VD))
          for (const Expr *D : FP.definitionsOf(VD))
            Work.push_back(D);
        continue;
      }
      for (const Stmt *Child : S->children())
        Work.push_back(Child);
    }
  }

private:
  bool enter(const VarDecl *VD) {
    if (llvm::is_contained(Seen, VD->getCanonicalDecl()) || Seen.size() > 32)
      return false;
    Seen.push_back(VD->getCanonicalDecl());
    return true;
  }

  /// A value read from memory: a memory lvalue of Predicates.h ('p[i]',
  /// '*p', 'p->x', an accessor's element, also of a class the parse only has
  /// a stand-in for) other than a component of a SYCL id or range
  /// ('get_global_id()[2]') or a field of a loaded struct (its subscript is
  /// the read), or '__ldg(p)'.
  static bool isMemoryRead(const Expr *E) {
    if (const auto *Call = dyn_cast<CallExpr>(E);
        Call && !isa<CXXOperatorCallExpr>(Call))
      return anyCalleeName(Call) == "__ldg";
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      return false;
    if (!isMemoryLValue(E))
      return false;
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
    if (!Op)
      return true;
    if (Op->getNumArgs() != 2)
      return false;
    const Expr *Object = Op->getArg(0)->IgnoreImplicit();
    if (isa<CallExpr>(Object) && !isa<CXXOperatorCallExpr>(Object))
      return false;
    StringRef Name = templateNameOf(Object->getType());
    if (Name.empty())
      if (const auto *RD = Object->getType()->getAsCXXRecordDecl())
        Name = RD->getIdentifier() ? RD->getName() : StringRef();
    return Name != "id" && Name != "range" && Name != "item" &&
           Name != "nd_item";
  }

  const FunctionPredicates &FP;
  const bool Kernel;
  const QualType Data;
  SmallVector<const VarDecl *, 16> Seen;
  unsigned Budget = 4000;
};

} // namespace

/// A kernel entry: its parameters are the same for every thread.
static bool isKernelEntry(const FunctionDecl *F) {
  if (F->hasAttr<CUDAGlobalAttr>())
    return true;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(F))
    return MD->getParent()->isLambda() ||
           kernelFunctorCallOperator(MD->getParent()) != nullptr;
  return false;
}

AtomicTarget classifyAtomicTarget(const AtomicAdd &A,
                                  const FunctionPredicates &FP) {
  AddressWalk Walk(FP, A.Function && isKernelEntry(A.Function), A.Element);
  Walk.address(A.Target);
  if (A.Index)
    Walk.index(A.Index);
  const AddressSources &S = Walk.Out;
  if (S.Incomplete || S.CallerValue)
    return AtomicTarget::Unknown;
  if (S.Memory)
    return S.OnlyLoadedIntegers && S.ThreadPosition
               ? AtomicTarget::LoadedIndexBesideCoordinates
               : AtomicTarget::ScatteredByData;
  if (!S.ThreadPosition)
    return AtomicTarget::OneElement;
  const Stmt *Body = A.Function ? A.Function->getBody() : nullptr;
  if (Body && (blockAxesRead(Body) & ~S.BlockAxes) != 0)
    return AtomicTarget::OmitsGridAxis;
  return AtomicTarget::ThreadCoordinates;
}

} // namespace kerneltidy
