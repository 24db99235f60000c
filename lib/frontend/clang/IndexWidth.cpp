//===- IndexWidth.cpp - how wide a kernel's indices are -------------------===//
//
// The offset walk is deliberately syntactic: the width an offset is computed
// in is the type of its index expression. Whether that offset can actually
// exceed 2^31 is the business of the magnitude analysis; here a kernel with
// any 64-bit offset counts as able to address a large tensor, and one whose
// offsets are all 32-bit as unable to.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/IndexWidth.h"
#include "lib/frontend/clang/DepthLimit.h"
#include "lib/frontend/clang/KernelDiscovery.h"
#include "lib/frontend/clang/Magnitude.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <mutex>

using namespace clang;

namespace kerneltidy {

llvm::StringRef indexWidthPolicyName(IndexWidthPolicy P) {
  switch (P) {
  case IndexWidthPolicy::None:
    return "none";
  case IndexWidthPolicy::Fixed32:
    return "fixed 32-bit";
  case IndexWidthPolicy::Fixed64:
    return "fixed 64-bit";
  case IndexWidthPolicy::Dispatched:
    return "templated, dispatched 32/64-bit";
  case IndexWidthPolicy::Templated32:
    return "templated, instantiated 32-bit only";
  case IndexWidthPolicy::Templated64:
    return "templated, instantiated 64-bit only";
  case IndexWidthPolicy::TemplatedUnseen:
    return "templated, no instantiation seen";
  }
  return "none";
}

bool isWideIndexPolicy(IndexWidthPolicy P) {
  return P == IndexWidthPolicy::Fixed64 || P == IndexWidthPolicy::Dispatched ||
         P == IndexWidthPolicy::Templated64;
}

bool isNarrowIndexPolicy(IndexWidthPolicy P) {
  return P == IndexWidthPolicy::Fixed32 || P == IndexWidthPolicy::Templated32;
}

unsigned integerIndexWidth(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType())
    return 0;
  T = T.getCanonicalType().getUnqualifiedType();
  if (!T->isIntegerType() || T->isBooleanType() || T->isEnumeralType())
    return 0;
  return Ctx.getIntWidth(T);
}

//===----------------------------------------------------------------------===//
// Offsets
//===----------------------------------------------------------------------===//

namespace {

/// A pointer that may point into a tensor: pointer-typed, and not a local or
/// shared array that decayed.
bool isTensorPointer(const Expr *Base) {
  if (!Base)
    return false;
  const Expr *Stripped = Base->IgnoreParenImpCasts();
  QualType T = Stripped->getType();
  if (T.isNull())
    return false;
  return T->isPointerType() && !T->isFunctionPointerType();
}

bool isBuiltinIndexVariable(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME)
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  if (!DRE || !DRE->getDecl()->getIdentifier())
    return false;
  return DRE->getDecl()->getName() == "threadIdx";
}

/// The template type parameter an index expression's type comes from: the
/// first sub-expression (pre-order) typed as one. Explicit casts to a
/// non-dependent type stop the search.
const TemplateTypeParmType *indexTemplateParam(const Expr *E) {
  AnalysisDepthGuard Depth;
  if (!E || Depth.exceeded())
    return nullptr;
  QualType T = E->getType();
  if (!T.isNull())
    if (const auto *TTP = T->getAs<TemplateTypeParmType>())
      return TTP;
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    if (!Cast->getTypeAsWritten()->isDependentType())
      return nullptr;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      if (const TemplateTypeParmType *TTP = indexTemplateParam(CE))
        return TTP;
  return nullptr;
}

/// The variable or parameter whose declared type gives an offset its width:
/// the index itself when it is a plain variable, else the first integer
/// variable of that width inside it (pre-order).
const ValueDecl *widthCarrier(const Expr *E, unsigned Width, ASTContext &Ctx) {
  AnalysisDepthGuard Depth;
  if (Depth.exceeded())
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<VarDecl>(DRE->getDecl()) &&
        integerIndexWidth(DRE->getDecl()->getType(), Ctx) == Width)
      return DRE->getDecl();
    return nullptr;
  }
  if (isa<ExplicitCastExpr>(E))
    return nullptr; // the cast, not a declaration, fixes the width
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      if (const ValueDecl *D = widthCarrier(CE, Width, Ctx))
        return D;
  return nullptr;
}

