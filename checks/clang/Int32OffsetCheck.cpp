//===- Int32OffsetCheck.cpp - kernel-int32-offset -------------------------===//
//
// What is reported: an offset, size or stride computed in a 32-bit integer
// type ('int', 'unsigned', 'int32_t', 'uint32_t', promoted 'short'/'char')
// that (a) reaches an address and (b) can exceed the 32-bit range because it
// multiplies or shifts two quantities that can both be large, because a
// 64-bit size is truncated into it, or because it is a loop counter whose
// limit is a larger 64-bit size.
//
// Terms (see lib/analysis/Magnitude.h for the magnitude lattice):
//   offset expression  an integer that reaches an address: a subscript index,
//                      pointer '+'/'-', an accessor's 'operator[]', a
//                      memcpy-like byte count; or a local variable whose
//                      value flows into one (through other locals, compound
//                      assignments and loop induction, within the function)
//   wrap               the operation whose mathematical result can exceed
//                      the range of its 32-bit type ("can wrap")
//   site               where the 32-bit type is chosen: the declaration of a
//                      32-bit local that holds the wrapped value, or else the
//                      operation itself (an offset computed inline, a
//                      product widened only after it is computed)
//
// Each finding carries notes: the boundary shape in the kernel's own names
// ("wraps once 'inner_size * dim_size' exceeds 4294967295 (e.g. dim_size=2,
// inner_size=2147483649)") with a confidence (high when two sizes multiply,
// low for a single grid index), where the offset reaches an address, and a
// fix: widen the declaration (and the 32-bit locals the value flows into)
// to 'int64_t' or the function's own 'index_t', and cast the first factor of
// each wrapping product. Fixes change behaviour, so they sit on notes.
//
// Templates: the pattern is analysed for what does not depend on template
// parameters; a dependent 'index_t' is analysed per instantiation, only for
// instantiations reached from a launch (or call) that no size check
// ('canUse32BitIndexMath', a comparison with INT_MAX or UINT32_MAX) precedes.
//
// Blind spots: sums of two large 32-bit values ('a + b' past 2^31) are not
// reported, only products, shifts, truncations and loop limits; values are
// not followed across function calls, struct fields or kernel launches (a
// 32-bit kernel parameter is a size, bounded by its type); a guard is any
// size check before the launch in the same host function, whichever branch
// the launch is on; instantiations launched through functors or function
// pointers stored elsewhere are not seen.
//
// The call-site index and the size guards before launches, which decide
// which instantiations are analysed, are in Int32OffsetLaunches.cpp; this
// file registers the check, builds each wrap's evidence and words the
// finding, its notes and its fixes.
//
//===----------------------------------------------------------------------===//
#include "checks/clang/Int32OffsetCheck.h"
#include "lib/frontend/clang/Magnitude.h"
#include "lib/frontend/clang/Predicates.h"
#include "lib/frontend/clang/SourceText.h"
#include "lib/model/ExtentMaxima.h"
#include "lib/model/OffsetEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <functional>

using namespace clang::ast_matchers;
using kerneltidy::AddressUse;
using kerneltidy::Magnitude;
using kerneltidy::MagnitudeAnalysis;
using kerneltidy::MagnitudeKind;
using kerneltidy::MagnitudeOptions;
using kerneltidy::Wrap;
using kerneltidy::WrapKind;

namespace clang::tidy::kernel {

static constexpr uint64_t DefaultMaxElementCount = uint64_t(1) << 40;
static constexpr uint64_t DefaultMaxThreadsPerLaunch =
    (uint64_t(1) << 32) - 1;

Int32OffsetCheck::Int32OffsetCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      MaxElementCount(
          Options.get<uint64_t>("MaxElementCount", DefaultMaxElementCount)),
      MaxThreadsPerLaunch(Options.get<uint64_t>(
          "MaxThreadsPerLaunch", DefaultMaxThreadsPerLaunch)),
      TrustHostGuards(!llvm::StringRef(Options.get("TrustHostGuards", "true"))
                           .equals_insensitive("false")),
      Shown(kerneltidy::ConfidenceFilter::parseOrDefaults(
          Options.getLocalOrGlobal("Confidence", "default"))) {
  for (unsigned R = 0; R < kerneltidy::NumExtentRoles; ++R) {
    auto Role = static_cast<kerneltidy::ExtentRole>(R);
    Maxima.set(Role, Options.get<uint64_t>(kerneltidy::extentRoleOption(Role),
                                           kerneltidy::extentRoleDefault(Role)));
  }
}

void Int32OffsetCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MaxElementCount", MaxElementCount);
  Options.store(Opts, "MaxThreadsPerLaunch", MaxThreadsPerLaunch);
  Options.store(Opts, "TrustHostGuards", TrustHostGuards ? "true" : "false");
  for (unsigned R = 0; R < kerneltidy::NumExtentRoles; ++R) {
    auto Role = static_cast<kerneltidy::ExtentRole>(R);
    Options.store(Opts, kerneltidy::extentRoleOption(Role), Maxima.of(Role));
  }
}

void Int32OffsetCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl(isDefinition()).bind("fn"), this);
}

void Int32OffsetCheck::onStartOfTranslationUnit() {
  Reported.clear();
  CallSites.clear();
  CallSitesIndexed = false;
  EarliestSizeTest.clear();
}

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

static std::string sourceText(const Expr *E, ASTContext &Ctx) {
  return kerneltidy::quotedSource(E, Ctx);
}

static std::string typeName(QualType T, ASTContext &Ctx) {
  return T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
}

