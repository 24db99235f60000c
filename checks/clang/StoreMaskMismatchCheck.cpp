//===- StoreMaskMismatchCheck.cpp - kernel-store-mask-mismatch ------------===//
//
// What is reported. A store (assignment through a subscript or a
// dereference), an atomic ('atomicAdd' and friends, 'sycl::atomic_ref'
// operations) or, at lower priority, a load, whose *store address* depends on
// a value V that the kernel itself treats as possibly invalid, while the
// access is not predicated on V's validity:
//
//   * a *value predicate* is a comparison on V ('t != ignore_index', 'e >= 0',
//     'lora_id < max_loras') that the kernel uses to decide whether a value is
//     real: it gates the stored value ('valid ? g : 0', 'g * valid', 'if
//     (valid) g = ...');
//   * the *store mask* is what the store is actually control-dependent on:
//     enclosing 'if' branches and loop bodies, '?:' arms, early 'return' /
//     'continue', asserts before it ('CUDA_KERNEL_ASSERT', 'assert'), and the
//     conditions on the path from V to the address ('safe = valid ? t : 0').
//
// Form (a): an atom of the stored value's gate constrains V and the store
// mask does not imply it ('t != ignore_index' gates the gradient; the store
// to 'grad_input[row * C + t]' is under 'row < N' only): the seed 002 bug.
// Form (b): V is read from an index tensor, the kernel validates V before
// another access, and this access's mask does not imply that validation (a
// LoRA id checked against 'max_loras' for one gather but not for the
// atomic). Loads of either shape are reported with their own message
// ("load address ..."): an out-of-bounds gather is a lesser harm than a
// stray write. A store the mask does cover, or a V that is clamped
// ('min'/'max'/'clamp') or replaced ('valid ? t : 0') first, is silent.
//
// Of an access's candidates, the one with the strongest evidence is
// reported, with the tier lib/model/MaskEvidence.h gives it: a V read from
// memory whose sentinel ('!= ignore_index', '>= 0') the access escapes is
// high; a V read from memory bounded elsewhere by a size is medium; a V the
// kernel computes from thread and loop positions is low (on real code such
// comparisons are selectors, loop bounds and launch-implied tests). A loop
// counter is never a loaded index, and a length read from memory compared
// with the thread's own index is the extent, not a V.
//
// The warning sits on V's use in the address; notes point at the predicate,
// at the value gate (or the validating access), and offer wrapping the store
// in the predicate ('if (valid) ...'), only where that is a mechanical
// rewrite: a whole statement, not the then-branch of an 'if' with an 'else',
// and a predicate whose names are all in scope at the store.
//
// Known blind spots: a V the kernel never compares, or compares from one
// side only ('if (e >= num_experts) continue;' with -1 ids), is not known to
// be possibly invalid; a kernel parameter is taken as a bound, not as V, when
// it is compared with a local; the analysis is intraprocedural (a helper that
// takes V and stores is not seen into); reassignment of V between its check
// and the store is not tracked; implication is syntactic (same comparison,
// same-side bound, both sides bounded, an unsigned range test, or integer
// constants excluding the sentinel);
// an atom on an expression of V ('t - start < n') constrains only itself;
// stores to '__shared__' arrays indexed by thread positions are not
// reported (zero padding of a shared tile is the norm); loads in templates
// whose element type is dependent are not seen (no lvalue-to-rvalue cast).
//
//===----------------------------------------------------------------------===//
#include "lib/model/Confidence.h"
#include "lib/model/MaskEvidence.h"
#include "checks/clang/StoreMaskMismatchCheck.h"
#include "lib/frontend/clang/KernelDiscovery.h"
#include "lib/frontend/clang/Predicates.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang::ast_matchers;
using kerneltidy::Access;
using kerneltidy::AccessKind;
using kerneltidy::Atom;
using kerneltidy::BoundKind;
using kerneltidy::Condition;
using kerneltidy::Dependency;
using kerneltidy::FunctionPredicates;

