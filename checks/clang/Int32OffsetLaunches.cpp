//===- Int32OffsetLaunches.cpp - kernel-int32-offset: launches and guards -===//
//
// Which launches of a kernel a wrap can reach: every reference to a function
// by the function around it (the call-site index, built once per unit), the
// size-limit tests that precede a launch in its host function or in what it
// calls before ('canUse32BitIndexMath', a comparison with INT_MAX), the
// index-type dispatch macros that pick the width at run time, and the
// launchers of other files of the kernel's directory (HostGuards.h). Also
// the 32-bit arguments that unguarded launches in host code pass.
//
//===----------------------------------------------------------------------===//
#include "checks/clang/Int32OffsetCheck.h"
#include "lib/frontend/clang/HostGuards.h"
#include "lib/frontend/clang/Magnitude.h"
#include "lib/frontend/clang/SourceText.h"
#include "lib/frontend/clang/WholeUnit.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using kerneltidy::AddressUse;

namespace clang::tidy::kernel {

/// Site was expanded from an index-type dispatch macro
/// ('AT_DISPATCH_INDEX_TYPES'): the macro picks the width at run time.
static bool inIndexDispatchMacro(SourceLocation Loc, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (unsigned Depth = 0; Loc.isMacroID() && Depth < 32; ++Depth) {
    StringRef Name =
        Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
    if (Name.contains("DISPATCH_INDEX"))
      return true;
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Launch sites and size guards (for template instantiations)
//===----------------------------------------------------------------------===//

namespace {
/// Records every reference to a function with the named function around it.
/// The host comes from the walk itself, not from the AST's parent map: that
/// map would cover the whole unit (costly), and the driver narrows the AST's
/// traversal scope to user code while the launching call of a SYCL functor
/// sits in a system header's submit template.
class CallSiteIndexer : public RecursiveASTVisitor<CallSiteIndexer> {
public:
  using Base = RecursiveASTVisitor<CallSiteIndexer>;
  explicit CallSiteIndexer(
      llvm::DenseMap<const FunctionDecl *,
                     std::vector<Int32OffsetCheck::CallSite>> &Map)
      : Map(Map) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }
  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD))
      if (MD->getParent()->isLambda())
        FD = nullptr; // look through lambdas
    if (!FD)
      return Base::TraverseDecl(D);
    Hosts.push_back(FD);
    bool Result = Base::TraverseDecl(D);
    Hosts.pop_back();
    return Result;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(DRE->getDecl()))
      Map[FD->getCanonicalDecl()].push_back(
          {DRE, Hosts.empty() ? nullptr : Hosts.back()});
    return true;
  }

private:
  llvm::DenseMap<const FunctionDecl *, std::vector<Int32OffsetCheck::CallSite>>
      &Map;
  llvm::SmallVector<const FunctionDecl *, 8> Hosts;
};
} // namespace

void Int32OffsetCheck::indexCallSites(ASTContext &Ctx) {
  if (CallSitesIndexed)
    return;
  CallSitesIndexed = true;
  // Every top-level declaration, whatever the traversal scope (see above).
  CallSiteIndexer Indexer(CallSites);
  kerneltidy::traverseWholeUnit(Indexer, Ctx);
}

/// A size-limit test in Host's body that comes before Site (anywhere in
/// the body when Site is null), or in the body of a function Host calls
/// before it.
bool Int32OffsetCheck::hasSizeTestBefore(const FunctionDecl &Host,
                                         const Stmt *Site, ASTContext &Ctx,
                                         unsigned CalleeDepth) {
  SourceLocation Earliest = earliestSizeTest(Host, Ctx, CalleeDepth);
  if (Earliest.isInvalid())
    return false;
  if (!Site)
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isBeforeInTranslationUnit(Earliest,
                                      SM.getFileLoc(Site->getBeginLoc()));
}

