//===- KernelDiscovery.cpp ------------------------------------------------===//
//
// One RecursiveASTVisitor pass over the translation unit collects kernels
// and launch sites (see KernelDiscovery.h for the terms). Template
// instantiations are visited too, because SYCL kernels are often functor
// templates and lambdas inside function templates that only a launch
// instantiates; results are reported against the template pattern.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/KernelDiscovery.h"
#include "lib/frontend/clang/WholeUnit.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

namespace kerneltidy {

using namespace clang;

llvm::StringRef kernelKindName(KernelKind K) {
  switch (K) {
  case KernelKind::CudaGlobal:
    return "cuda";
  case KernelKind::SyclLambda:
    return "sycl lambda";
  case KernelKind::SyclFunctor:
    return "sycl functor";
  case KernelKind::SyclFreeFunction:
    return "sycl free function";
  case KernelKind::LibraryFunctor:
    return "device functor";
  }
  return "kernel";
}

namespace {

constexpr llvm::StringLiteral FreeFunctionAnnotation =
    "kernel_tidy.sycl_free_function_kernel";

/// The SYCL work-item class named by T (nd_item, item, id, h_item, group),
/// or "" when T is not one. Matched by name in a namespace named 'sycl' (any
/// inline namespace in between), so real headers and the shim both work.
llvm::StringRef syclWorkItemClass(QualType T) {
  if (T.isNull())
    return "";
  T = T.getNonReferenceType().getUnqualifiedType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return "";
  llvm::StringRef Name = RD->getName();
  bool Known = llvm::StringSwitch<bool>(Name)
                   .Cases("nd_item", "item", "id", "h_item", "group", true)
                   .Default(false);
  if (!Known)
    return "";
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "sycl")
        return Name;
  return "";
}

bool isLaunchName(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("parallel_for", "single_task", "parallel_for_work_group", true)
      .Case("sycl_kernel_submit", true)
      .Default(false);
}

/// Library launchers whose __global__ template calls a functor argument's
/// call operator per item: apex's multi-tensor apply, ATen's elementwise
/// loops (gpu_kernel and its variants, launch_*_kernel).
bool isLibraryLauncherName(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("multi_tensor_apply", "gpu_kernel", "gpu_kernel_with_scalars",
             "gpu_kernel_multiple_outputs", "gpu_kernel_nocast", true)
      .Cases("opmath_gpu_kernel_with_scalars",
             "opmath_symmetric_gpu_kernel_with_scalars", "launch_kernel",
             "launch_vectorized_kernel", "launch_legacy_kernel",
             "launch_unrolled_kernel", true)
      .Default(false);
}

bool isRuntimeLaunchName(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("cudaLaunchKernel", "cudaLaunchCooperativeKernel",
             "cudaLaunchKernelEx", true)
      .Cases("hipLaunchKernel", "hipLaunchCooperativeKernel",
             "hipLaunchKernelEx", "hipExtLaunchKernel", true)
      .Default(false);
}

/// The name of the template parameter T refers to. Clang may keep only the
/// canonical form (depth, index) in a parameter's type, so the name is
/// looked up in the template parameter lists around Ctx.
llvm::StringRef templateParmName(const TemplateTypeParmType *TT,
                                 const Decl *Ctx) {
  if (const TemplateTypeParmDecl *D = TT->getDecl())
    return D->getName();
  for (const Decl *D = Ctx; D;
       D = dyn_cast_or_null<Decl>(D->getDeclContext())) {
    const TemplateParameterList *TPL = nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate())
        TPL = FTD->getTemplateParameters();
    } else if (const auto *RD = dyn_cast<CXXRecordDecl>(D)) {
      if (const ClassTemplateDecl *CTD = RD->getDescribedClassTemplate())
        TPL = CTD->getTemplateParameters();
    }
    if (TPL && TPL->getDepth() == TT->getDepth() &&
        TT->getIndex() < TPL->size())
      return TPL->getParam(TT->getIndex())->getName();
    if (isa<TranslationUnitDecl>(D))
      break;
  }
  return "";
}