namespace clang::tidy::kernel {
namespace {

// Device code: every kernel that lib/analysis/KernelDiscovery finds (CUDA/HIP
// '__global__', SYCL lambdas, functors and free-function kernels), plus
// CUDA/HIP '__device__' (and '__host__ __device__') functions, whose stores
// are the kernels' stores too.
bool isDeviceHelper(const FunctionDecl *FD) {
  return FD->hasAttr<CUDADeviceAttr>() && !kerneltidy::isKernelFunction(FD);
}

bool isTemplateInstantiationKind(TemplateSpecializationKind K) {
  return K == TSK_ImplicitInstantiation ||
         K == TSK_ExplicitInstantiationDefinition ||
         K == TSK_ExplicitInstantiationDeclaration;
}

/// What 'isInstantiated()' matches, without the parent map: D or a lexically
/// enclosing declaration is a function or class template instantiation
/// (members of an instantiated class, lambdas and local classes of an
/// instantiated function are lexically inside it).
bool isInstantiatedDecl(const Decl *D) {
  for (; D; D = dyn_cast_or_null<Decl>(D->getLexicalDeclContext())) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (isTemplateInstantiationKind(FD->getTemplateSpecializationKind()))
        return true;
    } else if (const auto *RD = dyn_cast<CXXRecordDecl>(D)) {
      if (isTemplateInstantiationKind(RD->getTemplateSpecializationKind()))
        return true;
    }
    if (isa<TranslationUnitDecl>(D))
      break;
  }
  return false;
}

StringRef varName(const VarDecl *V) {
  return V->getIdentifier() ? V->getName() : StringRef("<unnamed>");
}

bool isValidityBound(BoundKind K) {
  return K == BoundKind::Lower || K == BoundKind::Upper ||
         K == BoundKind::NotEqual;
}

/// A value gate's atom, with the gate it belongs to.
struct GateAtom {
  Atom A;
  Condition Gate;
};

/// A validation of V: an atom in force at accesses of V.
struct Validation {
  Atom A;
  llvm::SmallVector<size_t, 2> AccessIndices;
};

class BodyAnalysis {
public:
  BodyAnalysis(const Stmt *Body, ASTContext &Ctx, bool CheckLoads,
               const kerneltidy::ConfidenceFilter &Shown, ClangTidyCheck &Check)
      : FP(Body, Ctx), Ctx(Ctx), SM(Ctx.getSourceManager()),
        CheckLoads(CheckLoads), Shown(Shown), Check(Check) {}

  void run();

private:
  struct AccessInfo {
    std::vector<Atom> Facts;
    std::vector<Dependency> Deps;
    std::vector<GateAtom> Gates;
  };

  void collect();
  void checkAccess(size_t Index);
  void report(size_t Index, const Dependency &D, const Atom &Predicate,
              const Condition *Gate, llvm::ArrayRef<Atom> Missing,
              kerneltidy::Confidence Tier, llvm::StringRef Why);
  const Stmt *enclosingStatement(const Expr *E) const;
  bool inScopeAt(const Expr *Cond, const Stmt *At) const;
  std::string sourceText(const Expr *E) const;
  std::string predicateText(const Condition &C) const;
  std::string atomText(const Atom &A) const;

  FunctionPredicates FP;
  ASTContext &Ctx;
  const SourceManager &SM;
  bool CheckLoads;
  const kerneltidy::ConfidenceFilter &Shown;
  ClangTidyCheck &Check;
  std::vector<AccessInfo> Info;
  llvm::DenseMap<const VarDecl *, std::vector<Validation>> Validations;
  llvm::DenseMap<const Expr *, std::vector<GateAtom>> LoadGates;
};

void BodyAnalysis::run() {
  collect();
  for (size_t I = 0; I < FP.accesses().size(); ++I)
    checkAccess(I);
}

void BodyAnalysis::collect() {
  const std::vector<Access> &Accesses = FP.accesses();
  Info.resize(Accesses.size());
  for (size_t I = 0; I < Accesses.size(); ++I) {
    const Access &X = Accesses[I];
    AccessInfo &AI = Info[I];
    AI.Facts = FP.atoms(FP.controlFacts(X.Expr));
    AI.Deps = FP.dependencies(X.Address);
    // What the kernel establishes about each V before using it here.
    for (const Dependency &D : AI.Deps) {
      std::vector<Atom> Local = AI.Facts;
      for (const Atom &A : FP.atoms(D.PathFacts))
        Local.push_back(A);
      for (const Atom &A : Local) {
        if (!isValidityBound(FunctionPredicates::boundOn(A, D.Var)))
          continue;
        std::vector<Validation> &VS = Validations[D.Var];
        auto Known = llvm::find_if(VS, [&](const Validation &V) {
          return V.A.Origin == A.Origin && V.A.Op == A.Op;
        });
        if (Known == VS.end())
          VS.push_back({A, {I}});
        else if (Known->AccessIndices.back() != I)
          Known->AccessIndices.push_back(I);
      }
    }
    if (X.Kind == AccessKind::Load || !X.Value)
      continue;
    for (const Condition &C : FP.valueGates(X.Value))
      for (const Atom &A : FP.atoms(C))
        AI.Gates.push_back({A, C});
    if (AI.Gates.empty())
      continue;
    for (const Expr *Load : FP.loadsFeeding(X.Value)) {
      std::vector<GateAtom> &LG = LoadGates[Load];
      LG.insert(LG.end(), AI.Gates.begin(), AI.Gates.end());
    }
  }
}