/// The leftmost factor of a product chain: 'a' in 'a * b * c'.
static const Expr *firstFactor(const BinaryOperator *BO) {
  const Expr *L = BO->getLHS();
  while (const auto *Inner =
             dyn_cast<BinaryOperator>(L->IgnoreParenImpCasts())) {
    if (Inner->getOpcode() != BO_Mul && Inner->getOpcode() != BO_Shl)
      break;
    L = Inner->getLHS();
  }
  return L->IgnoreImpCasts();
}

static bool isFileRange(SourceRange R) {
  return R.isValid() && R.getBegin().isFileID() && R.getEnd().isFileID();
}

static bool contains(const Stmt *Outer, const Stmt *Inner) {
  if (Outer == Inner)
    return true;
  for (const Stmt *Child : Outer->children())
    if (Child && contains(Child, Inner))
      return true;
  return false;
}

/// 64-bit type to widen to: the function's own index type parameter when it
/// has one, else 'int64_t' when declared, else 'long long'.
static std::string wideTypeName(const FunctionDecl &Fn, ASTContext &Ctx) {
  if (const FunctionTemplateDecl *FTD = Fn.getDescribedFunctionTemplate())
    for (const NamedDecl *P : *FTD->getTemplateParameters())
      if (isa<TemplateTypeParmDecl>(P) && P->getIdentifier() &&
          StringRef(P->getName()).lower().find("index") != std::string::npos)
        return P->getName().str();
  if (!Ctx.getTranslationUnitDecl()
           ->lookup(&Ctx.Idents.get("int64_t"))
           .empty())
    return "int64_t";
  return "long long";
}

/// The buffer an address use indexes, when it is a named variable, field or
/// parameter: 'lse' in 'lse[i]' or 'lse + i'.
static std::string bufferName(const Stmt *Use) {
  const Expr *Base = nullptr;
  if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(Use))
    Base = ASE->getBase();
  else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Use))
    Base = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                    : BO->getRHS();
  else if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Use))
    Base = Op->getNumArgs() ? Op->getArg(0) : nullptr;
  if (!Base)
    return "";
  Base = Base->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
    return DRE->getDecl()->getName().str();
  if (const auto *ME = dyn_cast<MemberExpr>(Base))
    return ME->getMemberDecl()->getName().str();
  return "";
}

static kerneltidy::FactorRole roleOf(const Magnitude &M) {
  switch (M.Kind) {
  case MagnitudeKind::Constant:
    return kerneltidy::FactorRole::Constant;
  case MagnitudeKind::Hardware:
    return kerneltidy::FactorRole::Hardware;
  case MagnitudeKind::GridIndex:
    return kerneltidy::FactorRole::GridIndex;
  case MagnitudeKind::Size:
    break;
  }
  return kerneltidy::FactorRole::Size;
}

/// A 64-bit value whose extent nothing states: a struct field, a value
/// loaded from memory or a call, none named as an element count ('qr.y',
/// 'seqlens[b]', 'src.dim()', 'cta.thread_rank()'). A parameter, a local, a
/// product or sum computed in 64 bits, and 'numel()', 'n_elements',
/// 'params.total' are not opaque: they are the sizes a kernel is given.
static bool isOpaqueValue(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->getIdentifier() &&
        kerneltidy::isElementCountName(Callee->getName()))
      return false;
    // A free function whose body the magnitude analysis reads returns what
    // its body computes from its arguments: not opaque.
    return !Callee || isa<CXXMethodDecl>(Callee) || !Callee->hasBody();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return !(ME->getMemberDecl()->getIdentifier() &&
             kerneltidy::isElementCountName(ME->getMemberDecl()->getName()));
  return isa<ArraySubscriptExpr>(E) ||
         (isa<UnaryOperator>(E) &&
          cast<UnaryOperator>(E)->getOpcode() == UO_Deref);
}

/// See OffsetEvidence::ComparedOnlyWithRowWidth: the other side of every
/// comparison of VD in Fn ('col < p.ncols', 'i0 >= ne0'), when each names
/// one row width and literals; empty when VD is never compared as it is, or
/// once with anything else ('i < k', 'idx < numel', 'dim_c * dim_h').
static std::string comparedOnlyWithRowWidth(const VarDecl *VD,
                                            const FunctionDecl &Fn,
                                            ASTContext &Ctx) {
  std::string Width;
  bool Other = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *St) {
    if (!St || Other)
      return;
    // A comparison, also one a template leaves unresolved (asComparison).
    const Expr *L = nullptr, *R = nullptr;
    if (auto Op = kerneltidy::asComparison(St, L, R);
        Op && BinaryOperator::isRelationalOp(*Op)) {
      for (auto [Mine, Theirs] : {std::pair{L, R}, std::pair{R, L}}) {
        const auto *DRE = dyn_cast<DeclRefExpr>(Mine->IgnoreParenImpCasts());
        if (!DRE || DRE->getDecl() != VD)
          continue;
        std::string Text = sourceText(Theirs->IgnoreParenImpCasts(), Ctx);
        std::string Dotted = Text;
        for (size_t P; (P = Dotted.find("->")) != std::string::npos;)
          Dotted.replace(P, 2, ".");
        // One width, perhaps scaled by a literal ('p.ncols', 'dim / 2'), or
        // the two sides of one image plane ('output_height *
        // output_width'); a product of other widths ('dim_c * dim_h *
        // dim_w') spans a volume of channels.
        unsigned Named = 0, Sides = 0;
        for (const kerneltidy::OffsetFactor &F :
             kerneltidy::factorsFromText(Dotted)) {
          if (F.Role == kerneltidy::FactorRole::Constant)
            continue;
          auto [Head, Last] = llvm::StringRef(F.Text).rsplit('.');
          llvm::StringRef Name = Last.empty() ? Head : Last;
          if (!kerneltidy::isRowWidthName(Name)) {
            Other = true;
            return;
          }
          ++Named;
          Sides += kerneltidy::extentRoleFromName(Name) ==
                   kerneltidy::ExtentRole::ImageSide;
        }
        if (Named != 1 && !(Named == 2 && Sides == 2)) {
          Other = true;
          return;
        }
        if (Width.empty())
          Width = Text;
      }
    }
    for (const Stmt *C : St->children())
      Walk(C);
  };
  Walk(Fn.getBody());
  return Other ? std::string() : Width;
}

