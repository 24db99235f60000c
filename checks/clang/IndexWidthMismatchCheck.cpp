//===- IndexWidthMismatchCheck.cpp - kernel-index-width-mismatch ----------===//
//
// What is reported: two kernels of one "operation family" (forward and
// backward of one operation, sibling kernels launched on the same tensor,
// kernels whose host launchers are named as a forward/backward pair) whose
// "index-width policies" disagree so that one member can receive tensors
// that another member cannot address: one is dispatched to (or fixed at)
// 64-bit indices, the other computes its offsets in 32 bits on every launch
// with no host size guard. The warning sits on the narrow kernel's
// offending declaration (the 32-bit variable that types its first global
// offset) or, for the host-side twin, on the launch that only ever
// instantiates the 32-bit variant; notes show the wide kernel, the dispatch
// that makes it wide and how to carry its index type over.
//
// Terms (see lib/analysis/IndexWidth.h and OperationFamilies.h):
//  - index-width policy: fixed 32-bit, fixed 64-bit, templated and
//    dispatched 32/64 at the launch site, templated but instantiated with
//    32 (or 64) bits only; orthogonally, host-guarded when every launch
//    follows a size check (TORCH_CHECK/assert/if on canUse32BitIndexMath
//    or a comparison with INT_MAX).
//  - operation family: Name, Launcher and Sibling families.
//
// Consistent contracts stay silent: both 32-bit with a host guard, both
// 64-bit, both templated and dispatched.
//
// Across files: every translation unit records a summary of each kernel in
// a family (lib/analysis/IndexWidth.h); crossFileIndexWidthFindings() pairs
// summaries of different translation units at the end of a CLI run. In the
// clang-tidy plugin only pairs within one translation unit are compared.
//
// Blind spots: a kernel counts as wide when any of its offsets is 64-bit,
// and as narrow when all are 32-bit; offsets are typed syntactically (an
// index widened by a cast counts as wide). Guards are looked for only in
// the function that launches (not in its callers). SYCL kernels written as
// lambdas, accessor subscripts, and templated kernels with no instantiation
// in view are not classified. Sibling families need the same first data
// argument in one host function; kernels that share tensors otherwise are
// not related. Cross-file findings honour NOLINT on the warning's own line
// (and NOLINTNEXTLINE above it) only.
//
// The messages of a narrow/wide pair and the pairing across translation
// units are in IndexWidthMismatchPairs.cpp; this file registers the check,
// classifies each kernel of the unit, records its summary and pairs the
// kernels the unit itself shows.
//
//===----------------------------------------------------------------------===//
#include "lib/model/Confidence.h"
#include "checks/clang/IndexWidthMismatchCheck.h"
#include "checks/clang/IndexWidthMismatchPairs.h"
#include "lib/frontend/clang/SourceText.h"
#include "lib/frontend/clang/IndexWidth.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <map>
#include <set>
#include <tuple>

using namespace clang::ast_matchers;

namespace clang::tidy::kernel {

using namespace index_width_mismatch;

static bool parseBool(StringRef Value) {
  std::string V = Value.trim().lower();
  return !(V == "false" || V == "0" || V == "off" || V == "no");
}

IndexWidthMismatchCheck::IndexWidthMismatchCheck(StringRef Name,
                                                 ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      ForwardMarkers(Options.get("ForwardMarkers", "").str()),
      BackwardMarkers(Options.get("BackwardMarkers", "").str()),
      IgnoredNameWords(Options.get("IgnoredNameWords", "").str()),
      // Read as a string: the host clang-tidy-19 does not export the
      // bool specialisation of OptionsView::get that the plugin would need.
      SiblingFamilies(parseBool(Options.get("SiblingFamilies", "true"))),
      Markers(kerneltidy::NameMarkers::parse(ForwardMarkers, BackwardMarkers,
                                             IgnoredNameWords)),
      Shown(kerneltidy::ConfidenceFilter::parseOrDefaults(
          Options.getLocalOrGlobal("Confidence", "default"))) {}

void IndexWidthMismatchCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "ForwardMarkers",
                kerneltidy::NameMarkers::join(Markers.Forward));
  Options.store(Opts, "BackwardMarkers",
                kerneltidy::NameMarkers::join(Markers.Backward));
  Options.store(Opts, "IgnoredNameWords",
                kerneltidy::NameMarkers::join(Markers.Ignored));
  Options.store(Opts, "SiblingFamilies", SiblingFamilies ? "true" : "false");
}

void IndexWidthMismatchCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl(hasAttr(attr::CUDAGlobal)).bind("kernel"),
                     this);
  Finder->addMatcher(
      cxxRecordDecl(isDefinition(), unless(isLambda()),
                    has(cxxMethodDecl(hasOverloadedOperatorName("()"))))
          .bind("functor"),
      this);
  Finder->addMatcher(cudaKernelCallExpr().bind("launch"), this);
  Finder->addMatcher(
      callExpr(unless(cudaKernelCallExpr()),
               hasAnyArgument(expr(hasType(hasUnqualifiedDesugaredType(
                   recordType(hasDeclaration(cxxRecordDecl(has(
                       cxxMethodDecl(hasOverloadedOperatorName("()")))))))))))
          .bind("call"),
      this);
}

namespace {

/// The functor argument of a host call, when it is built at the call (or is
/// a local object): a parameter forwarded by a generic launcher such as
/// multi_tensor_apply is not a launch of its own.
const CXXRecordDecl *launchedFunctor(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
    E = Bind->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    E = MT->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    // A copy of an existing object: look at what is copied.
    if (Construct->getNumArgs() == 1 &&
        Construct->getConstructor()->isCopyOrMoveConstructor() &&
        !isa<CXXTemporaryObjectExpr>(Construct))
      E = Construct->getArg(0)->IgnoreParenImpCasts();
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    E = MT->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
    E = Bind->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || isa<ParmVarDecl>(VD) || !VD->isLocalVarDecl())
      return nullptr;
  } else if (!isa<CXXConstructExpr>(E) && !isa<InitListExpr>(E) &&
             !isa<CXXFunctionalCastExpr>(E) && !isa<CompoundLiteralExpr>(E)) {
    return nullptr;
  }
  const CXXRecordDecl *RD =
      E->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !kerneltidy::kernelFunctorCallOperator(RD))
    return nullptr;
  return RD;
}

/// The first argument that carries data: a pointer, or an object that is
/// not a functor (a tensor, a tensor list); launch configuration and plain
/// scalars are skipped.
const Expr *firstDataArgument(const CallExpr *Call) {
  for (const Expr *Arg : Call->arguments()) {
    const Expr *E = Arg->IgnoreParenImpCasts();
    QualType T = E->getType().getNonReferenceType();
    if (T.isNull())
      continue;
    if (T->isPointerType())
      return E;
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
      if (!kerneltidy::kernelFunctorCallOperator(RD))
        return E;
  }
  return nullptr;
}