/// What the validity predicate A on V excludes: a value or a sign ('t !=
/// ignore_index', 'e >= 0', 'id > -1') or a range ('slot < max_loras').
kerneltidy::PredicateKind predicateKind(const Atom &A, const clang::VarDecl *V,
                                        ASTContext &Ctx) {
  const Expr *Other = nullptr;
  BoundKind K = FunctionPredicates::boundOn(A, V, &Other);
  if (K == BoundKind::NotEqual || K == BoundKind::Equal) {
    // 'k != j' between two indices the kernel varies selects one of them; a
    // sentinel is a constant or a value fixed for the launch ('ignore_index',
    // a field, a 'const' copy of either).
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(
        Other ? Other->IgnoreParenImpCasts() : nullptr);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
        !VD->getType().isConstQualified())
      return kerneltidy::PredicateKind::ExtentBound;
    return kerneltidy::PredicateKind::Sentinel;
  }
  if (K == BoundKind::Lower && Other && !Other->isValueDependent())
    if (std::optional<llvm::APSInt> C = Other->getIntegerConstantExpr(Ctx))
      if (C->getSExtValue() <= 0)
        return kerneltidy::PredicateKind::Sentinel;
  return kerneltidy::PredicateKind::ExtentBound;
}

void BodyAnalysis::checkAccess(size_t Index) {
  const Access &X = FP.accesses()[Index];
  if (X.Kind == AccessKind::Load && !CheckLoads)
    return;
  const AccessInfo &AI = Info[Index];
  const std::vector<GateAtom> *Gates = &AI.Gates;
  if (X.Kind == AccessKind::Load) {
    auto It = LoadGates.find(X.Expr);
    static const std::vector<GateAtom> None;
    Gates = It == LoadGates.end() ? &None : &It->second;
  }
  const auto *SharedBase = dyn_cast_or_null<VarDecl>(X.Base);
  bool Shared = SharedBase && SharedBase->hasAttr<CUDASharedAttr>();

  // Every escape of this access is a candidate; the one with the strongest
  // evidence (lib/model/MaskEvidence.h) is reported, once.
  struct Candidate {
    const Dependency *D;
    Atom Predicate;
    const Condition *Gate;
    std::vector<Atom> Missing;
    kerneltidy::Confidence Tier;
    std::string Why;
  };
  std::optional<Candidate> Best;
  auto Consider = [&](const Dependency &D, bool LoadedIndex,
                      const Atom &Predicate, const Condition *Gate,
                      std::vector<Atom> Missing) {
    kerneltidy::MaskEvidence E;
    E.Shape = Gate ? kerneltidy::MaskShape::GatedValue
                   : kerneltidy::MaskShape::ValidatedElsewhere;
    E.Source = LoadedIndex ? kerneltidy::IndexSource::Loaded
                           : kerneltidy::IndexSource::Computed;
    E.Predicate = predicateKind(Predicate, D.Var, Ctx);
    for (const Atom &A : Missing)
      if (predicateKind(A, D.Var, Ctx) == kerneltidy::PredicateKind::Sentinel)
        E.Predicate = kerneltidy::PredicateKind::Sentinel;
    std::string Why;
    kerneltidy::Confidence Tier = kerneltidy::maskConfidence(E, Why);
    if (!Best || Tier > Best->Tier)
      Best = Candidate{&D, Predicate, Gate, std::move(Missing), Tier,
                       std::move(Why)};
  };

  for (const Dependency &D : AI.Deps) {
    // A clamped value was made valid; a constexpr one is what it is at
    // compile time ('warp_size'), never a sentinel.
    if (D.Clamped || D.Var->isConstexpr())
      continue;
    bool LoadedIndex = FP.isLoadedIndex(D.Var);
    // 't < n_classes' bounds t; it does not make the parameter n_classes a
    // possibly invalid value. A parameter is V only against other
    // parameters or constants (a device helper's index argument); no V is
    // the bound of a thread's own index.
    auto BoundsALocal = [&](const Atom &A) {
      const Expr *Other = nullptr;
      BoundKind K = FunctionPredicates::boundOn(A, D.Var, &Other);
      // 'u < my_len' (or its negation, in an 'else') compares the thread's
      // own index u with a length read from memory: my_len is the extent
      // there, not a possibly invalid index.
      if ((K == BoundKind::Lower || K == BoundKind::Upper) && Other &&
          LoadedIndex && FP.readsThreadPosition(Other))
        return true;
      if (!isa<ParmVarDecl>(D.Var) || !isValidityBound(K))
        return false;
      const auto *DRE =
          dyn_cast_or_null<DeclRefExpr>(Other ? Other->IgnoreParenCasts()
                                              : nullptr);
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      return VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD);
    };
    std::vector<Atom> Mask = AI.Facts;
    for (const Atom &A : FP.atoms(D.PathFacts))
      Mask.push_back(A);

    // (a) the value is gated on V's validity; the access is not.
    if (!Shared || LoadedIndex)
      for (const GateAtom &G : *Gates)
        if (isValidityBound(FunctionPredicates::boundOn(G.A, D.Var)) &&
            !BoundsALocal(G.A) && !FP.implies(Mask, G.A, D.Var)) {
          Consider(D, LoadedIndex, G.A, &G.Gate, {});
          break;
        }

    // (b) V comes from an index tensor and is validated at another access.
    if (!LoadedIndex)
      continue;
    auto It = Validations.find(D.Var);
    if (It == Validations.end())
      continue;
    // Every validation this access lacks: the fix-it needs them all.
    std::vector<Atom> Missing;
    for (const Validation &V : It->second) {
      bool Elsewhere = llvm::any_of(V.AccessIndices,
                                    [&](size_t J) { return J != Index; });
      if (Elsewhere && !BoundsALocal(V.A) && !FP.implies(Mask, V.A, D.Var) &&
          !FP.implies(Missing, V.A, D.Var))
        Missing.push_back(V.A);
    }
    if (!Missing.empty()) {
      Atom First = Missing.front();
      Consider(D, LoadedIndex, First, nullptr, std::move(Missing));
    }
  }
  if (Best && Shown.shows("kernel-store-mask-mismatch",
                          kerneltidy::FrontEnd::Cxx, Best->Tier))
    report(Index, *Best->D, Best->Predicate, Best->Gate, Best->Missing,
           Best->Tier, Best->Why);
}