bool isIndexType(QualType T, const Decl *Ctx) {
  if (T.isNull())
    return false;
  T = T.getNonReferenceType();
  if (T->isDependentType()) {
    // 'index_t', 'IndexType': a template parameter used as an index.
    if (const auto *TT = T->getAs<TemplateTypeParmType>()) {
      llvm::StringRef Name = templateParmName(TT, Ctx);
      return Name.contains_insensitive("index") ||
             Name.contains_insensitive("idx") || Name == "I" ||
             Name.starts_with("int") || Name.starts_with("Int") ||
             Name.starts_with("uint") || Name == "size_type";
    }
    return false;
  }
  if (T->isIntegerType() && !T->isBooleanType() && !T->isEnumeralType())
    return true;
  return !syclWorkItemClass(T).empty();
}

const Expr *ignoreWrappers(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
             C && C->getNumArgs() == 1 &&
             (C->getConstructor()->isCopyOrMoveConstructor()))
      E = C->getArg(0);
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr();
    else if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      E = C->getSubExpr();
    else
      return E;
  }
  return E;
}

/// The function a callee expression names when the call could not be
/// resolved: a launch inside a template with dependent arguments (an
/// unresolved lookup; the kernel is known by name when the overload set has
/// one), or a call Clang recovered from an error (a RecoveryExpr around the
/// reference, e.g. a kernel whose declaration is invalid).
const FunctionDecl *namedCallee(const Expr *Callee) {
  if (!Callee)
    return nullptr;
  Callee = Callee->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    return dyn_cast<FunctionDecl>(DRE->getDecl());
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee)) {
    const FunctionDecl *Found = nullptr;
    for (const NamedDecl *D : ULE->decls())
      if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
        Found = FTD->getTemplatedDecl();
      else if (const auto *FD = dyn_cast<FunctionDecl>(D))
        Found = FD;
    return Found;
  }
  if (const auto *RE = dyn_cast<RecoveryExpr>(Callee))
    for (const Expr *Sub : RE->subExpressions())
      if (const FunctionDecl *FD = namedCallee(Sub))
        return FD;
  return nullptr;
}

const CXXMethodDecl *callOperatorOf(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  if (RD->isLambda())
    return RD->getLambdaCallOperator();
  for (const CXXMethodDecl *M : RD->methods())
    if (M->getOverloadedOperator() == OO_Call)
      return M;
  return nullptr;
}

const Expr *defaultedOrNull(const Expr *E) {
  if (!E || isa<CXXDefaultArgExpr>(E))
    return nullptr;
  return E;
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (isCudaKernel(FD))
      addKernel(kernelPattern(FD), KernelKind::CudaGlobal, nullptr);
    else if (FD->hasAttrs()) {
      for (const auto *A : FD->specific_attrs<AnnotateAttr>())
        if (A->getAnnotation() == FreeFunctionAnnotation)
          addKernel(kernelPattern(FD), KernelKind::SyclFreeFunction, nullptr);
    }
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->getOverloadedOperator() == OO_Call &&
          isSyclKernelByDeclaration(MD)) {
        const CXXRecordDecl *RD = MD->getParent();
        addKernel(kernelPattern(MD),
                  RD->isLambda() ? KernelKind::SyclLambda
                                 : KernelKind::SyclFunctor,
                  RD);
      }
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    LaunchSite L;
    L.Call = E;
    if (const FunctionDecl *Callee = E->getDirectCallee())
      L.Kernel = kernelPattern(Callee);
    else
      L.Kernel = kernelPattern(namedCallee(E->getCallee()));
    if (const CallExpr *Config = E->getConfig()) {
      unsigned N = Config->getNumArgs();
      L.Grid = N > 0 ? defaultedOrNull(Config->getArg(0)) : nullptr;
      L.Block = N > 1 ? defaultedOrNull(Config->getArg(1)) : nullptr;
      L.SharedMem = N > 2 ? defaultedOrNull(Config->getArg(2)) : nullptr;
      L.Stream = N > 3 ? defaultedOrNull(Config->getArg(3)) : nullptr;
    }
    addLaunch(L);
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    if (isa<CUDAKernelCallExpr>(E))
      return true;
    const FunctionDecl *Callee = E->getDirectCallee();
    llvm::StringRef Name;
    if (Callee && Callee->getDeclName().isIdentifier())
      Name = Callee->getName();
    else if (const auto *ME = dyn_cast<CXXDependentScopeMemberExpr>(
                 E->getCallee()->IgnoreParenImpCasts());
             ME && ME->getMember().isIdentifier())
      Name = ME->getMember().getAsIdentifierInfo()->getName();
    else if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(
                 E->getCallee()->IgnoreParenImpCasts());
             ULE && ULE->getName().isIdentifier())
      Name = ULE->getName().getAsIdentifierInfo()->getName();
    else if (const auto *UME = dyn_cast<UnresolvedMemberExpr>(
                 E->getCallee()->IgnoreParenImpCasts());
             UME && UME->getMemberName().isIdentifier())
      Name = UME->getMemberName().getAsIdentifierInfo()->getName();
    if (Name.empty())
      return true;
    if (isRuntimeLaunchName(Name))
      handleRuntimeLaunch(E);
    else if (isLaunchName(Name))
      handleSyclLaunch(E);
    else if (isLibraryLauncherName(Name))
      handleLibraryLaunch(E);
    return true;
  }

  /// A launcher declared as a stand-in (UnknownNames.h) is a type:
  /// 'multi_tensor_apply<2>(..., ScaleFunctor<float>())' constructs it.
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (isLibraryLauncherName(writtenTypeName(E->getType())))
      handleLibraryLaunch(
          llvm::ArrayRef<const Expr *>(E->getArgs(), E->getNumArgs()), E);
    return true;
  }
  bool VisitCXXUnresolvedConstructExpr(CXXUnresolvedConstructExpr *E) {
    if (isLibraryLauncherName(writtenTypeName(E->getTypeAsWritten()))) {
      std::vector<const Expr *> Args(E->arg_begin(), E->arg_end());
      handleLibraryLaunch(Args, E);
    }
    return true;
  }

  std::vector<KernelInfo> Kernels;
  std::vector<LaunchSite> Launches;

