//===- NarrowAccumulationCheck.cpp - kernel-narrow-accumulation -----------===//
//
// What is reported: sums that collect many terms -- across threads and blocks
// through atomics, across loop iterations, across warp shuffles or a shared-
// memory reduction tree -- held in a 16-bit floating type (fp16 or bf16).
// fp16 saturates at 65504, so a loss summed over ~18,700 pixels of magnitude
// 3.5 becomes inf; bf16 keeps 8 significant bits, so a running sum stops
// growing once it is 256 times the terms added to it.
//
// Terms:
//  - accumulator: a variable (or an element of a local or shared array) that
//    is updated from its own value ('s += x', 's = s + x', 's = __hadd(s, x)')
//    where the update repeats: inside a loop that does not contain the
//    variable's declaration, or with a warp-shuffled operand, or as a
//    reduction tree ('smem[t] += smem[t + s]'). The memory that an atomic
//    add targets is an accumulator shared by every thread.
//  - accumulate type: the wider type a kernel means to sum in: a type alias
//    or template parameter named like one ('accscalar_t', 'acc_t',
//    'opmath_t', 'acc_type', ...) in scope, otherwise 'float'.
//  - narrowing: the explicit or implicit conversion of a value computed in a
//    wider type to the 16-bit type just before it is added
//    ('static_cast<scalar_t>(acc)', '__float2half(sum)').
//  - 16-bit or "may be 16-bit": the type is fp16/bf16, or is a template
//    parameter that kerneltidy::TypeDispatch binds to one (explicit
//    instantiation, launch site, AT_DISPATCH_* macro); the warning names the
//    instantiation and a note points at it.
//
// Reported:
//  (a) an atomic add (atomicAdd & scoped variants, gpuAtomicAdd,
//      fastAtomicAdd, unsafeAtomicAdd, sycl::atomic_ref::fetch_add or +=,
//      torch-xpu-ops' atomicAdd(sycl_global_ptr<T>(p), v)) whose target
//      element may be 16-bit; notes: the narrowing of the added value, the
//      instantiation, the overflow point;
//  (b) an accumulator of 16-bit type; a note on its declaration names the
//      accumulate type, with a fix-it replacing the declared type when that
//      is mechanical (a plain local updated only with += / -=);
//  (c) a normalisation ('*output /= *total_weight') in 16-bit types of a
//      total that a 16-bit atomic add accumulated (matched by the name of the
//      memory it points to, across kernels).
//
// Silent: float/double atomics and accumulators; a sum kept in the
// accumulate type and cast once at the end; one pairwise combine of two
// 16-bit values ('__hadd2(a, b)'); templates never bound to a 16-bit type.
//
// Blind spots: a template with no visible instantiation or dispatch is taken
// not to be 16-bit; accumulation through helper functions (a reduce routine
// that takes the 16-bit type as a template argument) is not followed;
// pointers that reach an atomic through other variables or struct fields
// keep the type they are declared with; (c) pairs kernels by variable names.
// Device code is recognised by CUDA attributes; in SYCL and plain C++ every
// function counts (SYCL device functions carry no attribute).
//
// Why one long file: the body scanner, the narrowing search and the three
// report kinds (atomics, accumulators, normalisations) share the scanner's
// records; the policy already lives in lib/model/AccumulationEvidence. Next
// split: the scanner into lib/frontend/clang (issue 29).
//
//===----------------------------------------------------------------------===//
#include "lib/model/Confidence.h"
#include "checks/clang/NarrowAccumulationCheck.h"
#include "lib/frontend/clang/SourceText.h"
#include "lib/frontend/clang/DepthLimit.h"
#include "lib/frontend/clang/LoopTripCount.h"
#include "lib/model/AccumulationEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>

using namespace clang::ast_matchers;
using kerneltidy::Float16Kind;
using kerneltidy::TypeBinding;
using kerneltidy::TypeDispatch;

namespace clang::tidy::kernel {

void NarrowAccumulationCheck::registerPPCallbacks(
    const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) {
  DispatchSites.clear();
  PP->addPPCallbacks(
      std::make_unique<kerneltidy::DispatchMacroRecorder>(*PP, DispatchSites));
}

void NarrowAccumulationCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl(isDefinition()).bind("fn"), this);
}

namespace {

//===-- Small AST helpers ----------------------------------------------------===//

/// True for declarations produced by template instantiation (their pattern
/// is analysed instead, once).
bool isInInstantiation(const Decl *D) {
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    if (FD->isTemplateInstantiation())
      return true;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      if (FD->isTemplateInstantiation())
        return true;
    if (const auto *RD = dyn_cast<CXXRecordDecl>(DC))
      if (isa<ClassTemplateSpecializationDecl>(RD) ||
          RD->getTemplateInstantiationPattern())
        return true;
  }
  return false;
}