/// The variable a data argument names ('x', 'x.data_ptr()', '&x[0]').
const ValueDecl *argumentVariable(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
      E = Call->getImplicitObjectArgument();
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      E = ME->getBase();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      E = UO->getSubExpr();
      continue;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      E = AS->getBase();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

/// For a parameter of a template instantiation, the pattern's parameter, so
/// that launches in two instantiations of one launcher compare equal.
const ValueDecl *patternVariable(const ValueDecl *VD) {
  const auto *PVD = dyn_cast_or_null<ParmVarDecl>(VD);
  if (!PVD)
    return VD;
  const auto *FD = dyn_cast<FunctionDecl>(PVD->getDeclContext());
  if (!FD)
    return VD;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (!Pattern || PVD->getFunctionScopeIndex() >= Pattern->getNumParams())
    return VD;
  return Pattern->getParamDecl(PVD->getFunctionScopeIndex());
}

std::string typeName(QualType T, const ASTContext &Ctx) {
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = true;
  return T.getLocalUnqualifiedType().getAsString(PP);
}

SourcePosition toPosition(SourceLocation Loc, const SourceManager &SM) {
  SourcePosition P;
  if (Loc.isInvalid())
    return P;
  Loc = SM.getFileLoc(Loc);
  P.File = SM.getFilename(Loc).str();
  P.Line = SM.getSpellingLineNumber(Loc);
  P.Column = SM.getSpellingColumnNumber(Loc);
  P.Offset = SM.getFileOffset(Loc);
  return P;
}

/// NOLINT / NOLINTNEXTLINE naming this check (or no check) at Loc's line.
bool suppressedAt(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return false;
  Loc = SM.getFileLoc(Loc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  if (Invalid)
    return false;
  unsigned Offset = SM.getFileOffset(Loc);
  size_t Begin = Buffer.rfind('\n', Offset);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find('\n', Offset);
  StringRef Line = Buffer.slice(Begin, End);
  StringRef Prev;
  if (Begin > 0) {
    size_t PrevBegin = Buffer.rfind('\n', Begin - 1);
    PrevBegin = PrevBegin == StringRef::npos ? 0 : PrevBegin + 1;
    Prev = Buffer.slice(PrevBegin, Begin - 1);
  }
  auto Names = [](StringRef Text, StringRef Marker) {
    size_t At = Text.find(Marker);
    if (At == StringRef::npos)
      return false;
    StringRef Rest = Text.substr(At + Marker.size());
    if (!Rest.starts_with("("))
      return true;
    StringRef List = Rest.substr(1, Rest.find(')'));
    return List.contains(CheckId) || List.contains("kernel-*") ||
           List.contains("*");
  };
  bool OnLine = !Line.contains("NOLINTNEXTLINE") && Names(Line, "NOLINT");
  return OnLine || Names(Prev, "NOLINTNEXTLINE");
}

//===----------------------------------------------------------------------===//
// Per translation unit
//===----------------------------------------------------------------------===//

struct Entity {
  const NamedDecl *Decl = nullptr;
  const FunctionDecl *Body = nullptr;
  bool IsFunctor = false;
  kerneltidy::KernelOffsetWidths Evidence;
  std::vector<const IndexWidthMismatchCheck::LaunchSite *> Launches;
  std::vector<FamilyTag> Tags;
  KernelWidthSummary Summary;
  SourceLocation Site, KernelDecl, WideSite, Dispatch, Fix;
};

/// The integer width a specialization gives the index parameter, or 0.
unsigned specializationWidth(const Decl *Spec, unsigned Index,
                             const ASTContext &Ctx, QualType *Type = nullptr) {
  const TemplateArgumentList *Args = nullptr;
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Spec))
    Args = FD->getTemplateSpecializationArgs();
  else if (const auto *CTS =
               dyn_cast_or_null<ClassTemplateSpecializationDecl>(Spec))
    Args = &CTS->getTemplateArgs();
  if (!Args || Index >= Args->size())
    return 0;
  const TemplateArgument &Arg = Args->get(Index);
  if (Arg.getKind() != TemplateArgument::Type)
    return 0;
  if (Type)
    *Type = Arg.getAsType();
  return kerneltidy::integerIndexWidth(Arg.getAsType(), Ctx);
}

/// Every specialization of the entity's template (function or class).
std::vector<const Decl *> specializationsOf(const Entity &E) {
  std::vector<const Decl *> Out;
  if (const auto *FD = dyn_cast<FunctionDecl>(E.Decl)) {
    if (const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate())
      for (const FunctionDecl *Spec : FTD->specializations())
        Out.push_back(Spec);
  } else if (const auto *RD = dyn_cast<CXXRecordDecl>(E.Decl)) {
    if (const ClassTemplateDecl *CTD = RD->getDescribedClassTemplate())
      for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
        Out.push_back(Spec);
  }
  return Out;
}

/// One instantiated body of a templated entity, or null.
const FunctionDecl *instanceOf(const Entity &E) {
  for (const Decl *Spec : specializationsOf(E)) {
    const FunctionDecl *Body = nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(Spec))
      Body = FD;
    else
      Body = kerneltidy::kernelFunctorCallOperator(cast<CXXRecordDecl>(Spec));
    if (Body && Body->getBody())
      return Body;
  }
  return nullptr;
}

