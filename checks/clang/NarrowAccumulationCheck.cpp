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
// The scan of a function body (atomics, accumulator updates, divisions), the
// narrowing search and the accumulate type in scope are the Clang front
// end's (lib/frontend/clang/Accumulations.h); the policy that counts the
// additions is lib/model/AccumulationEvidence. This file matches the
// functions, decides the three report kinds and words their messages.
//
//===----------------------------------------------------------------------===//
#include "lib/model/Confidence.h"
#include "checks/clang/NarrowAccumulationCheck.h"
#include "lib/frontend/clang/Accumulations.h"
#include "lib/model/AccumulationEvidence.h"
#include "lib/frontend/clang/Predicates.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>

using namespace clang::ast_matchers;
using kerneltidy::AccumulatorUpdate;
using kerneltidy::AtomicAdd;
using kerneltidy::Division;
using kerneltidy::Float16Kind;
using kerneltidy::Operands;
using kerneltidy::TypeBinding;
using kerneltidy::TypeDispatch;
using kerneltidy::accumulateTypeInScope;
using kerneltidy::constantMagnitude;
using kerneltidy::findNarrowing;
using kerneltidy::objectType;
using kerneltidy::operandsOf;
using kerneltidy::rootDecl;

using namespace clang::ast_matchers;
using kerneltidy::Float16Kind;
using kerneltidy::TypeBinding;
using kerneltidy::TypeDispatch;

namespace clang::tidy::kernel {

NarrowAccumulationCheck::NarrowAccumulationCheck(StringRef Name,
                                                 ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context) {}

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
  // Each finding has a tier (lib/model/AccumulationEvidence.h) and is
  // reported only when the 'Confidence' option shows it (the CLI passes
  // 'all' and filters).
  const kerneltidy::ConfidenceFilter Shown =
      kerneltidy::ConfidenceFilter::parseOrDefaults(
          Options.getLocalOrGlobal("Confidence", "default"));
  auto Shows = [&](kerneltidy::Confidence C) {
    return Shown.shows("kernel-narrow-accumulation", kerneltidy::FrontEnd::Cxx,
                       C);
  };
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
    kerneltidy::FunctionAccumulations Scanner = kerneltidy::scanAccumulations(
        FD, Ctx.getLangOpts(), isDeviceFunction(FD, Ctx.getLangOpts()));
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

  // (a) Atomic adds into 16-bit memory, graded by where their target
  // element comes from: how many threads can add into one element.
  std::map<const FunctionDecl *, std::unique_ptr<kerneltidy::FunctionPredicates>>
      Facts;
  auto FactsOf = [&](const FunctionDecl *F) -> const kerneltidy::FunctionPredicates & {
    auto &Slot = Facts[F];
    if (!Slot)
      Slot = std::make_unique<kerneltidy::FunctionPredicates>(F->getBody(), Ctx);
    return *Slot;
  };
  struct NarrowTotal {
    const AtomicAdd *Atomic;
    kerneltidy::Confidence Tier;
    std::string Why;
  };
  llvm::DenseMap<const ValueDecl *, NarrowTotal> NarrowTotals;
  llvm::StringMap<NarrowTotal> NarrowTotalNames;
  for (const AtomicAdd &A : Atomics) {
    if (A.Element.isNull())
      continue;
    std::vector<TypeBinding> B = Float16Bindings(A.Element);
    if (B.empty())
      continue;
    std::string Why;
    const kerneltidy::Confidence Tier = kerneltidy::atomicConfidence(
        A.Function && A.Function->getBody()
            ? kerneltidy::classifyAtomicTarget(A, FactsOf(A.Function))
            : kerneltidy::AtomicTarget::Unknown,
        Why);
    if (const ValueDecl *Root = rootDecl(A.Target)) {
      NarrowTotals.try_emplace(Root, NarrowTotal{&A, Tier, Why});
      NarrowTotalNames.try_emplace(Root->getName(), NarrowTotal{&A, Tier, Why});
    }
    if (!Shows(Tier))
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
    diag(A.Call->getBeginLoc(), "%0", DiagnosticIDs::Note)
        << kerneltidy::confidenceNote(Tier, Why);
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
      Additions = kerneltidy::additionsPerElement(U, Ctx);
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
    std::string Why;
    const kerneltidy::Confidence Tier = kerneltidy::accumulatorConfidence(
        kerneltidy::spelledAsAccumulateType(VarT), Why);
    if (!Shows(Tier))
      continue;
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
    diag(Loc, "%0", DiagnosticIDs::Note)
        << kerneltidy::confidenceNote(Tier, Why);
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
    const NarrowTotal *Source = nullptr;
    const ValueDecl *Total = nullptr;
    for (const Expr *Side : {D.Divisor, D.Dividend}) {
      const ValueDecl *Root = rootDecl(Side);
      if (!Root)
        continue;
      auto It = NarrowTotals.find(Root);
      if (It != NarrowTotals.end())
        Source = &It->second;
      else if (auto NIt = NarrowTotalNames.find(Root->getName());
               NIt != NarrowTotalNames.end())
        Source = &NIt->second;
      if (Source) {
        Total = Root;
        break;
      }
    }
    // The total's tier is the tier of the atomic that summed it.
    if (!Source || !Shows(Source->Tier))
      continue;
    Operands O = operandsOf(D.Op);
    const std::string Elem = typeName(DividendT, Ctx);
    diag(O.OpLoc.isValid() ? O.OpLoc : D.Op->getExprLoc(),
         "normalisation divides in 16-bit floating type '%0'%1 by a total "
         "that a 16-bit atomic add accumulated")
        << Elem << Instantiated(DividendT, B) << D.Op->getSourceRange();
    diag(Source->Atomic->Call->getBeginLoc(), "'%0' is accumulated here",
         DiagnosticIDs::Note)
        << Total->getName();
    diag(O.OpLoc.isValid() ? O.OpLoc : D.Op->getExprLoc(),
         "divide in the accumulate type and cast the quotient once: a "
         "saturated total gives inf or NaN here",
         DiagnosticIDs::Note);
    diag(O.OpLoc.isValid() ? O.OpLoc : D.Op->getExprLoc(), "%0",
         DiagnosticIDs::Note)
        << kerneltidy::confidenceNote(Source->Tier, Source->Why);
  }

  Functions.clear();
  DispatchSites.clear();
}

} // namespace clang::tidy::kernel