SourceLocation Int32OffsetCheck::earliestSizeTest(const FunctionDecl &Host,
                                                  ASTContext &Ctx,
                                                  unsigned CalleeDepth) {
  auto Key = std::make_pair(&Host, CalleeDepth);
  if (auto It = EarliestSizeTest.find(Key); It != EarliestSizeTest.end())
    return It->second;
  // Invalid while it is computed: a helper that calls itself back has no
  // test of its own to lend.
  EarliestSizeTest[Key] = SourceLocation();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Earliest;
  llvm::SmallVector<const Stmt *, 32> Work{Host.getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      Work.push_back(LE->getBody());
      continue;
    }
    const auto *E = dyn_cast<Expr>(S);
    bool Candidate =
        E && (isa<CallExpr>(E) ||
              (isa<BinaryOperator>(E) &&
               cast<BinaryOperator>(E)->isComparisonOp()));
    SourceLocation Loc =
        Candidate ? SM.getFileLoc(E->getBeginLoc()) : SourceLocation();
    // A test after one already found changes no answer: not evaluated.
    if (Candidate && Loc.isValid() && !isa<CXXOperatorCallExpr>(E) &&
        (Earliest.isInvalid() || SM.isBeforeInTranslationUnit(Loc, Earliest))) {
      // Test the node itself, not its lambda arguments.
      bool Test = false;
      if (const auto *Call = dyn_cast<CallExpr>(E)) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (Callee && Callee->getIdentifier())
          Test = kerneltidy::isInt32GuardCallName(Callee->getName());
        // One level down: a validation helper the host calls first
        // ('CheckInputs(q, k, v)' whose body tests the extents).
        if (!Test && Callee && CalleeDepth == 0)
          if (const FunctionDecl *Def = Callee->getDefinition();
              Def && Def != &Host && Def->getBody() &&
              !SM.isInSystemHeader(Def->getLocation()))
            Test = earliestSizeTest(*Def, Ctx, 1).isValid();
      } else {
        Test = kerneltidy::isSizeLimitTest(E, Ctx);
      }
      if (Test)
        Earliest = Loc;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  EarliestSizeTest[Key] = Earliest;
  return Earliest;
}

const Stmt *Int32OffsetCheck::unguardedLaunch(const FunctionDecl &Fn,
                                              ASTContext &Ctx,
                                              unsigned Depth) {
  indexCallSites(Ctx);
  auto It = CallSites.find(Fn.getCanonicalDecl());
  if (It == CallSites.end())
    return nullptr;
  for (const CallSite &Call : It->second) {
    const Stmt *Site = Call.Ref;
    const FunctionDecl *Host = Call.Host;
    if (!Host || Host == &Fn || !Host->getBody())
      continue;
    if (inIndexDispatchMacro(Site->getBeginLoc(), Ctx) ||
        hasSizeTestBefore(*Host, Site, Ctx))
      continue;
    // Called from another instantiation (a device helper of a templated
    // kernel): reached only as far as that one is.
    if (Host->isTemplateInstantiation()) {
      if (Depth < 3 && unguardedLaunch(*Host, Ctx, Depth + 1))
        return Site;
      continue;
    }
    if (Host->isDependentContext())
      continue;
    return Site;
  }
  return nullptr;
}

/// Whether the translation unit can hold SYCL device code: it is compiled
/// for SYCL, or the 'sycl' namespace is declared (by <sycl/sycl.hpp>, its
/// shim or a project header that includes it).
static bool knowsSycl(ASTContext &Ctx) {
  const LangOptions &LO = Ctx.getLangOpts();
  if (LO.SYCLIsDevice || LO.SYCLIsHost)
    return true;
  return !Ctx.getTranslationUnitDecl()
              ->lookup(&Ctx.Idents.get("sycl"))
              .empty();
}

/// Host code: in CUDA or HIP, a function with neither __device__ nor
/// __global__ (lambdas inside it included). SYCL device functions carry no
/// attribute, so in a translation unit that knows SYCL nothing is host-only;
/// plain C++ that knows neither SYCL nor CUDA (a header of host test
/// helpers analysed alone, a CPU reference) is host code throughout.
bool Int32OffsetCheck::isHostOnlyFunction(const FunctionDecl &Fn,
                                          ASTContext &Ctx) {
  if (!Ctx.getLangOpts().CUDA)
    return !Ctx.getLangOpts().OpenCL && !knowsSycl(Ctx);
  const FunctionDecl *F = &Fn;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(F))
    if (MD->getParent()->isLambda() &&
        (MD->hasAttr<CUDADeviceAttr>() || MD->hasAttr<CUDAGlobalAttr>()))
      return false;
  return !F->hasAttr<CUDADeviceAttr>() && !F->hasAttr<CUDAGlobalAttr>();
}