const Stmt *BodyAnalysis::enclosingStatement(const Expr *E) const {
  DynTypedNode Node = DynTypedNode::create(*E);
  const Stmt *Current = E;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    // The body's own parent map first: Clang's map of the whole unit costs
    // about a tenth of a parse.
    const Stmt *P = FP.localParent(Current);
    if (P && isa<DeclStmt>(P) && isa<Expr>(Current))
      return nullptr; // an initialiser: its parent is a declaration
    if (!P) {
      DynTypedNodeList Parents = Ctx.getParents(Node);
      if (Parents.empty())
        return nullptr;
      P = Parents[0].get<Stmt>();
      if (!P)
        return nullptr;
    }
    if (isa<ExprWithCleanups>(P) ||
        (isa<CastExpr>(P) && cast<CastExpr>(P)->getType()->isVoidType()) ||
        isa<ParenExpr>(P)) {
      Current = P;
      Node = DynTypedNode::create(*P);
      continue;
    }
    if (isa<CompoundStmt>(P))
      return Current;
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      // 'if (a) store; else x;' would bind the else to the new 'if'.
      if (Current == If->getThen() && !If->getElse())
        return Current;
      return Current == If->getElse() ? Current : nullptr;
    }
    if (const auto *For = dyn_cast<ForStmt>(P))
      return Current == For->getBody() ? Current : nullptr;
    if (const auto *While = dyn_cast<WhileStmt>(P))
      return Current == While->getBody() ? Current : nullptr;
    if (const auto *Do = dyn_cast<DoStmt>(P))
      return Current == Do->getBody() ? Current : nullptr;
    return nullptr;
  }
  return nullptr;
}