private:
  bool inSystemHeader(SourceLocation Loc) const {
    return Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc));
  }

  void addKernel(const FunctionDecl *Body, KernelKind Kind,
                 const CXXRecordDecl *Record) {
    if (!Body || inSystemHeader(Body->getLocation()))
      return;
    if (!SeenKernels.insert(Body).second ||
        !SeenKernelLocs.insert(SM.getFileLoc(Body->getLocation()).getRawEncoding())
             .second)
      return;
    KernelInfo K;
    K.Body = Body;
    K.Kind = Kind;
    K.Record = Record ? Record : dyn_cast<CXXMethodDecl>(Body)
                                     ? cast<CXXMethodDecl>(Body)->getParent()
                                     : nullptr;
    K.IndexParams = indexParameters(Body);
    K.Invalid = Body->isInvalidDecl();
    Kernels.push_back(std::move(K));
  }

  void addLaunch(const LaunchSite &L) {
    if (!L.Call || inSystemHeader(L.Call->getBeginLoc()))
      return;
    // A launch in a template is seen in the pattern (maybe unresolved) and
    // in each instantiation: keep one per source location, resolved if any.
    // File locations, not expansion locations: launches written inside one
    // AT_DISPATCH macro argument share the macro's expansion location.
    unsigned Key = SM.getFileLoc(L.Call->getBeginLoc()).getRawEncoding();
    auto [It, Inserted] = LaunchIndex.try_emplace(Key, Launches.size());
    if (Inserted) {
      Launches.push_back(L);
      return;
    }
    if (!Launches[It->second].Kernel && L.Kernel)
      Launches[It->second] = L;
  }

  void handleRuntimeLaunch(const CallExpr *E) {
    if (E->getNumArgs() == 0)
      return;
    for (const Expr *Arg : E->arguments()) {
      const auto *DRE = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(Arg));
      if (!DRE)
        continue;
      const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl());
      if (!FD || !isCudaKernel(FD))
        continue;
      LaunchSite L;
      L.Call = E;
      L.Kernel = kernelPattern(FD);
      // cudaLaunchKernel(func, grid, block, args, shmem, stream)
      llvm::StringRef Name = E->getDirectCallee()
                                 ? E->getDirectCallee()->getName()
                                 : llvm::StringRef();
      if (!Name.ends_with("Ex") && E->getNumArgs() >= 3) {
        L.Grid = E->getArg(1);
        L.Block = E->getArg(2);
        if (E->getNumArgs() > 4)
          L.SharedMem = defaultedOrNull(E->getArg(4));
        if (E->getNumArgs() > 5)
          L.Stream = defaultedOrNull(E->getArg(5));
      }
      addLaunch(L);
      return;
    }
  }

  /// 'multi_tensor_apply<2>(..., ScaleFunctor<float>(), ...)',
  /// 'gpu_kernel(iter, [] GPU_LAMBDA (float x) { ... })': each argument of a
  /// class type with a __device__ call operator is a kernel.
  /// The name a type is written with: a template's or an alias's.
  static llvm::StringRef writtenTypeName(QualType T) {
    const Type *Ty = T.getTypePtrOrNull();
    while (Ty) {
      if (const auto *E = dyn_cast<ElaboratedType>(Ty)) {
        Ty = E->getNamedType().getTypePtrOrNull();
        continue;
      }
      if (const auto *TST = dyn_cast<TemplateSpecializationType>(Ty))
        if (const TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl())
          return TD->getDeclName().isIdentifier() ? TD->getName() : "";
      if (const auto *TT = dyn_cast<TypedefType>(Ty))
        return TT->getDecl()->getName();
      return "";
    }
    return "";
  }

  void handleLibraryLaunch(const CallExpr *E) {
    handleLibraryLaunch(llvm::ArrayRef<const Expr *>(E->getArgs(),
                                                     E->getNumArgs()),
                        E);
  }

  void handleLibraryLaunch(llvm::ArrayRef<const Expr *> Arguments,
                           const Expr *E) {
    for (const Expr *Arg : Arguments) {
      if (!Arg || Arg->containsErrors())
        continue;
      QualType T = Arg->getType().getNonReferenceType();
      const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
      const CXXMethodDecl *Op = callOperatorOf(RD);
      if (!Op || !Op->hasAttr<CUDADeviceAttr>())
        continue;
      const FunctionDecl *Pattern = kernelPattern(Op);
      addKernel(Pattern, KernelKind::LibraryFunctor, RD);
      LaunchSite L;
      L.Call = E;
      L.Kernel = Pattern;
      addLaunch(L);
    }
  }

  void handleSyclLaunch(const CallExpr *E) {
    // torch-xpu-ops submits free-function kernels by naming them as a
    // template argument: sycl_kernel_submit<kernel<T>>(global, local, q, ..).
    if (const FunctionDecl *K = kernelTemplateArgument(E)) {
      LaunchSite L;
      L.Call = E;
      L.Kernel = kernelPattern(K);
      L.Grid = E->getNumArgs() ? E->getArg(0) : nullptr;
      addLaunch(L);
      return;
    }
    // The kernel is the callable argument: a lambda or a functor object.
    const Expr *Range = nullptr;
    for (const Expr *Arg : E->arguments()) {
      const Expr *A = ignoreWrappers(Arg);
      if (!A)
        continue;
      const CXXRecordDecl *RD = nullptr;
      if (const auto *LE = dyn_cast<LambdaExpr>(A))
        RD = LE->getLambdaClass();
      else if (!A->getType().isNull())
        RD = A->getType().getNonReferenceType()->getAsCXXRecordDecl();
      if (RD && isSyclRangeClass(RD)) {
        if (!Range && (RD->getName() == "range" || RD->getName() == "nd_range"))
          Range = Arg;
        continue;
      }
      if (!RD && !Range && A->getType()->isIntegerType())
        Range = Arg; // sycl_kernel_submit(global, local, queue, functor)
      const CXXMethodDecl *Op = callOperatorOf(RD);
      if (!Op)
        continue;
      const FunctionDecl *Body = kernelPattern(Op);
      addKernel(Body,
                RD->isLambda() ? KernelKind::SyclLambda
                               : KernelKind::SyclFunctor,
                RD);
      LaunchSite L;
      L.Call = E;
      L.Kernel = Body;
      L.Grid = Range;
      addLaunch(L);
      return;
    }
  }

  static const FunctionDecl *kernelTemplateArgument(const CallExpr *E) {
    auto FromExpr = [](const Expr *A) -> const FunctionDecl * {
      A = ignoreWrappers(A);
      // 'kernel<index_t>' inside a template: an unresolved template-id.
      if (const auto *ULE = dyn_cast_or_null<UnresolvedLookupExpr>(A))
        for (const NamedDecl *D : ULE->decls())
          if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
            if (isKernelFunction(FTD->getTemplatedDecl()))
              return FTD->getTemplatedDecl();
      const auto *DRE = dyn_cast_or_null<DeclRefExpr>(A);
      const auto *FD = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
      return FD && isKernelFunction(FD) ? FD : nullptr;
    };
    if (const FunctionDecl *Callee = E->getDirectCallee())
      if (const TemplateArgumentList *TAL =
              Callee->getTemplateSpecializationArgs())
        for (const TemplateArgument &TA : TAL->asArray()) {
          if (TA.getKind() == TemplateArgument::Declaration)
            if (const auto *FD = dyn_cast<FunctionDecl>(TA.getAsDecl());
                FD && isKernelFunction(FD))
              return FD;
          if (TA.getKind() == TemplateArgument::Expression)
            if (const FunctionDecl *FD = FromExpr(TA.getAsExpr()))
              return FD;
        }
    if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(
            E->getCallee()->IgnoreParenImpCasts()))
      for (const TemplateArgumentLoc &TAL : ULE->template_arguments())
        if (TAL.getArgument().getKind() == TemplateArgument::Expression)
          if (const FunctionDecl *FD = FromExpr(TAL.getArgument().getAsExpr()))
            return FD;
    return nullptr;
  }

  static bool isSyclRangeClass(const CXXRecordDecl *RD) {
    llvm::StringRef N = RD->getName();
    return N == "range" || N == "nd_range" || N == "handler" || N == "queue";
  }

  ASTContext &Ctx;
  SourceManager &SM;
  llvm::SmallPtrSet<const FunctionDecl *, 32> SeenKernels;
  llvm::DenseSet<unsigned> SeenKernelLocs;
  llvm::DenseMap<unsigned, size_t> LaunchIndex;
};