/// The entity's own template parameter at Index (depth 0).
const NamedDecl *templateParameter(const Entity &E, unsigned Index) {
  const TemplateParameterList *Params = nullptr;
  if (const auto *FD = dyn_cast<FunctionDecl>(E.Decl)) {
    if (const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate())
      Params = FTD->getTemplateParameters();
  } else if (const auto *RD = dyn_cast<CXXRecordDecl>(E.Decl)) {
    if (const ClassTemplateDecl *CTD = RD->getDescribedClassTemplate())
      Params = CTD->getTemplateParameters();
  }
  if (!Params || Index >= Params->size())
    return nullptr;
  return Params->getParam(Index);
}

/// The template argument at Index as a launch writes it explicitly
/// ('k<float, int64_t><<<...>>>', 'Functor<float, int64_t>{...}').
QualType writtenTemplateArgument(const IndexWidthMismatchCheck::LaunchSite &L,
                                 unsigned Index) {
  std::optional<TemplateArgument> Arg;
  if (L.Functor) {
    if (const auto *TST = L.Functor->IgnoreParenImpCasts()
                              ->getType()
                              ->getAs<TemplateSpecializationType>())
      if (Index < TST->template_arguments().size())
        Arg = TST->template_arguments()[Index];
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(
                 L.Call->getCallee()->IgnoreParenImpCasts())) {
    if (Index < DRE->template_arguments().size())
      Arg = DRE->template_arguments()[Index].getArgument();
  }
  if (!Arg || Arg->getKind() != TemplateArgument::Type)
    return QualType();
  return Arg->getAsType();
}

} // namespace

void IndexWidthMismatchCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("kernel")) {
    if (const FunctionDecl *Pattern = kerneltidy::kernelDefinition(FD))
      if (!SM.isInSystemHeader(Pattern->getLocation()))
        Kernels.insert(Pattern);
    return;
  }
  if (const auto *RD = Result.Nodes.getNodeAs<CXXRecordDecl>("functor")) {
    if (SM.isInSystemHeader(RD->getLocation()))
      return;
    if (kerneltidy::kernelFunctorCallOperator(RD))
      if (const CXXRecordDecl *Pattern = kerneltidy::functorPattern(RD))
        Functors.insert(Pattern);
    return;
  }
  if (const auto *Launch =
          Result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch")) {
    if (const FunctionDecl *Callee = Launch->getDirectCallee())
      Launches.push_back({Launch, Callee, firstDataArgument(Launch)});
    return;
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call")) {
    for (const Expr *Arg : Call->arguments())
      if (const CXXRecordDecl *RD = launchedFunctor(Arg))
        Launches.push_back({Call, RD, firstDataArgument(Call), Arg});
  }
}

void IndexWidthMismatchCheck::onEndOfTranslationUnit() {
  if (Context)
    decideTranslationUnit();
  Kernels.clear();
  Functors.clear();
  Launches.clear();
  Context = nullptr;
}

/// The project files of the translation unit, sorted: its main file and the
/// headers it includes, directly or through other project files, that were
/// found on disk. Not project files: system headers, what the command line
/// force-includes (the shim's prelude and everything it pulls in) and the
/// empty stand-ins of missing headers. They tie the unit to other units of
/// the same program.
static std::vector<std::string> programFilesOf(const SourceManager &SM) {
  std::set<std::string> Files;
  llvm::DenseSet<FileID> Project;
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile())
      continue;
    const SrcMgr::FileInfo &FI = E.getFile();
    FileID ID = SM.getFileID(SourceLocation::getFromRawEncoding(E.getOffset()));
    SourceLocation IncludedAt = FI.getIncludeLoc();
    bool Main = ID == SM.getMainFileID();
    if (!Main && (IncludedAt.isInvalid() ||
                  !Project.contains(SM.getFileID(SM.getFileLoc(IncludedAt)))))
      continue; // reached through the command line, the shim or a system header
    if (FI.getFileCharacteristic() != SrcMgr::C_User)
      continue;
    OptionalFileEntryRef Ref = FI.getContentCache().OrigEntry;
    if (!Ref || (!Main && Ref->getSize() == 0))
      continue; // a missing header's empty stand-in
    Project.insert(ID);
    Files.insert(Ref->getName().str());
  }
  return {Files.begin(), Files.end()};
}