/// Finds the first offset typed by a template type parameter.
class DependentOffsetVisitor
    : public RecursiveASTVisitor<DependentOffsetVisitor> {
public:
  explicit DependentOffsetVisitor(KernelOffsetWidths &Out) : Out(Out) {}

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    // Not getBase()/getIdx(): they tell base from index by the index being
    // an integer, which a dependent 'index_t' is not yet.
    if (isTensorPointer(E->getLHS()))
      record(E, E->getRHS());
    else if (isTensorPointer(E->getRHS()))
      record(E, E->getLHS());
    return !Out.Templated;
  }

  bool VisitBinaryOperator(BinaryOperator *E) {
    BinaryOperatorKind Op = E->getOpcode();
    if (Op != BO_Add && Op != BO_Sub && Op != BO_AddAssign &&
        Op != BO_SubAssign)
      return true;
    const Expr *L = E->getLHS(), *R = E->getRHS();
    if (isTensorPointer(L) && !isTensorPointer(R))
      record(E, R);
    else if (Op == BO_Add && isTensorPointer(R) && !isTensorPointer(L))
      record(E, L);
    return !Out.Templated;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    // In a template, 'p + i' with a dependent 'i' stays an unresolved
    // operator call.
    OverloadedOperatorKind K = E->getOperator();
    if ((K != OO_Plus && K != OO_Minus && K != OO_PlusEqual &&
         K != OO_MinusEqual) ||
        E->getNumArgs() != 2)
      return true;
    const Expr *L = E->getArg(0), *R = E->getArg(1);
    if (isTensorPointer(L) && !isTensorPointer(R))
      record(E, R);
    else if (K == OO_Plus && isTensorPointer(R) && !isTensorPointer(L))
      record(E, L);
    return !Out.Templated;
  }

private:
  void record(const Expr *Offset, const Expr *Idx) {
    if (!Idx || Out.Templated)
      return;
    const Expr *Stripped = Idx->IgnoreParenImpCasts();
    if (!Stripped->isTypeDependent() || isBuiltinIndexVariable(Stripped))
      return;
    if (const TemplateTypeParmType *TTP = indexTemplateParam(Stripped)) {
      Out.Templated = Offset;
      Out.IndexParam = TTP->getDecl();
      Out.IndexParamDepth = TTP->getDepth();
      Out.IndexParamIndex = TTP->getIndex();
    }
  }

  KernelOffsetWidths &Out;
};

/// The base of an address use is global memory (not a local or shared
/// array that decayed).
bool addressesGlobalMemory(const Expr *Index, const Expr *Use) {
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Use))
    return isTensorPointer(ASE->getBase());
  if (const auto *BO = dyn_cast<BinaryOperator>(Use)) {
    const Expr *Pointer = BO->getLHS() == Index ? BO->getRHS() : BO->getLHS();
    return isTensorPointer(Pointer);
  }
  return true; // accessor subscripts, memcpy sizes
}

} // namespace

KernelOffsetWidths collectKernelOffsetWidths(const FunctionDecl *Body,
                                     const FunctionDecl *Instance,
                                     ASTContext &Ctx) {
  KernelOffsetWidths Out;
  if (!Body || !Body->getBody())
    return Out;
  DependentOffsetVisitor V(Out);
  V.TraverseStmt(Body->getBody());

  const FunctionDecl *Typed = Instance && Instance->getBody() ? Instance : Body;
  MagnitudeAnalysis Magnitudes(*Typed, Ctx);
  for (const AddressUse &U : collectAddressUses(*Typed, Ctx)) {
    const auto *Use = dyn_cast_or_null<Expr>(U.Use);
    if (!Use || !U.Index || !addressesGlobalMemory(U.Index, Use))
      continue;
    // The width the offset is computed in: the index's type before the
    // implicit conversion to ptrdiff_t that indexing applies.
    const Expr *Stripped = U.Index->IgnoreParenImpCasts();
    if (Stripped->isTypeDependent() || Stripped->containsErrors())
      continue;
    QualType T = Stripped->getType();
    unsigned Width = integerIndexWidth(T, Ctx);
    if (Width == 0)
      continue;
    Magnitude M = Magnitudes.of(Stripped);
    if (Width <= 32 && !Out.Narrow && M.isLarge()) {
      Out.Narrow = Use;
      Out.NarrowDecl = widthCarrier(Stripped, Width, Ctx);
      Out.NarrowType = Out.NarrowDecl ? Out.NarrowDecl->getType() : T;
    } else if (Width > 32 && !Out.Wide &&
               (!M.Known || (M.isLarge() && M.Max > uint64_t(INT32_MAX)))) {
      // A 64-bit offset bounded below 2^31 ('for (size_t i = ...; i < n;'
      // with 'int n') addresses no more than a 32-bit one: it is not
      // evidence of 64-bit indexing (issue 23's class 6).
      Out.Wide = Use;
      Out.WideDecl = widthCarrier(Stripped, Width, Ctx);
      Out.WideType = Out.WideDecl ? Out.WideDecl->getType() : T;
    }
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// Size checks and guards
//===----------------------------------------------------------------------===//

namespace {

/// A size-limit test (isSizeLimitTest of Magnitude.h) at its outermost
/// call or comparison: what a guard or a dispatch condition is made of.
bool isSizeLimitLeaf(const Expr *E, ASTContext &Ctx) {
  return (isa<CallExpr>(E) || isa<BinaryOperator>(E)) &&
         isSizeLimitTest(E, Ctx);
}

template <typename Fn> void forEachSubExpr(const Stmt *S, Fn &&F) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S))
    if (!F(E))
      return;
  for (const Stmt *Child : S->children())
    forEachSubExpr(Child, F);
}