template <class T>
void sortBySource(std::vector<T> &V, const SourceManager &SM,
                  SourceLocation (*Loc)(const T &)) {
  std::stable_sort(V.begin(), V.end(), [&](const T &A, const T &B) {
    return SM.isBeforeInTranslationUnit(SM.getFileLoc(Loc(A)),
                                        SM.getFileLoc(Loc(B)));
  });
}

} // namespace

bool isCudaKernel(const FunctionDecl *FD) {
  return FD && FD->hasAttr<CUDAGlobalAttr>();
}

bool isSyclKernelByDeclaration(const FunctionDecl *FD) {
  if (!FD)
    return false;
  for (const auto *A : FD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == FreeFunctionAnnotation)
      return true;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || MD->getOverloadedOperator() != OO_Call || MD->getNumParams() == 0)
    return false;
  return !syclWorkItemClass(MD->getParamDecl(0)->getType()).empty();
}

bool isKernelFunction(const FunctionDecl *FD) {
  if (!FD)
    return false;
  if (isCudaKernel(FD) || isSyclKernelByDeclaration(FD))
    return true;
  const FunctionDecl *Pattern = kernelPattern(FD);
  return Pattern != FD && (isCudaKernel(Pattern) ||
                           isSyclKernelByDeclaration(Pattern));
}