/// Device code, until kernel discovery lands in lib/analysis: CUDA and HIP
/// say so with attributes; SYCL device functions carry none, so in other
/// languages every function counts.
bool isDeviceFunction(const FunctionDecl *FD, const LangOptions &LO) {
  if (!LO.CUDA)
    return true;
  return FD->hasAttr<CUDAGlobalAttr>() || FD->hasAttr<CUDADeviceAttr>();
}

/// The name a call is made through, resolved or not.
StringRef calleeName(const CallExpr *CE) {
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
    if (isShuffleName(calleeName(CE)))
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

//===-- What one function contains ----------------------------------------===//

struct AtomicAdd {
  const CallExpr *Call = nullptr; ///< or CXXOperatorCallExpr for 'ref += v'
  const Expr *Target = nullptr;
  const Expr *Value = nullptr;
  QualType Element;
  const FunctionDecl *Function = nullptr;
};

struct AccumulatorUpdate {
  const Expr *Update = nullptr;
  const VarDecl *Var = nullptr;
  bool ArrayElement = false;
  bool Compound = false;          ///< '+=' / '-='
  bool SelfCombining = false;     ///< RHS reads the same array (tree)
  /// Every loop around the update inside Var's scope, innermost first: the
  /// loops whose iterations can add to one element again (empty: the update
  /// does not repeat through a loop).
  llvm::SmallVector<const Stmt *, 4> CountedLoops;
  const CallExpr *Shuffle = nullptr;
  const Expr *Term = nullptr;      ///< what is added ('x' in 's += x')
  const FunctionDecl *Function = nullptr;
};

struct Division {
  const Expr *Op = nullptr;
  const Expr *Dividend = nullptr;
  const Expr *Divisor = nullptr;
};

/// Binary operands of an assignment-like expression, resolved or not.
struct Operands {
  enum Kind { None, AddAssign, SubAssign, Assign, DivAssign, Div } K = None;
  const Expr *LHS = nullptr;
  const Expr *RHS = nullptr;
  SourceLocation OpLoc;
};

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
    StringRef Name = calleeName(CE);
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
                       atomicElementType(Target), Function});
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
      return isHalfAddName(calleeName(CE)) && mentionsVariable(CE, V);
    return false;
  }

  const FunctionDecl *Function;
  const LangOptions &LO;
  llvm::SmallVector<const Stmt *, 4> Loops;
};

/// The 16-bit additions that reach one element of U's accumulator
/// (lib/model/AccumulationEvidence.h): a loop that indexes the element is an
/// elementwise update, the butterfly loop of a shuffle is the shuffle's
/// 32 lanes, a constant loop multiplies, any other loop is data-sized.
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

//===-- Narrowing --------------------------------------------------------===//

struct Narrowing {
  const Expr *At = nullptr;      ///< the conversion
  const Expr *Operand = nullptr; ///< the wider value
};

/// The conversion that produced Value, if it converts a wider floating
/// value (or, in a template, a value of another type) to the 16-bit type.
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
      if (isNarrowingConversionName(calleeName(CE)) && CE->getNumArgs() >= 1)
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

/// The magnitude of a term whose value is a non-zero constant ('1',
/// '__float2half(1.0f)', 'static_cast<scalar_t>(1)'), looking through
/// conversions.
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
      E = isNarrowingConversionName(calleeName(CE)) && CE->getNumArgs() == 1
              ? CE->getArg(0)
              : nullptr;
    else
      return std::nullopt;
  }
  return std::nullopt;
}

std::string formatNumber(double V) {
  char Buf[64];
  if (V == std::floor(V) && V < 1e15)
    snprintf(Buf, sizeof(Buf), "%.0f", V);
  else
    snprintf(Buf, sizeof(Buf), "%g", V);
  return Buf;
}

std::string typeName(QualType T, const ASTContext &Ctx) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  return T.getLocalUnqualifiedType().getUnqualifiedType().getAsString(Policy);
}

/// The accumulate type in scope at F: a template parameter or type alias
/// named like one, in F, its enclosing functions and classes. "" if none.
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

} // namespace

void NarrowAccumulationCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  Context = Result.Context;
  if (!FD || FD->isInvalidDecl() || !FD->hasBody() || isInInstantiation(FD))
    return;
  // Lambda bodies are scanned with the function that contains them.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda())
      return;
  if (Result.SourceManager->isInSystemHeader(FD->getLocation()))
    return;
  Functions.push_back(FD);
}