/// The 32-bit integer arguments of the kernel launches in a host function
/// that no size check precedes, as address uses: a value that wraps before
/// it is passed to a kernel corrupts every offset the kernel forms from it.
std::vector<AddressUse>
Int32OffsetCheck::launchArguments(const FunctionDecl &Fn, ASTContext &Ctx) {
  std::vector<AddressUse> Out;
  llvm::SmallVector<const Stmt *, 32> Work{Fn.getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(S)) {
      if (!hasSizeTestBefore(Fn, Launch, Ctx))
        for (const Expr *Arg : Launch->arguments()) {
          // The value as the launcher formed it, before the conversion to
          // the parameter's type: an int product widened to an int64_t
          // parameter has already wrapped.
          const Expr *Formed = Arg->IgnoreParenImpCasts();
          if (!Formed->isValueDependent() && !Formed->containsErrors() &&
              kerneltidy::isNarrowIntegerType(Formed->getType(), Ctx))
            Out.push_back({Formed, Launch});
        }
      continue;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return Out;
}

bool Int32OffsetCheck::launchesAreHostGuarded(const FunctionDecl &Kernel,
                                              ASTContext &Ctx) {
  if (!TrustHostGuards || !Kernel.getIdentifier())
    return false;
  indexCallSites(Ctx);
  auto It = CallSites.find(Kernel.getCanonicalDecl());
  bool Launched = false;
  if (It != CallSites.end())
    for (const CallSite &Call : It->second) {
      const FunctionDecl *Host = Call.Host;
      if (!Host || Host == &Kernel || !Host->getBody())
        continue;
      if (!hasSizeTestBefore(*Host, Call.Ref, Ctx))
        return false;
      Launched = true;
    }
  if (Launched)
    return true;
  // Launched from no function of this unit: read the launchers of the
  // kernel's directory (lib/analysis/HostGuards.h).
  const SourceManager &SM = Ctx.getSourceManager();
  OptionalFileEntryRef File =
      SM.getFileEntryRefForID(SM.getFileID(SM.getFileLoc(Kernel.getLocation())));
  if (!File)
    return false;
  llvm::SmallString<256> Dir(File->getName());
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  return kerneltidy::HostGuardIndex::forDirectory(Dir)->launchesAreGuarded(
      Kernel.getName());
}

//===----------------------------------------------------------------------===//
// Element counts stored in 32-bit fields of a launch's by-value argument
//===----------------------------------------------------------------------===//

/// E is a whole tensor's element count: a call of 'numel()' or 'nbytes()'
/// (ATen), resolved or dependent. A dimension ('size(0)') is not: its
/// magnitude is a role's, which the kernels' own offsets are judged by.
static bool isElementCountCall(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call)
    return false;
  StringRef Name;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    if (const CXXMethodDecl *M = MC->getMethodDecl())
      if (M->getIdentifier())
        Name = M->getName();
  } else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(
                 Call->getCallee()->IgnoreParenImpCasts())) {
    if (DM->getMember().isIdentifier())
      Name = DM->getMember().getAsIdentifierInfo()->getName();
  } else if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(
                 Call->getCallee()->IgnoreParenImpCasts())) {
    if (UM->getName().isIdentifier())
      Name = UM->getName().getAsIdentifierInfo()->getName();
  }
  return Name == "numel" || Name == "nbytes" || Name == "nelement";
}

/// The record a local of type T names, in a template's pattern too
/// ('TensorListMetadata<depth> tl': the primary template's record).
static const CXXRecordDecl *recordOf(QualType T) {
  T = T.getNonReferenceType();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
    return RD;
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    if (const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(
            TST->getTemplateName().getAsTemplateDecl()))
      return CTD->getTemplatedDecl();
  return nullptr;
}