const FunctionDecl *kernelPattern(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  // Member of a class template specialization (functor templates): go to
  // the member of the pattern class.
  if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
    FD = P;
  return FD;
}

std::vector<const ValueDecl *> indexParameters(const FunctionDecl *Body) {
  std::vector<const ValueDecl *> Out;
  if (!Body)
    return Out;
  // An invalid parameter's type is Clang's recovery 'int', not the code's.
  for (const ParmVarDecl *P : Body->parameters())
    if (!P->isInvalidDecl() && isIndexType(P->getType(), Body))
      Out.push_back(P);
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Body)) {
    const CXXRecordDecl *RD = MD->getParent();
    if (RD->isLambda()) {
      for (const LambdaCapture &C : RD->captures())
        if (C.capturesVariable())
          if (const ValueDecl *V = C.getCapturedVar();
              V && isIndexType(V->getType(), Body))
            Out.push_back(V);
    } else {
      // A functor's fields are its kernel arguments.
      for (const FieldDecl *F : RD->fields())
        if (isIndexType(F->getType(), Body))
          Out.push_back(F);
    }
  }
  return Out;
}

std::vector<KernelInfo> findKernels(ASTContext &Ctx) {
  Collector C(Ctx);
  // A kernel can be known as one only through a system header (WholeUnit.h).
  traverseWholeUnit(C, Ctx);
  sortBySource<KernelInfo>(C.Kernels, Ctx.getSourceManager(),
                           [](const KernelInfo &K) {
                             return K.Body->getLocation();
                           });
  return std::move(C.Kernels);
}

std::vector<LaunchSite> findLaunchSites(ASTContext &Ctx) {
  Collector C(Ctx);
  traverseWholeUnit(C, Ctx);
  sortBySource<LaunchSite>(C.Launches, Ctx.getSourceManager(),
                           [](const LaunchSite &L) {
                             return L.Call->getBeginLoc();
                           });
  return std::move(C.Launches);
}

} // namespace kerneltidy