/// The one parent to follow upwards: a LambdaExpr is preferred, so that a
/// lambda body leads to the function around the lambda.
DynTypedNode parentOf(const DynTypedNode &N, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(N);
  if (Parents.empty())
    return DynTypedNode();
  for (const DynTypedNode &P : Parents)
    if (P.get<LambdaExpr>())
      return P;
  return Parents[0];
}

bool isLambdaCallOperator(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return MD && MD->getParent()->isLambda();
}

const Stmt *branchCondition(const Stmt *Branch) {
  if (const auto *If = dyn_cast<IfStmt>(Branch))
    return If->getCond();
  if (const auto *Sw = dyn_cast<SwitchStmt>(Branch))
    return Sw->getCond();
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(Branch))
    return CO->getCond();
  return nullptr;
}

bool containsLaunch(const Stmt *S) {
  bool Found = false;
  forEachSubExpr(S, [&](const Expr *E) {
    if (isa<CUDAKernelCallExpr>(E))
      Found = true;
    return !Found;
  });
  return Found;
}

bool isWithin(const Stmt *Inner, const Stmt *Outer) {
  if (!Inner || !Outer)
    return false;
  if (Inner == Outer)
    return true;
  for (const Stmt *Child : Outer->children())
    if (isWithin(Inner, Child))
      return true;
  return false;
}

} // namespace

bool containsSizeLimitCheck(const Expr *E, ASTContext &Ctx) {
  return isSizeLimitTest(E, Ctx);
}

const Expr *enclosingSizeCheck(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    DynTypedNode Parent = parentOf(Node, Ctx);
    if (Parent.getNodeKind().isNone())
      return nullptr;
    if (const auto *FD = Parent.get<FunctionDecl>())
      if (!isLambdaCallOperator(FD))
        return nullptr;
    if (const Stmt *PS = Parent.get<Stmt>()) {
      const Stmt *Cond = branchCondition(PS);
      const Stmt *From = Node.get<Stmt>();
      if (Cond && From != Cond) {
        const auto *CondE = dyn_cast<Expr>(Cond);
        if (CondE && containsSizeLimitCheck(CondE, Ctx))
          return CondE;
      }
    }
    Node = Parent;
  }
  return nullptr;
}

const Expr *precedingSizeGuard(const Stmt *S, const FunctionDecl *Host,
                               ASTContext &Ctx) {
  if (!S || !Host || !Host->getBody())
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Before = SM.getExpansionLoc(S->getBeginLoc());
  const Expr *Guard = nullptr;
  forEachSubExpr(Host->getBody(), [&](const Expr *E) {
    if (Guard)
      return false;
    if (!isSizeLimitLeaf(E, Ctx))
      return true;
    SourceLocation At = SM.getExpansionLoc(E->getBeginLoc());
    if (!SM.isBeforeInTranslationUnit(At, Before))
      return false;
    // A check that chooses between launches is a dispatch, not a guard.
    DynTypedNode Node = DynTypedNode::create(*E);
    for (unsigned Depth = 0; Depth < 64; ++Depth) {
      DynTypedNode Parent = parentOf(Node, Ctx);
      const Stmt *PS = Parent.get<Stmt>();
      if (!PS)
        break;
      const Stmt *Cond = branchCondition(PS);
      if (Cond && isWithin(E, Cond)) {
        if (containsLaunch(PS) && !isWithin(S, PS))
          return false;
        break;
      }
      Node = Parent;
    }
    Guard = E;
    return false;
  });
  return Guard;
}