bool BodyAnalysis::inScopeAt(const Expr *Cond, const Stmt *At) const {
  // Every local the predicate names must be declared before At in a block
  // that encloses At.
  llvm::SmallVector<const Stmt *, 16> Work{Cond};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD)) {
        if (!SM.isBeforeInTranslationUnit(VD->getLocation(), At->getBeginLoc()))
          return false;
        // Declared in the body: its blocks and At's are in the body's
        // parent map, Clang's map of the whole unit is not needed.
        if (const DeclStmt *LocalDS = FP.localDeclStmt(VD)) {
          const Stmt *Block = FP.localParent(LocalDS);
          if (!Block)
            return false;
          bool Encloses = false;
          const Stmt *Node = At;
          for (unsigned Depth = 0; Depth < 512 && !Encloses && Node; ++Depth) {
            Node = FP.localParent(Node);
            Encloses = Node == Block;
          }
          if (!Encloses)
            return false;
          for (const Stmt *Child : S->children())
            Work.push_back(Child);
          continue;
        }
        DynTypedNodeList DeclParents = Ctx.getParents(*VD);
        const auto *DS = DeclParents.empty() ? nullptr
                                             : DeclParents[0].get<DeclStmt>();
        if (!DS)
          return false;
        DynTypedNodeList BlockParents = Ctx.getParents(*DS);
        const Stmt *Block =
            BlockParents.empty() ? nullptr : BlockParents[0].get<Stmt>();
        if (!Block)
          return false;
        bool Encloses = false;
        DynTypedNode Node = DynTypedNode::create(*At);
        for (unsigned Depth = 0; Depth < 512 && !Encloses; ++Depth) {
          DynTypedNodeList Parents = Ctx.getParents(Node);
          if (Parents.empty())
            break;
          Node = Parents[0];
          Encloses = Node.get<Stmt>() == Block;
        }
        if (!Encloses)
          return false;
      }
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return true;
}

std::string BodyAnalysis::sourceText(const Expr *E) const {
  if (!E)
    return {};
  SourceRange R = E->getSourceRange();
  if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return {};
  return Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM,
                              Ctx.getLangOpts())
      .str();
}

std::string BodyAnalysis::predicateText(const Condition &C) const {
  std::string Text = sourceText(C.Cond);
  if (Text.empty() || C.Positive)
    return Text;
  return "!(" + Text + ")";
}

std::string BodyAnalysis::atomText(const Atom &A) const {
  std::string Text = sourceText(A.Origin);
  if (Text.empty())
    return Text;
  bool Negated = !A.Positive;
  if (const auto *B = dyn_cast<BinaryOperator>(A.Origin))
    Negated = B->getOpcode() != A.Op;
  else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(A.Origin))
    Negated = A.isComparison() && A.LHS != Op->getArg(0)->IgnoreParenImpCasts();
  return Negated ? "!(" + Text + ")" : Text;
}