void IndexWidthMismatchCheck::decideTranslationUnit() {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const std::vector<std::string> ProgramFiles = programFilesOf(SM);

  std::vector<Entity> Entities;
  llvm::DenseMap<const Decl *, unsigned> EntityOf;
  for (const FunctionDecl *K : Kernels) {
    Entity E;
    E.Decl = K;
    E.Body = K;
    EntityOf[K] = Entities.size();
    Entities.push_back(std::move(E));
  }
  for (const CXXRecordDecl *RD : Functors) {
    Entity E;
    E.Decl = RD;
    E.Body = kerneltidy::kernelFunctorCallOperator(RD);
    E.IsFunctor = true;
    EntityOf[RD] = Entities.size();
    Entities.push_back(std::move(E));
  }
  // Launches whose target is no kernel entity here (a kernel only declared
  // in this file, one in a system header) are left out.
  for (const LaunchSite &L : Launches) {
    const Decl *Pattern = nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(L.Target))
      Pattern = kerneltidy::kernelDefinition(FD);
    else
      Pattern = kerneltidy::functorPattern(cast<CXXRecordDecl>(L.Target));
    auto It = EntityOf.find(Pattern);
    if (It == EntityOf.end())
      continue;
    Entities[It->second].Launches.push_back(&L);
  }

  for (Entity &E : Entities) {
    E.Evidence =
        kerneltidy::collectKernelOffsetWidths(E.Body, instanceOf(E), Ctx);
    const kerneltidy::KernelOffsetWidths &Ev = E.Evidence;
    KernelWidthSummary &S = E.Summary;
    S.Kernel = E.Decl->getNameAsString();
    S.KernelKind = E.IsFunctor ? "kernel functor" : "kernel";
    E.KernelDecl = E.Decl->getLocation();

    if (Ev.Templated && Ev.IndexParamDepth == 0) {
      const NamedDecl *Param = Ev.IndexParam;
      if (!Param)
        Param = templateParameter(E, Ev.IndexParamIndex);
      S.IndexParam = Param ? Param->getNameAsString() : "index_t";
      bool Has32 = false, Has64 = false;
      QualType Narrow, Wide;
      for (const Decl *Spec : specializationsOf(E)) {
        QualType T;
        unsigned W = specializationWidth(Spec, Ev.IndexParamIndex, Ctx, &T);
        if (W == 0)
          continue;
        if (W <= 32 && !Has32) {
          Has32 = true;
          Narrow = T;
        } else if (W > 32 && !Has64) {
          Has64 = true;
          Wide = T;
        }
      }
      S.Policy = Has32 && Has64 ? IndexWidthPolicy::Dispatched
                 : Has32        ? IndexWidthPolicy::Templated32
                 : Has64        ? IndexWidthPolicy::Templated64
                                : IndexWidthPolicy::TemplatedUnseen;
      // "Launched only at 32 bits" says no 64-bit launch exists; a parse
      // with errors may have dropped it (torch-xpu-ops' 'launch<..., int64_t>(
      // t.mutable_data_ptr<T>(), ...)' on a stand-in tensor): unseen.
      if (S.Policy == IndexWidthPolicy::Templated32 &&
          Ctx.getDiagnostics().hasErrorOccurred())
        S.Policy = IndexWidthPolicy::TemplatedUnseen;
      E.WideSite = Param ? Param->getLocation() : Ev.Templated->getExprLoc();
      if (Has64)
        S.WideInstantiation = typeName(Wide, Ctx);
      if (S.Policy == IndexWidthPolicy::Templated32) {
        if (!E.Launches.empty())
          if (QualType Written = writtenTemplateArgument(*E.Launches.front(),
                                                         Ev.IndexParamIndex);
              !Written.isNull())
            Narrow = Written;
        S.IndexType =
            "'" + typeName(Narrow, Ctx) + "' for '" + S.IndexParam + "'";
        E.Site = E.Launches.empty() ? E.WideSite
                                    : E.Launches.front()->Call->getBeginLoc();
        E.Fix = E.Site;
      } else {
        S.IndexType = Has64 ? typeName(Wide, Ctx) : S.IndexParam;
      }
      // What makes it wide: the size check (or dispatch macro) around the
      // first launch of a 64-bit specialization, else that launch.
      if (Has64) {
        for (const LaunchSite *L : E.Launches) {
          QualType T;
          if (specializationWidth(L->Target, Ev.IndexParamIndex, Ctx, &T) <= 32)
            continue;
          S.HasDispatch = true;
          // The type as the launch spells it ('int64_t', not 'long').
          if (QualType Written =
                  writtenTemplateArgument(*L, Ev.IndexParamIndex);
              !Written.isNull()) {
            T = Written;
            S.WideInstantiation = typeName(T, Ctx);
          }
          std::string Macro =
              kerneltidy::indexDispatchMacroAt(L->Call->getBeginLoc(), SM);
          if (const Expr *Cond = kerneltidy::enclosingSizeCheck(L->Call, Ctx)) {
            E.Dispatch = Cond->getBeginLoc();
            S.DispatchNote = "'" + S.Kernel +
                             "' is dispatched to 64-bit indices by this "
                             "size check";
          } else if (!Macro.empty()) {
            E.Dispatch = SM.getExpansionLoc(L->Call->getBeginLoc());
            S.DispatchNote = "'" + S.Kernel +
                             "' is dispatched to 64-bit indices by '" + Macro +
                             "' here";
          } else {
            E.Dispatch = L->Call->getBeginLoc();
            S.DispatchNote = "'" + S.Kernel + "' is launched with '" +
                             S.IndexParam + "' = '" + typeName(T, Ctx) +
                             "' here";
          }
          break;
        }
        if (S.Policy == IndexWidthPolicy::Templated64)
          S.IndexType = S.WideInstantiation;
      }
    } else if (Ev.Wide) {
      S.Policy = IndexWidthPolicy::Fixed64;
      S.IndexType = typeName(Ev.WideType, Ctx);
      E.WideSite =
          Ev.WideDecl ? Ev.WideDecl->getLocation() : Ev.Wide->getExprLoc();
      // The expression that makes it 64-bit, so that a reader can judge it
      // (a cooperative-groups rank, a size_t parameter, a cast).
      auto Text = [&](const Expr *X) { return kerneltidy::quotedSource(X, Ctx); };
      const auto *WideVar = dyn_cast_or_null<VarDecl>(Ev.WideDecl);
      if (WideVar && WideVar->getInit() && !isa<ParmVarDecl>(WideVar))
        S.WideSiteNote = "'" + WideVar->getNameAsString() + "' is '" +
                         S.IndexType + "' from '" +
                         Text(WideVar->getInit()->IgnoreImplicit()) + "'";
      else if (isa_and_nonnull<ParmVarDecl>(Ev.WideDecl))
        S.WideSiteNote = "parameter '" + Ev.WideDecl->getNameAsString() +
                         "' is '" + S.IndexType + "'";
      else
        S.WideSiteNote = "in '" + Text(Ev.Wide) + "'";
      if (S.WideSiteNote.size() > 160)
        S.WideSiteNote = S.WideSiteNote.substr(0, 157) + "...";
    } else if (Ev.Narrow) {
      S.Policy = IndexWidthPolicy::Fixed32;
      S.IndexType = typeName(Ev.NarrowType, Ctx);
      E.Site = Ev.NarrowDecl ? Ev.NarrowDecl->getLocation()
                             : Ev.Narrow->getExprLoc();
      E.Fix = E.KernelDecl;
    }

    // Host guard: every launch sits in, or follows, a 32-bit size check.
    if (kerneltidy::isNarrowIndexPolicy(S.Policy) && !E.Launches.empty()) {
      S.HostGuarded = true;
      for (const LaunchSite *L : E.Launches) {
        const FunctionDecl *Host =
            kerneltidy::enclosingHostFunction(L->Call, Ctx);
        if (!kerneltidy::enclosingSizeCheck(L->Call, Ctx) &&
            !kerneltidy::precedingSizeGuard(L->Call, Host, Ctx)) {
          S.HostGuarded = false;
          break;
        }
      }
    }

    // Families.
    if (auto Name = kerneltidy::classifyOperationName(S.Kernel, Markers))
      E.Tags.push_back({FamilyKind::Name, Name->Base, Name->Role});
    std::set<std::string> Seen;
    for (const LaunchSite *L : E.Launches) {
      const FunctionDecl *Host =
          kerneltidy::enclosingHostFunction(L->Call, Ctx);
      if (!Host || Host->hasAttr<CUDAGlobalAttr>() ||
          Host->hasAttr<CUDADeviceAttr>())
        continue;
      if (Host->getIdentifier())
        if (auto Name =
                kerneltidy::classifyOperationName(Host->getName(), Markers))
          if (Seen.insert("L" + Name->Base).second)
            E.Tags.push_back({FamilyKind::Launcher, Name->Base, Name->Role});
      if (!SiblingFamilies)
        continue;
      const ValueDecl *Var = patternVariable(argumentVariable(L->FirstData));
      if (!Var)
        continue;
      std::string Key = std::to_string(reinterpret_cast<uintptr_t>(Host)) +
                        ":" + std::to_string(reinterpret_cast<uintptr_t>(Var));
      if (Seen.insert("S" + Key).second)
        E.Tags.push_back({FamilyKind::Sibling, Key, FamilyRole::Sibling});
    }

    for (const FamilyTag &T : E.Tags)
      if (T.Kind != FamilyKind::Sibling)
        S.Families.push_back(T);
    S.Site = toPosition(E.Site, SM);
    S.KernelDecl = toPosition(E.KernelDecl, SM);
    S.WideSite = toPosition(E.WideSite, SM);
    S.Dispatch = toPosition(E.Dispatch, SM);
    S.TranslationUnit =
        SM.getFileEntryRefForID(SM.getMainFileID())
            ? SM.getFileEntryRefForID(SM.getMainFileID())->getName().str()
            : "";
    S.Suppressed = suppressedAt(E.Site, SM);
    S.ProgramFiles = ProgramFiles;
  }

  // Pair within this translation unit.
  std::vector<std::vector<FamilyTag>> Tags;
  for (const Entity &E : Entities)
    Tags.push_back(E.Tags);
  std::set<unsigned> Reported;
  for (const kerneltidy::FamilyLink &Link : kerneltidy::linkFamilies(Tags)) {
    for (auto [NI, WI] : {std::pair(Link.First, Link.Second),
                          std::pair(Link.Second, Link.First)}) {
      Entity &N = Entities[NI];
      const Entity &W = Entities[WI];
      if (N.Decl == W.Decl || Reported.count(NI) ||
          !mayReceiveUnaddressable(N.Summary, W.Summary))
        continue;
      Reported.insert(NI);
      N.Summary.ReportedInTranslationUnit = true;
      const FamilyTag &Tag = Entities[Link.First].Tags[Link.Tag];
      PairMessages M =
          buildMessages(N.Summary, W.Summary, roleInFamily(W.Tags, Tag));
      // Each pair has a tier (kerneltidy::indexWidthPairConfidence) and is
      // reported only when the 'Confidence' option shows it (the CLI
      // passes 'all' and filters); the unit has decided it either way.
      if (!Shown.shows(CheckId, kerneltidy::FrontEnd::Cxx, M.Tier))
        continue;
      diag(N.Site, "%0") << M.Warning;
      if (W.WideSite.isValid())
        diag(W.WideSite, "%0", DiagnosticIDs::Note) << M.WideNote;
      if (W.Dispatch.isValid())
        diag(W.Dispatch, "%0", DiagnosticIDs::Note) << M.DispatchNote;
      if (N.Fix.isValid())
        diag(N.Fix, "%0", DiagnosticIDs::Note) << M.FixNote;
      diag(N.Site, "%0", DiagnosticIDs::Note) << M.TierNote;
    }
  }

  std::vector<KernelWidthSummary> Summaries;
  for (Entity &E : Entities)
    if (E.Summary.Policy != IndexWidthPolicy::None &&
        !E.Summary.Families.empty())
      Summaries.push_back(std::move(E.Summary));
  kerneltidy::appendKernelWidthSummaries(std::move(Summaries));
}

} // namespace clang::tidy::kernel