std::string indexDispatchMacroAt(SourceLocation Loc, const SourceManager &SM) {
  LangOptions LO;
  LO.CPlusPlus = true;
  for (unsigned Depth = 0; Depth < 32 && Loc.isMacroID(); ++Depth) {
    llvm::StringRef Name = Lexer::getImmediateMacroName(Loc, SM, LO);
    if (Name == "AT_DISPATCH_INDEX_TYPES" || Name.contains("DISPATCH_INDEX"))
      return Name.str();
    Loc = SM.getImmediateExpansionRange(Loc).getBegin();
  }
  return "";
}

const FunctionDecl *enclosingHostFunction(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Depth = 0; Depth < 512; ++Depth) {
    DynTypedNode Parent = parentOf(Node, Ctx);
    if (Parent.getNodeKind().isNone())
      return nullptr;
    if (const auto *FD = Parent.get<FunctionDecl>()) {
      if (!isLambdaCallOperator(FD)) {
        if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
          return Pattern;
        return FD;
      }
    }
    Node = Parent;
  }
  return nullptr;
}

static bool isSyclItemType(QualType T) {
  if (T.isNull())
    return false;
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  llvm::StringRef N = RD->getName();
  if (N != "nd_item" && N != "item" && N != "id" && N != "group" &&
      N != "h_item")
    return false;
  const DeclContext *DC = RD->getDeclContext();
  while (DC && !DC->isNamespace())
    DC = DC->getParent();
  if (const auto *NS = dyn_cast_or_null<NamespaceDecl>(DC))
    for (const DeclContext *C = NS; C; C = C->getParent())
      if (const auto *N2 = dyn_cast<NamespaceDecl>(C))
        if (N2->getIdentifier() && N2->getName() == "sycl")
          return true;
  return false;
}

const CXXMethodDecl *kernelFunctorCallOperator(const CXXRecordDecl *RD) {
  if (!RD || RD->isLambda() || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  for (const CXXMethodDecl *MD : RD->methods()) {
    if (MD->getOverloadedOperator() != OO_Call)
      continue;
    const FunctionDecl *Def = nullptr;
    if (!MD->hasBody(Def))
      continue;
    bool Device = MD->hasAttr<CUDADeviceAttr>() && !MD->hasAttr<CUDAHostAttr>();
    bool Sycl = MD->getNumParams() >= 1 &&
                isSyclItemType(MD->getParamDecl(0)->getType());
    if (Device || Sycl)
      return cast<CXXMethodDecl>(Def);
  }
  return nullptr;
}

const FunctionDecl *kernelDefinition(const FunctionDecl *FD) {
  FD = kernelPattern(FD);
  const FunctionDecl *Def = nullptr;
  if (FD && FD->hasBody(Def))
    return Def;
  return nullptr;
}

const CXXRecordDecl *functorPattern(const CXXRecordDecl *RD) {
  if (!RD)
    return nullptr;
  if (const CXXRecordDecl *P = RD->getTemplateInstantiationPattern())
    RD = P;
  return RD->getDefinition();
}

//===----------------------------------------------------------------------===//
// The summary store
//===----------------------------------------------------------------------===//

namespace {
std::mutex StoreMutex;
std::vector<KernelWidthSummary> &store() {
  static std::vector<KernelWidthSummary> Store;
  return Store;
}
} // namespace

void appendKernelWidthSummaries(std::vector<KernelWidthSummary> Summaries) {
  std::lock_guard<std::mutex> Lock(StoreMutex);
  for (KernelWidthSummary &S : Summaries)
    store().push_back(std::move(S));
}

std::vector<KernelWidthSummary> takeKernelWidthSummaries() {
  std::lock_guard<std::mutex> Lock(StoreMutex);
  std::vector<KernelWidthSummary> Out;
  Out.swap(store());
  return Out;
}

void clearKernelWidthSummaries() {
  std::lock_guard<std::mutex> Lock(StoreMutex);
  store().clear();
}

} // namespace kerneltidy