void Int32OffsetCheck::reportNarrowedLaunchFields(const FunctionDecl &Fn,
                                                  ASTContext &Ctx) {
  const Stmt *Body = Fn.getBody();
  if (!Body)
    return;
  // Locals a launch receives by value (a copy), and the launch.
  llvm::DenseMap<const VarDecl *, const CUDAKernelCallExpr *> Passed;
  llvm::SmallVector<const Stmt *, 64> Work{Body};
  llvm::SmallVector<const Stmt *, 16> Assignments;
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *L = dyn_cast<CUDAKernelCallExpr>(S)) {
      for (const Expr *A : L->arguments()) {
        A = A->IgnoreParenImpCasts();
        if (const auto *CE = dyn_cast<CXXConstructExpr>(A))
          if (CE->getNumArgs() == 1)
            A = CE->getArg(0)->IgnoreParenImpCasts();
        if (const auto *DRE = dyn_cast<DeclRefExpr>(A))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
            if (VD->hasLocalStorage() && !VD->getType()->isReferenceType() &&
                recordOf(VD->getType()))
              Passed.try_emplace(VD, L);
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_Assign)
        Assignments.push_back(BO);
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
        Assignments.push_back(OC);
    }
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  if (Passed.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Stmt *A : Assignments) {
    const Expr *LHS, *RHS;
    if (const auto *BO = dyn_cast<BinaryOperator>(A)) {
      LHS = BO->getLHS();
      RHS = BO->getRHS();
    } else {
      const auto *OC = cast<CXXOperatorCallExpr>(A);
      LHS = OC->getArg(0);
      RHS = OC->getArg(1);
    }
    if (!isElementCountCall(RHS))
      continue;
    if (auto W = kerneltidy::integerWidth(RHS->IgnoreParenImpCasts()->getType(),
                                          Ctx))
      if (W->Bits < 64)
        continue;
    // 'tl.sizes[i]' or 'meta.numel': a field of a passed local.
    const Expr *Target = LHS->IgnoreParenImpCasts();
    bool Element = false;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Target)) {
      Target = AS->getBase()->IgnoreParenImpCasts();
      Element = true;
    }
    const Expr *Base = nullptr;
    const FieldDecl *Field = nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(Target)) {
      Base = ME->getBase();
      Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    } else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(Target)) {
      if (DM->isImplicitAccess() || !DM->getMember().isIdentifier())
        continue;
      Base = DM->getBase();
      const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (const CXXRecordDecl *RD = VD ? recordOf(VD->getType()) : nullptr)
        for (const FieldDecl *F : RD->fields())
          if (F->getIdentifier() &&
              F->getName() == DM->getMember().getAsIdentifierInfo()->getName())
            Field = F;
    }
    if (!Base || !Field)
      continue;
    const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    auto It = VD ? Passed.find(VD) : Passed.end();
    if (It == Passed.end())
      continue;
    QualType FieldType = Field->getType();
    if (Element) {
      const ArrayType *AT = Ctx.getAsArrayType(FieldType);
      if (!AT)
        continue;
      FieldType = AT->getElementType();
    }
    auto FW = kerneltidy::integerWidth(FieldType, Ctx);
    if (!FW || FW->Bits >= 64 || FieldType->isBooleanType() ||
        kerneltidy::isSubWordIntegerType(FieldType, Ctx))
      continue;
    // A launcher that rejects sizes past INT32_MAX first has said so.
    if (TrustHostGuards && hasSizeTestBefore(Fn, A, Ctx))
      continue;
    if (!Shown.shows("kernel-int32-offset", kerneltidy::FrontEnd::Cxx,
                     kerneltidy::Confidence::High))
      continue;
    SourceLocation Anchor = LHS->getBeginLoc();
    if (Anchor.isInvalid() ||
        !Reported.insert(SM.getFileLoc(Anchor).getRawEncoding()).second)
      continue;
    std::string Type =
        FieldType.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    diag(Anchor, "element count '%0' is stored in %1-bit '%2' field '%3' of "
                 "'%4', which a kernel launch receives by value, and wraps "
                 "past 2^%5 elements")
        << kerneltidy::quotedSource(RHS->IgnoreParenImpCasts(), Ctx) << FW->Bits
        << Type << Field->getName() << VD->getName()
        << (FW->Signed ? FW->Bits - 1 : FW->Bits);
    diag(Field->getLocation(),
         "'%0' is declared %1-bit '%2' here; declare "
         "it 'int64_t' to hold any tensor's count",
         DiagnosticIDs::Note)
        << Field->getName() << FW->Bits << Type;
    diag(It->second->getBeginLoc(), "'%0' is passed to the kernel here",
         DiagnosticIDs::Note)
        << VD->getName();
    diag(Anchor, "%0", DiagnosticIDs::Note) << kerneltidy::confidenceNote(
        kerneltidy::Confidence::High,
        "a whole tensor's element count in a 32-bit field of a kernel's "
        "argument");
  }
}

} // namespace clang::tidy::kernel