/// The language-neutral evidence of a wrap (lib/model/OffsetEvidence.h):
/// each factor's role from the magnitude analysis, lowered to a small index
/// where its name says so (a size, or a grid index named for a head or an
/// expert, `head_id = blockIdx.y`, as the Triton front end lowers
/// `pid_h = tl.program_id(1)`), and the buffer the offset reaches.
static kerneltidy::OffsetEvidence evidenceOf(const Wrap &W, const Stmt *Use,
                                             ASTContext &Ctx) {
  kerneltidy::OffsetEvidence E;
  if (W.Kind == WrapKind::Product) {
    const auto *BO = cast<BinaryOperator>(W.Op);
    for (auto [Operand, M] : {std::pair{BO->getLHS(), W.LHS},
                              std::pair{BO->getRHS(), W.RHS}}) {
      kerneltidy::OffsetFactor F{sourceText(Operand->IgnoreParenImpCasts(), Ctx),
                                 roleOf(M)};
      if (F.Role == kerneltidy::FactorRole::Size ||
          F.Role == kerneltidy::FactorRole::GridIndex)
        for (const kerneltidy::OffsetFactor &Named :
             kerneltidy::factorsFromText(F.Text))
          if (Named.Role == kerneltidy::FactorRole::SmallIndex)
            F.Role = Named.Role;
      E.Factors.push_back(std::move(F));
    }
  } else {
    E.NarrowedSize = W.Result.Kind == MagnitudeKind::Size;
    E.NarrowedFromOpaqueValue =
        E.NarrowedSize && isOpaqueValue(W.Kind == WrapKind::Narrowing
                                            ? cast<ImplicitCastExpr>(W.Op)
                                                  ->getSubExpr()
                                            : W.Op);
    E.Factors.push_back({sourceText(W.Op->IgnoreImpCasts(), Ctx), roleOf(W.Result)});
  }
  E.Buffer = bufferName(Use);
  return E;
}

/// How strongly a wrap shows itself, for picking the primary one of a site:
/// 2 when two sizes multiply or a size is held narrow, 1 for a size times a
/// bounded or grid factor, 0 for grid indices alone. (The finding's tier is
/// widthConfidence's, from the evidence; this only orders wraps.)
static int wrapStrength(const Wrap &W) {
  auto Size = MagnitudeKind::Size;
  if (W.Kind != WrapKind::Product)
    return W.Result.Kind == Size ? 2 : 0;
  if (W.LHS.Kind == Size && W.RHS.Kind == Size)
    return 2;
  return W.LHS.Kind == Size || W.RHS.Kind == Size ? 1 : 0;
}

/// The boundary note: the limit the term passes and a shape at which it
/// does. Witness is the maxima table's (kerneltidy::wrapReach: the factors
/// that have a realistic maximum at it); without one, the smallest shape of
/// the operands' magnitudes.
static std::string boundaryNote(const Wrap &W, llvm::StringRef Witness,
                                ASTContext &Ctx) {
  std::string Text;
  const Expr *Shown = W.Op;
  if (W.Kind == WrapKind::Narrowing)
    Shown = cast<ImplicitCastExpr>(W.Op)->getSubExpr();
  Text = "wraps once '" + sourceText(Shown->IgnoreImpCasts(), Ctx) +
         "' exceeds " + std::to_string(W.Limit);
  if (!Witness.empty()) {
    Text += " (e.g. " + Witness.str() + ")";
  } else if (auto Shape = kerneltidy::boundaryShape(W)) {
    const auto *BO = cast<BinaryOperator>(W.Op);
    std::string L = sourceText(BO->getLHS()->IgnoreParenImpCasts(), Ctx);
    std::string R = sourceText(BO->getRHS()->IgnoreParenImpCasts(), Ctx);
    bool Shift =
        BO->getOpcode() == BO_Shl || BO->getOpcode() == BO_ShlAssign;
    std::string LS = L + "=" + std::to_string(Shape->LHS);
    std::string RS = R + "=" + std::to_string(Shape->RHS);
    // The small factor first: 'dim_size=2, inner_size=2147483649'.
    if (!Shift && Shape->LHS < Shape->RHS)
      Text += " (e.g. " + LS + ", " + RS + ")";
    else
      Text += " (e.g. " + RS + ", " + LS + ")";
  }
  if (W.Kind != WrapKind::Product && W.Result.Kind == MagnitudeKind::Size)
    if (auto Width = kerneltidy::integerWidth(W.ComputedIn, Ctx))
      Text += "; a size is held in " + std::to_string(Width->Bits) + " bits";
  return Text;
}

static SourceLocation wrapLoc(const Wrap &W) {
  if (const auto *BO = dyn_cast<BinaryOperator>(W.Op))
    return BO->getOperatorLoc();
  return W.Op->getBeginLoc();
}