void NarrowAccumulationCheck::onEndOfTranslationUnit() {
  // One tier for every finding (lib/model/Confidence.h): reported only when
  // the 'Confidence' option shows it (the CLI passes 'all' and filters).
  if (!kerneltidy::ConfidenceFilter::parseOrDefaults(
           Options.getLocalOrGlobal("Confidence", "default"))
           .showsUntiered("kernel-narrow-accumulation", kerneltidy::FrontEnd::Cxx))
    return;
  if (!Context || Functions.empty()) {
    Functions.clear();
    return;
  }
  ASTContext &Ctx = *Context;
  // The dispatch index walks the whole unit (about 2% of a parse): it is
  // built only when a template parameter's bindings are asked for. A
  // concrete type's bindings are what TypeDispatch::float16Bindings gives
  // for it without the index: the type itself when it is 16-bit.
  std::optional<TypeDispatch> DispatchIndex;
  auto Float16Bindings = [&](QualType T) {
    std::vector<TypeBinding> Result;
    if (T.isNull())
      return Result;
    if (Float16Kind K = kerneltidy::float16KindOf(T); K != Float16Kind::None) {
      TypeBinding B;
      PrintingPolicy Policy(Ctx.getLangOpts());
      Policy.SuppressTagKeyword = true;
      B.TypeName = T.getUnqualifiedType().getAsString(Policy);
      B.Type = T;
      B.Float16 = K;
      Result.push_back(std::move(B));
      return Result;
    }
    if (!TypeDispatch::asTemplateParm(T))
      return Result;
    if (!DispatchIndex)
      DispatchIndex.emplace(Ctx, DispatchSites);
    return DispatchIndex->float16Bindings(T);
  };

  std::vector<AtomicAdd> Atomics;
  std::vector<AccumulatorUpdate> Updates;
  std::vector<Division> Divisions;
  for (const FunctionDecl *FD : Functions) {
    BodyScanner Scanner(FD, Ctx.getLangOpts());
    Scanner.scan(FD->getBody(), isDeviceFunction(FD, Ctx.getLangOpts()));
    if (Scanner.TooDeep)
      continue;
    llvm::append_range(Atomics, Scanner.Atomics);
    llvm::append_range(Updates, Scanner.Updates);
    llvm::append_range(Divisions, Scanner.Divisions);
  }

  // "(instantiated as 'at::Half')" after a template parameter, "" after a
  // concrete 16-bit type.
  auto Instantiated = [](QualType T, const std::vector<TypeBinding> &B) {
    if (B.empty() || !TypeDispatch::asTemplateParm(T))
      return std::string();
    return " (instantiated as '" + B.front().TypeName + "')";
  };
  auto NoteBindings = [&](QualType T, const std::vector<TypeBinding> &B) {
    const TemplateTypeParmDecl *P = TypeDispatch::asTemplateParm(T);
    if (!P)
      return;
    unsigned Shown = 0;
    for (const TypeBinding &Binding : B) {
      if (Binding.Loc.isInvalid() || ++Shown > 3)
        continue;
      switch (Binding.Origin) {
      case TypeBinding::DispatchMacro:
        diag(Binding.Loc, "'%0' is dispatched as '%1' by '%2'",
             DiagnosticIDs::Note)
            << P->getName() << Binding.TypeName << Binding.Via;
        break;
      case TypeBinding::ExplicitInstantiation:
        diag(Binding.Loc, "'%0' is explicitly instantiated as '%1' here",
             DiagnosticIDs::Note)
            << P->getName() << Binding.TypeName;
        break;
      case TypeBinding::Instantiation:
        diag(Binding.Loc, "'%0' is instantiated as '%1' here",
             DiagnosticIDs::Note)
            << P->getName() << Binding.TypeName;
        break;
      }
    }
  };
  // The overflow point: exact when each added term is a constant, the
  // general rule otherwise.
  auto NoteLimit = [&](SourceLocation Loc, const TypeBinding &Type,
                       const Expr *Term, const std::string &AccType) {
    std::optional<double> M = constantMagnitude(Term, Ctx);
    if (Type.Float16 == Float16Kind::BFloat16) {
      if (M)
        diag(Loc,
             "'%0' keeps 8 significant bits: a sum of terms of %1 stops "
             "growing at %2; accumulate in '%3' and cast once at the end",
             DiagnosticIDs::Note)
            << Type.TypeName << formatNumber(*M) << formatNumber(256 * *M)
            << AccType;
      else
        diag(Loc,
             "'%0' keeps 8 significant bits: once a sum is 256 times its "
             "terms, adding a term no longer changes it; accumulate in '%1' "
             "and cast once at the end",
             DiagnosticIDs::Note)
            << Type.TypeName << AccType;
      return;
    }
    // fp16: 11 significant bits, maximum 65504. A running sum of terms of
    // magnitude m stops growing near 2048*m; it overflows first when the
    // terms are large (m > 32, e.g. per-block partial sums).
    if (M && 2048 * *M <= 65504)
      diag(Loc,
           "'%0' keeps 11 significant bits: a sum of terms of %1 stops "
           "growing near %2; accumulate in '%3' and cast once at the end",
           DiagnosticIDs::Note)
          << Type.TypeName << formatNumber(*M) << formatNumber(2048 * *M)
          << AccType;
    else if (M)
      diag(Loc,
           "'%0' overflows to inf past 65504: a sum of terms of %1 "
           "overflows after about %2 of them; accumulate in '%3' and cast once at "
           "the end",
           DiagnosticIDs::Note)
          << Type.TypeName << formatNumber(*M)
          << formatNumber(std::floor(65504 / *M) + 1) << AccType;
    else
      diag(Loc,
           "'%0' overflows to inf past 65504: a sum of N terms of magnitude "
           "m overflows once N*m > 65504 (and stops growing near 2048*m); "
           "accumulate in '%1' and cast once at the end",
           DiagnosticIDs::Note)
          << Type.TypeName << AccType;
  };
  auto AccTypeFor = [](const FunctionDecl *F) {
    std::string Acc = accumulateTypeInScope(F);
    return Acc.empty() ? std::string("float") : Acc;
  };

  // (a) Atomic adds into 16-bit memory.
  llvm::DenseMap<const ValueDecl *, const AtomicAdd *> NarrowTotals;
  llvm::StringMap<const AtomicAdd *> NarrowTotalNames;
  for (const AtomicAdd &A : Atomics) {
    if (A.Element.isNull())
      continue;
    std::vector<TypeBinding> B = Float16Bindings(A.Element);
    if (B.empty())
      continue;
    const std::string Elem = typeName(A.Element, Ctx);
    const std::string Acc = AccTypeFor(A.Function);
    diag(A.Call->getBeginLoc(),
         "atomic add accumulates into 16-bit floating type '%0'%1")
        << Elem << Instantiated(A.Element, B) << A.Call->getSourceRange();
    if (auto N = findNarrowing(A.Value)) {
      QualType OT = objectType(N->Operand);
      const auto *DRE = dyn_cast<DeclRefExpr>(N->Operand);
      if (DRE && (OT.isNull() || OT->getContainedAutoType()))
        diag(N->At->getBeginLoc(),
             "'%0' is narrowed to '%1' just before the atomic add",
             DiagnosticIDs::Note)
            << DRE->getDecl()->getName() << Elem << N->At->getSourceRange();
      else
        diag(N->At->getBeginLoc(),
             "value computed in '%0' is narrowed to '%1' just before the "
             "atomic add",
             DiagnosticIDs::Note)
            << typeName(OT, Ctx) << Elem << N->At->getSourceRange();
    }
    NoteBindings(A.Element, B);
    NoteLimit(A.Call->getBeginLoc(), B.front(), A.Value, Acc);
    if (const ValueDecl *Root = rootDecl(A.Target)) {
      NarrowTotals.try_emplace(Root, &A);
      NarrowTotalNames.try_emplace(Root->getName(), &A);
    }
  }

  // (b) 16-bit accumulators, once per variable.
  llvm::SmallPtrSet<const VarDecl *, 8> Reported;
  llvm::DenseMap<const VarDecl *, bool> OnlyCompound;
  llvm::DenseMap<const VarDecl *, unsigned> SelfCombiningCount;
  for (const AccumulatorUpdate &U : Updates) {
    auto [It, New] = OnlyCompound.try_emplace(U.Var, U.Compound);
    if (!New)
      It->second = It->second && U.Compound;
    if (U.SelfCombining)
      ++SelfCombiningCount[U.Var];
  }
  for (const AccumulatorUpdate &U : Updates) {
    const bool Tree =
        U.SelfCombining &&
        (!U.CountedLoops.empty() || SelfCombiningCount[U.Var] >= 2);
    if (U.CountedLoops.empty() && !U.Shuffle && !Tree)
      continue;
    if (Reported.count(U.Var))
      continue;
    // A reduction tree sums up to a block's threads; any other update is a
    // hazard only when many additions reach one element.
    std::optional<kerneltidy::AdditionCount> Additions;
    if (!Tree) {
      Additions = additionsPerElement(U, Ctx);
      if (!Additions->isHazard())
        continue;
    }
    QualType VarT = U.Var->getType();
    if (U.ArrayElement) {
      const ArrayType *AT = VarT->getAsArrayTypeUnsafe();
      if (!AT)
        continue;
      VarT = AT->getElementType();
    }
    std::vector<TypeBinding> B = Float16Bindings(VarT);
    if (B.empty())
      continue;
    Reported.insert(U.Var);
    const std::string Elem = typeName(VarT, Ctx);
    const std::string Acc = AccTypeFor(U.Function);
    const SourceLocation Loc = U.Update->getExprLoc();
    if (Tree)
      diag(Loc, "reduction tree over '%0' accumulates in 16-bit floating "
                "type '%1'%2")
          << U.Var->getName() << Elem << Instantiated(VarT, B);
    else if (U.Shuffle)
      diag(Loc, "accumulator '%0' of 16-bit floating type '%1'%2 is "
                "combined across warp shuffles")
          << U.Var->getName() << Elem << Instantiated(VarT, B);
    else
      diag(Loc, "accumulator '%0' of 16-bit floating type '%1'%2 is "
                "updated across loop iterations")
          << U.Var->getName() << Elem << Instantiated(VarT, B);

    // The declaration, and the mechanical fix where there is one.
    std::optional<FixItHint> Fix;
    const bool ConcreteOrAccInScope =
        !TypeDispatch::asTemplateParm(VarT) ||
        !accumulateTypeInScope(U.Function).empty();
    if (!U.ArrayElement && !isa<ParmVarDecl>(U.Var) && OnlyCompound[U.Var] &&
        ConcreteOrAccInScope)
      if (const TypeSourceInfo *TSI = U.Var->getTypeSourceInfo()) {
        SourceRange R = TSI->getTypeLoc().getSourceRange();
        if (R.isValid() && R.getBegin().isFileID() && R.getEnd().isFileID() &&
            !VarT.hasLocalQualifiers() && !VarT->getContainedAutoType() &&
            !U.Var->hasAttr<CUDASharedAttr>())
          Fix = FixItHint::CreateReplacement(
              CharSourceRange::getTokenRange(R), Acc);
      }
    {
      auto Note = diag(U.Var->getLocation(),
                       "'%0' is declared as '%1'; declare it in the "
                       "accumulate type '%2'",
                       DiagnosticIDs::Note)
                  << U.Var->getName() << Elem << Acc;
      if (Fix)
        Note << *Fix;
    }
    NoteBindings(VarT, B);
    if (Additions)
      diag(Loc, "each element takes %0 in 16 bits", DiagnosticIDs::Note)
          << Additions->describe();
    NoteLimit(Loc, B.front(), U.Term, Acc);
  }

  // (c) Normalisation in 16 bits of a total that a 16-bit atomic summed.
  for (const Division &D : Divisions) {
    QualType DividendT = objectType(D.Dividend);
    QualType DivisorT = objectType(D.Divisor);
    if (DividendT.isNull() || DivisorT.isNull())
      continue;
    std::vector<TypeBinding> B = Float16Bindings(DividendT);
    if (B.empty() || Float16Bindings(DivisorT).empty())
      continue;
    const AtomicAdd *Source = nullptr;
    const ValueDecl *Total = nullptr;
    for (const Expr *Side : {D.Divisor, D.Dividend}) {
      const ValueDecl *Root = rootDecl(Side);
      if (!Root)
        continue;
      auto It = NarrowTotals.find(Root);
      if (It != NarrowTotals.end())
        Source = It->second;
      else if (auto NIt = NarrowTotalNames.find(Root->getName());
               NIt != NarrowTotalNames.end())
        Source = NIt->second;
      if (Source) {
        Total = Root;
        break;
      }
    }
    if (!Source)
      continue;
    Operands O = operandsOf(D.Op);
    const std::string Elem = typeName(DividendT, Ctx);
    diag(O.OpLoc.isValid() ? O.OpLoc : D.Op->getExprLoc(),
         "normalisation divides in 16-bit floating type '%0'%1 by a total "
         "that a 16-bit atomic add accumulated")
        << Elem << Instantiated(DividendT, B) << D.Op->getSourceRange();
    diag(Source->Call->getBeginLoc(), "'%0' is accumulated here",
         DiagnosticIDs::Note)
        << Total->getName();
    diag(O.OpLoc.isValid() ? O.OpLoc : D.Op->getExprLoc(),
         "divide in the accumulate type and cast the quotient once: a "
         "saturated total gives inf or NaN here",
         DiagnosticIDs::Note);
  }

  Functions.clear();
  DispatchSites.clear();
}

} // namespace clang::tidy::kernel