void BodyAnalysis::report(size_t Index, const Dependency &D,
                          const Atom &Predicate, const Condition *Gate,
                          llvm::ArrayRef<Atom> Missing,
                          kerneltidy::Confidence Tier, llvm::StringRef Why) {
  const Access &X = FP.accesses()[Index];
  SourceLocation Loc = X.Address->getBeginLoc();
  SourceRange Range = X.Address->getSourceRange();
  if (D.Use && SM.isPointWithin(D.Use->getBeginLoc(), Range.getBegin(),
                                Range.getEnd())) {
    Loc = D.Use->getBeginLoc();
    Range = D.Use->getSourceRange();
  }
  StringRef What = X.Kind == AccessKind::Load     ? "load"
                   : X.Kind == AccessKind::Atomic ? "atomic"
                                                  : "store";
  std::string Subject = What.str();
  if (X.Kind == AccessKind::Atomic && !X.Callee.empty())
    Subject = ("atomic '" + X.Callee + "'").str();
  StringRef Kind = Gate ? "treats as possibly invalid"
                        : "validates at another use";
  Check.diag(Loc, "%0 address depends on '%1', which the kernel %2, but the "
                  "%3 is not predicated on its validity")
      << Subject << varName(D.Var) << Kind << What << Range;
  Check.diag(Loc, "%0", DiagnosticIDs::Note)
      << kerneltidy::confidenceNote(Tier, Why);

  Check.diag(Predicate.Origin->getBeginLoc(),
             Gate ? "validity of '%0' is checked here"
                  : "'%0' is validated here before another use",
             DiagnosticIDs::Note)
      << varName(D.Var) << Predicate.Origin->getSourceRange();
  if (Gate && Gate->Site)
    Check.diag(Gate->Site->getBeginLoc(),
               X.Kind == AccessKind::Load
                   ? "the loaded value is only used where this predicate holds"
                   : "the stored value is gated by this predicate",
               DiagnosticIDs::Note)
        << Gate->Cond->getSourceRange();

  if (X.Kind == AccessKind::Load) {
    Check.diag(Loc,
               "read through '%0' only where it is valid, or replace it by a "
               "valid index first",
               DiagnosticIDs::Note)
        << varName(D.Var);
    return;
  }
  // Form (a): the gate's own condition. Form (b): the conjunction of the
  // validations this access lacks.
  const Stmt *Statement = enclosingStatement(X.Expr);
  std::string Text;
  bool Mechanical = Statement && Statement->getBeginLoc().isFileID();
  if (Gate) {
    Text = predicateText(*Gate);
    Mechanical = Mechanical && inScopeAt(Gate->Cond, Statement);
  } else {
    for (const Atom &A : Missing) {
      std::string Part = atomText(A);
      Mechanical = Mechanical && !Part.empty() && inScopeAt(A.Origin, Statement);
      Text += (Text.empty() ? "" : " && ") + Part;
    }
  }
  Mechanical = Mechanical && !Text.empty();
  if (!Mechanical) {
    Check.diag(Loc, "predicate the %0 on the validity of '%1'",
               DiagnosticIDs::Note)
        << What << varName(D.Var);
    return;
  }
  Check.diag(Statement->getBeginLoc(), "predicate the %0 on '%1'",
             DiagnosticIDs::Note)
      << What << Text
      << FixItHint::CreateInsertion(Statement->getBeginLoc(),
                                    "if (" + Text + ") ");
}

} // namespace

// Booleans are read as strings: OptionsView::get<bool> is a template whose
// GCC-mangled name differs from the one the host clang-tidy-19 exports, so
// the plugin would not load.
static bool readBool(StringRef Value, bool Default) {
  return llvm::StringSwitch<bool>(Value.lower())
      .Cases("true", "1", "on", "yes", true)
      .Cases("false", "0", "off", "no", false)
      .Default(Default);
}

StoreMaskMismatchCheck::StoreMaskMismatchCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      CheckLoads(readBool(Options.get("CheckLoads", "true"), true)),
      // Each finding's tier (lib/model/MaskEvidence.h) is shown only where
      // the 'Confidence' option shows it (the CLI passes 'all' and filters).
      Shown(kerneltidy::ConfidenceFilter::parseOrDefaults(
          Options.getLocalOrGlobal("Confidence", "default"))) {}

void StoreMaskMismatchCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "CheckLoads", CheckLoads ? "true" : "false");
}

void StoreMaskMismatchCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("unit"), this);
  // Instantiations are left out in check(): the 'isInstantiated()' matcher
  // would build Clang's parent map of the whole unit (about a tenth of a
  // parse) to walk each definition's ancestors.
  Finder->addMatcher(functionDecl(isDefinition()).bind("helper"), this);
}

void StoreMaskMismatchCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (Result.Nodes.getNodeAs<TranslationUnitDecl>("unit")) {
    for (const kerneltidy::KernelInfo &K : kerneltidy::findKernels(Ctx))
      // A library's functor is a __device__ function: analysed below, once.
      if (K.Body && K.Body->hasBody() &&
          K.Kind != kerneltidy::KernelKind::LibraryFunctor)
        analyseBody(K.Body->getBody(), Ctx);
    return;
  }
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("helper")) {
    if (isInstantiatedDecl(FD) || FD->isInvalidDecl() || !FD->hasBody() ||
        !isDeviceHelper(FD) ||
        Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      return;
    analyseBody(FD->getBody(), Ctx);
  }
}

void StoreMaskMismatchCheck::analyseBody(const Stmt *Body, ASTContext &Ctx) {
  if (!Body)
    return;
  BodyAnalysis(Body, Ctx, CheckLoads, Shown, *this).run();
}

} // namespace clang::tidy::kernel