/// Whether Inner is Outer or one of the pointer additions Outer is built on:
/// 'p + a' inside '(p + a) + b' (pointer arithmetic adds one term at a time,
/// so the terms of one address are separate uses).
static bool onePointerChain(const Stmt *Outer, const Stmt *Inner) {
  const Expr *E = dyn_cast_or_null<Expr>(Outer);
  while (E) {
    if (E == Inner)
      return true;
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || !BO->isAdditiveOp() || !BO->getType()->isPointerType())
      return false;
    const Expr *L = BO->getLHS()->IgnoreParenCasts();
    const Expr *R = BO->getRHS()->IgnoreParenCasts();
    E = L->getType()->isPointerType() ? L
        : R->getType()->isPointerType() ? R
                                        : nullptr;
  }
  return false;
}

/// The most telling wrap of a list: a product before a loop limit before a
/// truncation (which often only re-wraps a wrapped product), then the most
/// confident.
static const Wrap &primaryWrap(const std::vector<Wrap> &Wraps) {
  auto Rank = [](const Wrap &W) {
    int Conf = wrapStrength(W);
    int Kind = W.Kind == WrapKind::Product     ? 2
               : W.Kind == WrapKind::LoopLimit ? 1
                                               : 0;
    return Kind * 3 + Conf;
  };
  const Wrap *Best = &Wraps.front();
  for (const Wrap &W : Wraps)
    if (Rank(W) > Rank(*Best))
      Best = &W;
  return *Best;
}

//===----------------------------------------------------------------------===//
// The analysis of one function
//===----------------------------------------------------------------------===//

struct Int32OffsetCheck::Site {
  const VarDecl *Var = nullptr;   // declaration site; null for operation
  std::vector<Wrap> Wraps;        // the wraps it stands for
  const AddressUse *Use = nullptr;
  const VarDecl *Through = nullptr; // the local the use reads, if not Var
  QualType WidenedTo;             // operation site: the 64-bit target
  const VarDecl *WidenedVar = nullptr;
  std::vector<const VarDecl *> Downstream; // locals widened with Var
  /// Other terms of the same address, computed in 32 bits beside this one
  /// ('b * stride_b + h * stride_h'): one finding per address, led by its
  /// most confident term; they are named in notes and widened by its fix.
  std::vector<Site> Siblings;
  /// The site's tier and the reason for its note, computed once when the
  /// terms of an address are grouped.
  kerneltidy::Confidence Tier = kerneltidy::Confidence::Low;
  std::string TierWhy;
};

void Int32OffsetCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  // An invalid declaration (a parameter of a type from a missing header)
  // still has a body worth analysing: every expression with errors in it
  // has an unknown magnitude.
  if (!Fn || !Fn->getBody())
    return;
  const SourceManager &SM = *Result.SourceManager;
  if (SM.isInSystemHeader(Fn->getLocation()))
    return;
  ASTContext &Ctx = *Result.Context;
  // Launchers (a template's pattern once, not each instantiation): sizes
  // they narrow into the fields of a kernel's by-value argument.
  if (!Fn->isTemplateInstantiation() && !Fn->hasAttr<CUDAGlobalAttr>())
    reportNarrowedLaunchFields(*Fn, Ctx);
  const Stmt *Launch = nullptr;
  if (Fn->isTemplateInstantiation()) {
    Launch = unguardedLaunch(*Fn, Ctx, 0);
    if (!Launch)
      return; // guarded by a size check, or never launched
  } else if (Fn->hasAttr<CUDAGlobalAttr>() && launchesAreHostGuarded(*Fn, Ctx)) {
    return; // every launcher rejects extents past INT32_MAX
  }
  analyse(*Fn, Ctx, Launch);
}

/// The name of Fn when it is a function template (a kernel, a device
/// helper) that its translation unit's main file defines and never
/// instantiates (no launch, no call, no explicit instantiation), where that
/// main file is a source file: a template has to be instantiated where it is
/// defined or included, and a source file is not included, so no build
/// compiles it. A header analysed alone is not such a file (the files that
/// include it instantiate its templates).
static std::string neverInstantiatedTemplate(const FunctionDecl &Fn,
                                             ASTContext &Ctx) {
  const FunctionTemplateDecl *FTD = Fn.getDescribedFunctionTemplate();
  if (!FTD || !Fn.getIdentifier() || !FTD->specializations().empty())
    return "";
  // A launcher whose body did not parse may have held the instantiation.
  if (Ctx.getDiagnostics().hasErrorOccurred())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(Fn.getLocation());
  if (!SM.isInMainFile(Loc))
    return "";
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return "";
  llvm::StringRef Ext = llvm::sys::path::extension(Main->getName());
  if (!Ext.equals_insensitive(".cu") && !Ext.equals_insensitive(".cpp") &&
      !Ext.equals_insensitive(".cc") && !Ext.equals_insensitive(".cxx") &&
      !Ext.equals_insensitive(".hip"))
    return "";
  return Fn.getName().str();
}

void Int32OffsetCheck::analyse(const FunctionDecl &Fn, ASTContext &Ctx,
                               const Stmt *Launch) {
  const SourceManager &SM = Ctx.getSourceManager();
  MagnitudeOptions Opts;
  Opts.MaxElementCount = MaxElementCount;
  Opts.MaxLaunchThreads = MaxThreadsPerLaunch;
  MagnitudeAnalysis MA(Fn, Ctx, Opts);
  std::vector<AddressUse> Uses = kerneltidy::collectAddressUses(Fn, Ctx);
  if (isHostOnlyFunction(Fn, Ctx)) {
    // Host code is a kernel hazard only where its values reach the device:
    // a byte count passed to the runtime (cudaMemcpy) or a kernel launch's
    // argument ('const int n = rows * cols; k<<<g, b>>>(n)'). CPU reference
    // loops, tests and bootstrap code are not (issue 23, class 7).
    llvm::erase_if(Uses, [](const AddressUse &U) {
      return !isa<CallExpr>(U.Use) || isa<CXXOperatorCallExpr>(U.Use);
    });
    for (const AddressUse &U : launchArguments(Fn, Ctx))
      Uses.push_back(U);
  }
  if (Uses.empty())
    return;

  // Locals that reach an address, each with the use it reaches and the
  // local read there.
  struct Reach {
    const AddressUse *Use;
    const VarDecl *Direct;
  };
  llvm::MapVector<const VarDecl *, Reach> Reaching;
  std::vector<const VarDecl *> Work;
  auto Add = [&](const VarDecl *VD, Reach R) {
    if (Reaching.insert({VD, R}).second)
      Work.push_back(VD);
  };
  for (const AddressUse &U : Uses)
    for (const VarDecl *VD : MA.variablesIn(U.Index))
      Add(VD, {&U, VD});
  // Breadth first, so that each local names the earliest use it reaches.
  for (size_t Next = 0; Next < Work.size(); ++Next) {
    const VarDecl *VD = Work[Next];
    Reach R = Reaching[VD];
    // A local narrower than 32 bits keeps only the low bits of what it is
    // given: a wrap past 2^31 upstream does not reach the address through
    // it (its loop limit still does).
    bool SubWord = kerneltidy::isSubWordIntegerType(VD->getType(), Ctx);
    if (SubWord) {
      if (const Expr *Limit = MA.loopLimit(VD))
        for (const VarDecl *From : MA.variablesIn(Limit))
          Add(From, R);
      continue;
    }
    for (const Expr *V : MA.valueExprs(VD))
      for (const VarDecl *From : MA.variablesIn(V))
        Add(From, R);
    for (const BinaryOperator *C : MA.compoundAssignments(VD))
      for (const VarDecl *From : MA.variablesIn(C->getRHS()))
        Add(From, R);
    if (const Expr *Limit = MA.loopLimit(VD))
      for (const VarDecl *From : MA.variablesIn(Limit))
        Add(From, R);
  }

  std::vector<Site> Sites;
  llvm::SmallPtrSet<const Expr *, 16> SeenOps;
  // Groups wraps into operation sites: a wrap inside another is the same
  // finding ('a * b * c').
  auto AddOpSites = [&](std::vector<Wrap> Wraps, const AddressUse *Use,
                        const VarDecl *Widened) {
    llvm::erase_if(Wraps, [&](const Wrap &W) { return SeenOps.count(W.Op); });
    for (const Wrap &W : Wraps)
      SeenOps.insert(W.Op);
    std::vector<Site> Local;
    for (const Wrap &W : Wraps) {
      Site *Into = nullptr;
      for (Site &S : Local)
        if (contains(S.Wraps.front().Op, W.Op))
          Into = &S;
      if (Into) {
        Into->Wraps.push_back(W);
        continue;
      }
      Site S;
      S.Wraps.push_back(W);
      S.Use = Use;
      if (Widened) {
        S.WidenedVar = Widened;
        S.WidenedTo = Widened->getType();
      }
      Local.push_back(S);
    }
    Sites.insert(Sites.end(), Local.begin(), Local.end());
  };

  for (auto &[VD, R] : Reaching) {
    std::vector<Wrap> Wraps;
    // Narrower than 32 bits: bounded by its type (a byte, a table index);
    // only a loop limit past its range is reported.
    if (kerneltidy::isSubWordIntegerType(VD->getType(), Ctx)) {
      if (Wrap W = MA.loopLimitWrap(VD)) {
        Site S;
        S.Var = VD;
        S.Wraps.push_back(W);
        S.Use = R.Use;
        S.Through = R.Direct == VD ? nullptr : R.Direct;
        Sites.push_back(std::move(S));
      }
      continue;
    }
    for (const Expr *V : MA.valueExprs(VD)) {
      auto In = MA.wrapsIn(V);
      Wraps.insert(Wraps.end(), In.begin(), In.end());
    }
    for (const BinaryOperator *C : MA.compoundAssignments(VD)) {
      if (Wrap W = MA.wrapAt(C))
        Wraps.push_back(W);
      auto In = MA.wrapsIn(C->getRHS());
      Wraps.insert(Wraps.end(), In.begin(), In.end());
    }
    if (Wrap W = MA.loopLimitWrap(VD))
      Wraps.push_back(W);
    if (Wraps.empty())
      continue;
    // A float or pointer local is no offset: its own address uses (pointer
    // arithmetic) are found where they happen.
    if (!kerneltidy::integerWidth(VD->getType(), Ctx))
      continue;
    if (kerneltidy::isNarrowIntegerType(VD->getType(), Ctx)) {
      Site S;
      S.Var = VD;
      S.Wraps = std::move(Wraps);
      S.Use = R.Use;
      S.Through = R.Direct == VD ? nullptr : R.Direct;
      for (const Wrap &W : S.Wraps)
        SeenOps.insert(W.Op);
      Sites.push_back(std::move(S));
    } else {
      AddOpSites(std::move(Wraps), R.Use, VD);
    }
  }
  for (const AddressUse &U : Uses)
    AddOpSites(MA.wrapsIn(U.Index), &U, nullptr);
  // Reachability (lib/model/ExtentMaxima.h): a wrap whose every factor has
  // a realistic maximum, and whose product of maxima stays within its
  // type, cannot wrap at any shape of the maxima table ('hiddenIdx' below
  // 'params.hiddenDim'; 'token * hidden' where a serving configuration caps
  // the tokens). A site with no other wrap is no finding.
  for (Site &S : Sites)
    llvm::erase_if(S.Wraps, [&](const Wrap &W) {
      return !kerneltidy::wrapReach(
                  evidenceOf(W, S.Use ? S.Use->Use : nullptr, Ctx), Maxima,
                  W.Limit)
                  .Reachable;
    });
  llvm::erase_if(Sites, [](const Site &S) { return S.Wraps.empty(); });
  if (Sites.empty())
    return;

  // Locals that the flagged declarations flow into and that would wrap
  // once those are widened: the fix widens them too.
  llvm::SmallPtrSet<const VarDecl *, 8> Flagged;
  for (const Site &S : Sites)
    if (S.Var)
      Flagged.insert(S.Var);
  if (!Flagged.empty() && !Launch) {
    MagnitudeOptions WideOpts = Opts;
    WideOpts.AssumeWide = Flagged;
    for (unsigned Round = 0; Round < 8; ++Round) {
      MagnitudeAnalysis WhatIf(Fn, Ctx, WideOpts);
      std::vector<const VarDecl *> More;
      for (auto &[VD, R] : Reaching) {
        if (WideOpts.AssumeWide.contains(VD) ||
            !kerneltidy::isNarrowIntegerType(VD->getType(), Ctx))
          continue;
        // Its values, computed in 64 bits now, no longer fit.
        Magnitude M = WhatIf.ofVariable(VD);
        bool Wraps = bool(WhatIf.loopLimitWrap(VD)) ||
                     (M.isLarge() &&
                      M.Max > kerneltidy::integerWidth(VD->getType(), Ctx)
                                  ->maxValue());
        for (const Expr *V : WhatIf.valueExprs(VD))
          Wraps = Wraps || !WhatIf.wrapsIn(V).empty();
        if (Wraps)
          More.push_back(VD);
      }
      if (More.empty())
        break;
      for (const VarDecl *VD : More) {
        WideOpts.AssumeWide.insert(VD);
        // Attribute it to the flagged declaration it reads from.
        std::vector<const VarDecl *> Back{VD};
        llvm::SmallPtrSet<const VarDecl *, 8> Seen{VD};
        Site *Owner = nullptr;
        while (!Back.empty() && !Owner) {
          const VarDecl *Cur = Back.front();
          Back.erase(Back.begin());
          std::vector<const Expr *> From(MA.valueExprs(Cur).begin(),
                                         MA.valueExprs(Cur).end());
          if (const Expr *L = MA.loopLimit(Cur))
            From.push_back(L);
          for (const Expr *E : From)
            for (const VarDecl *Src : MA.variablesIn(E)) {
              for (Site &S : Sites)
                if (!Owner && S.Var == Src)
                  Owner = &S;
              if (Seen.insert(Src).second)
                Back.push_back(Src);
            }
        }
        if (!Owner)
          for (Site &S : Sites)
            if (!Owner && S.Var)
              Owner = &S;
        Owner->Downstream.push_back(VD);
      }
    }
  }

  std::string Wide = wideTypeName(Fn, Ctx);
  const kerneltidy::RowsScaledInWideArithmetic Rows(Fn, Ctx);
  const std::string NeverInstantiated = neverInstantiatedTemplate(Fn, Ctx);
  // The tier of one wrap of a site and the reason for its note.
  auto TierOfWrap = [&](const Site &S, const Wrap &Primary, std::string &Why) {
    kerneltidy::OffsetEvidence Evidence =
        evidenceOf(Primary, S.Use ? S.Use->Use : nullptr, Ctx);
    Evidence.NeverInstantiatedTemplate = NeverInstantiated;
    const BinaryOperator *ScaledBy = nullptr;
    if ((S.Var && Rows.containsVariable(S.Var, &ScaledBy)) ||
        (Primary.Kind == WrapKind::Product &&
         Rows.contains(Primary.Op, &ScaledBy)))
      Evidence.ScaledInWideArithmeticBy = sourceText(ScaledBy, Ctx);
    // A grid index alone: a row count when the kernel scales the variable
    // that holds it by a size, an element offset otherwise.
    using GridUse = kerneltidy::OffsetEvidence::GridUse;
    if (const VarDecl *Holder = S.Var ? S.Var : S.WidenedVar) {
      Evidence.GridIndexUse = Rows.scalesVariableAtAnyWidth(Holder)
                                  ? GridUse::CountsRows
                                  : GridUse::IndexesElements;
      if (Evidence.GridIndexUse == GridUse::IndexesElements)
        Evidence.ComparedOnlyWithRowWidth =
            comparedOnlyWithRowWidth(Holder, Fn, Ctx);
    }
    return kerneltidy::widthConfidence(Evidence, Why);
  };
  // The tier of a site: its most confident wrap. The wraps of a site are
  // nested products of one chain, and the chain wraps where any of them
  // does: 'b * T * C * num_heads' is not bounded by its head count when
  // 'b * T * C' already spans the tensor.
  auto TierOf = [&](const Site &S, std::string &Why) {
    const Wrap &Primary = primaryWrap(S.Wraps);
    kerneltidy::Confidence Best = TierOfWrap(S, Primary, Why);
    for (const Wrap &W : S.Wraps) {
      if (W.Op == Primary.Op)
        continue;
      std::string WhyW;
      kerneltidy::Confidence C = TierOfWrap(S, W, WhyW);
      if (C > Best) {
        Best = C;
        Why = "'" + sourceText(W.Op, Ctx) + "': " + WhyW;
      }
    }
    return Best;
  };
  // One finding per address (issue 23, class 8): the terms of one address
  // expression that wrap side by side ('q + b * stride_b + h * stride_h')
  // are one finding, led by the most confident term (then the strongest
  // wrap, then the first in the source); the others become its siblings.
  {
    auto Earlier = [&](const Site &A, const Site &B) {
      return SM.isBeforeInTranslationUnit(wrapLoc(primaryWrap(A.Wraps)),
                                          wrapLoc(primaryWrap(B.Wraps)));
    };
    auto Leads = [&](const Site &A, const Site &B) {
      if (A.Tier != B.Tier)
        return A.Tier > B.Tier;
      int SA = wrapStrength(primaryWrap(A.Wraps));
      int SB = wrapStrength(primaryWrap(B.Wraps));
      return SA != SB ? SA > SB : Earlier(A, B);
    };
    std::vector<std::vector<Site>> Groups;
    for (Site &S : Sites) {
      S.Tier = TierOf(S, S.TierWhy);
      std::vector<Site> *Into = nullptr;
      if (!S.Var && S.Use)
        for (auto &G : Groups) {
          const Site &L = G.front();
          if (!L.Var && L.Use && L.WidenedVar == S.WidenedVar &&
              (onePointerChain(L.Use->Use, S.Use->Use) ||
               onePointerChain(S.Use->Use, L.Use->Use))) {
            Into = &G;
            break;
          }
        }
      if (!Into)
        Into = &Groups.emplace_back();
      Into->push_back(std::move(S));
    }
    Sites.clear();
    for (auto &G : Groups) {
      std::stable_sort(G.begin(), G.end(), Leads);
      Site Lead = std::move(G.front());
      Lead.Siblings.assign(std::make_move_iterator(G.begin() + 1),
                           std::make_move_iterator(G.end()));
      std::sort(Lead.Siblings.begin(), Lead.Siblings.end(), Earlier);
      Sites.push_back(std::move(Lead));
    }
  }
  for (const Site &S : Sites) {
    const Wrap &Primary = primaryWrap(S.Wraps);
    SourceLocation Anchor = S.Var ? S.Var->getLocation() : wrapLoc(Primary);
    if (Anchor.isInvalid() ||
        !Reported.insert(SM.getFileLoc(Anchor).getRawEncoding()).second)
      continue;
    for (const Site &Sib : S.Siblings)
      Reported.insert(
          SM.getFileLoc(wrapLoc(primaryWrap(Sib.Wraps))).getRawEncoding());
    bool HasProduct = Primary.Kind == WrapKind::Product;
    const std::string &Why = S.TierWhy;
    kerneltidy::Confidence Tier = S.Tier;
    if (!Shown.shows("kernel-int32-offset", kerneltidy::FrontEnd::Cxx, Tier))
      continue;

    // The warning, where the 32-bit type is chosen.
    const bool ToLaunch = S.Use && isa<CUDAKernelCallExpr>(S.Use->Use);
    // At a launch only a product computed in 32 bits counts: a conversion
    // to the kernel's parameter type ('static_cast<int>(n)') is the
    // launcher's stated contract, and the kernel's own offsets are reported
    // where they wrap.
    if (ToLaunch && Primary.Kind != WrapKind::Product)
      continue;
    if (S.Var) {
      std::string Type = typeName(S.Var->getType(), Ctx);
      if (Primary.Kind == WrapKind::LoopLimit)
        diag(Anchor, "offset '%0' is held in %3-bit '%1' and can wrap before "
                     "it reaches its limit '%2'")
            << S.Var->getName() << Type
            << sourceText(Primary.Op->IgnoreImpCasts(), Ctx)
            << kerneltidy::integerWidth(S.Var->getType(), Ctx)->Bits;
      else
        diag(Anchor, "offset '%0' is %select{held|computed}1 in 32-bit '%2' "
                     "and can wrap before it %select{reaches an address|is "
                     "passed to a kernel}3")
            << S.Var->getName() << HasProduct << Type << ToLaunch;
    } else {
      const Expr *Top = Primary.Op;
      std::string Type = typeName(Primary.ComputedIn, Ctx);
      if (S.WidenedVar)
        diag(Anchor, "%select{value|product}0 '%1' is computed in 32-bit "
                     "'%2' and can wrap before it is widened to '%3'")
            << HasProduct << sourceText(Top, Ctx) << Type
            << typeName(S.WidenedTo, Ctx);
      else
        diag(Anchor, "offset '%0' is %select{truncated to|computed in}1 "
                     "32-bit '%2' and can wrap before it %select{reaches an "
                     "address|is passed to a kernel}3")
            << sourceText(Primary.Kind == WrapKind::Narrowing
                              ? cast<ImplicitCastExpr>(Top)->getSubExpr()
                              : Top,
                          Ctx)
            << HasProduct << Type << ToLaunch;
    }

    // The boundary shape, at the wrapping operation; the tier and its
    // evidence, at the finding.
    diag(wrapLoc(Primary), "%0", DiagnosticIDs::Note)
        << boundaryNote(
               Primary,
               kerneltidy::wrapReach(
                   evidenceOf(Primary, S.Use ? S.Use->Use : nullptr, Ctx),
                   Maxima, Primary.Limit)
                   .Witness,
               Ctx);
    diag(Anchor, "%0", DiagnosticIDs::Note)
        << kerneltidy::confidenceNote(Tier, Why);
    // The other terms of the same address, where they are computed.
    for (const Site &Sib : S.Siblings) {
      const Wrap &W = primaryWrap(Sib.Wraps);
      const Expr *Term = W.Kind == WrapKind::Narrowing
                             ? cast<ImplicitCastExpr>(W.Op)->getSubExpr()
                             : W.Op;
      diag(wrapLoc(W), "the same address also adds '%0', computed in 32-bit "
                       "'%1'",
           DiagnosticIDs::Note)
          << sourceText(Term, Ctx) << typeName(W.ComputedIn, Ctx);
    }

    // Where a 32-bit factor got its type, when it is a field or parameter.
    if (HasProduct) {
      const auto *BO = cast<BinaryOperator>(Primary.Op);
      for (const Expr *F : {BO->getLHS(), BO->getRHS()}) {
        const ValueDecl *D = nullptr;
        F = F->IgnoreParenImpCasts();
        if (const auto *ME = dyn_cast<MemberExpr>(F))
          D = dyn_cast<FieldDecl>(ME->getMemberDecl());
        else if (const auto *DRE = dyn_cast<DeclRefExpr>(F))
          D = dyn_cast<ParmVarDecl>(DRE->getDecl());
        if (D && kerneltidy::isNarrowIntegerType(D->getType(), Ctx) &&
            !SM.isInSystemHeader(D->getLocation())) {
          diag(D->getLocation(), "'%0' is declared %2-bit '%1' here",
               DiagnosticIDs::Note)
              << D->getName() << typeName(D->getType(), Ctx)
              << kerneltidy::integerWidth(D->getType(), Ctx)->Bits;
          break;
        }
      }
    }

    // Where it reaches an address.
    if (S.Use && (S.Var || S.WidenedVar)) {
      const VarDecl *Named = S.Var ? S.Var : S.WidenedVar;
      if (S.Through && S.Through != Named)
        diag(S.Use->Use->getBeginLoc(),
             "'%0' %select{reaches an address|is passed to a kernel}2 here "
             "through '%1'",
             DiagnosticIDs::Note)
            << Named->getName() << S.Through->getName() << ToLaunch;
      else
        diag(S.Use->Use->getBeginLoc(),
             "'%0' %select{reaches an address|is passed to a kernel}1 here",
             DiagnosticIDs::Note)
            << Named->getName() << ToLaunch;
    }

    if (Launch) {
      diag(Launch->getBeginLoc(),
           "instantiated with 32-bit types here, on a path from a launch that "
           "no size check guards",
           DiagnosticIDs::Note);
      continue; // the fix belongs to the launch, not to the template
    }

    // The fix: widen the declaration (and what it flows into), cast the
    // first factor of each wrapping product.
    std::vector<FixItHint> Fixes;
    std::vector<std::string> Widened;
    auto Widen = [&](const VarDecl *VD) {
      const TypeSourceInfo *TSI = VD->getTypeSourceInfo();
      if (!TSI)
        return false;
      TypeLoc TL = TSI->getTypeLoc().getUnqualifiedLoc();
      SourceRange R = TL.getSourceRange();
      if (!isFileRange(R))
        return false;
      Fixes.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(R), Wide));
      Widened.push_back(VD->getName().str());
      return true;
    };
    bool Ok = true;
    if (S.Var) {
      Ok = Widen(S.Var);
      for (const VarDecl *D : S.Downstream)
        Ok = Ok && Widen(D);
    }
    llvm::SmallPtrSet<const Expr *, 4> Cast;
    std::string FirstCast;
    std::vector<Wrap> Terms(S.Wraps.begin(), S.Wraps.end());
    for (const Site &Sib : S.Siblings)
      Terms.insert(Terms.end(), Sib.Wraps.begin(), Sib.Wraps.end());
    for (const Wrap &W : Terms) {
      if (W.Kind != WrapKind::Product || isa<CompoundAssignOperator>(W.Op))
        continue;
      const Expr *F = firstFactor(cast<BinaryOperator>(W.Op));
      if (!Cast.insert(F).second)
        continue;
      SourceRange R = F->getSourceRange();
      if (!isFileRange(R)) {
        Ok = false;
        continue;
      }
      SourceLocation After = Lexer::getLocForEndOfToken(
          R.getEnd(), 0, SM, Ctx.getLangOpts());
      if (After.isInvalid()) {
        Ok = false;
        continue;
      }
      Fixes.push_back(FixItHint::CreateInsertion(
          R.getBegin(), "static_cast<" + Wide + ">("));
      Fixes.push_back(FixItHint::CreateInsertion(After, ")"));
      if (FirstCast.empty())
        FirstCast = sourceText(F, Ctx);
    }
    if (!Ok || Fixes.empty())
      continue;
    std::string Text;
    if (!Widened.empty()) {
      Text = "widen '" + Widened[0] + "'";
      for (size_t I = 1; I < Widened.size(); ++I)
        Text += (I + 1 == Widened.size() ? " and '" : ", '") + Widened[I] +
                "'";
      Text += " to '" + Wide + "'";
      if (!FirstCast.empty())
        Text += " and multiply in '" + Wide + "'";
    } else {
      Text = "cast '" + FirstCast + "' to '" + Wide +
             "' to multiply in 64 bits";
    }
    diag(S.Var ? S.Var->getLocation() : wrapLoc(Primary), "%0",
         DiagnosticIDs::Note)
        << Text << Fixes;
  }
}

} // namespace clang::tidy::kernel
