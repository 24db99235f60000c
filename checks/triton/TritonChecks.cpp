//===- TritonChecks.cpp - run the Triton rules on one Python file -------===//
//
// Builds the module model, one analysis per kernel and per helper call,
// runs the enabled rules, then drops findings suppressed by `# NOLINT`,
// `# NOLINT(check-id, ...)` or `# NOLINTNEXTLINE(check-id, ...)` (a trailing
// `*` in an id is a glob, as in clang-tidy), deduplicates (a helper called
// twice reports its line once) and sorts.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonChecks.h"
#include "checks/triton/TritonRules.h"

#include "llvm/Support/Path.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include <algorithm>

namespace kerneltidy::triton {

RuleContext::RuleContext(llvm::StringRef Path, const TritonModule &M)
    : RuleContext(Path, M, TritonCheckOptions::defaults()) {}

RuleContext::RuleContext(llvm::StringRef Path, const TritonModule &M,
                         const TritonCheckOptions &Options)
    : Path(Path), M(M), T(M.tree()), Options(Options) {}

SourcePosition RuleContext::position(NodeId N) const {
  SourcePosition P;
  P.File = Path.str();
  const PyNode &Node = T.node(N);
  P.Line = Node.Line + 1;
  P.Column = Node.Column + 1;
  P.Offset = Node.Start;
  return P;
}

std::string RuleContext::quote(NodeId N) const {
  llvm::StringRef Text = T.text(N);
  std::string Out;
  Out.reserve(std::min<size_t>(Text.size(), 64));
  bool Space = false;
  for (char C : Text) {
    if (C == '\n' || C == '\t' || C == ' ' || C == '\\') {
      Space = true;
      continue;
    }
    if (Space && !Out.empty() && Out.back() != '(' && Out.back() != '[' &&
        C != ')' && C != ']')
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (Out.size() > 60)
    Out = Out.substr(0, 57) + "...";
  return Out;
}

Finding &RuleContext::report(llvm::StringRef Check, NodeId At,
                             std::string Message) {
  Finding F;
  F.Check = Check.str();
  F.Pos = position(At);
  F.Message = std::move(Message);
  Findings.push_back(std::move(F));
  return Findings.back();
}

Note &RuleContext::note(Finding &F, NodeId At, std::string Message) {
  Note N;
  N.Pos = position(At);
  N.Message = std::move(Message);
  F.Notes.push_back(std::move(N));
  return F.Notes.back();
}

Replacement RuleContext::insertion(unsigned Offset, std::string Text) const {
  Replacement R;
  R.File = Path.str();
  R.Offset = Offset;
  R.Length = 0;
  R.Text = std::move(Text);
  return R;
}

Replacement RuleContext::replacement(NodeId N, std::string Text) const {
  Replacement R;
  R.File = Path.str();
  R.Offset = T.node(N).Start;
  R.Length = T.node(N).End - T.node(N).Start;
  R.Text = std::move(Text);
  return R;
}

void RuleContext::addWideningNote(Finding &F, FunctionAnalysis &A,
                                  NodeId Product) {
  if (T.kind(Product) != PyKind::BinaryOperator) {
    note(F, Product,
         "compute the offset in 64 bits: apply '.to(tl.int64)' to "
         "the index before multiplying");
    return;
  }
  NodeId L = T.field(Product, PyField::Left);
  NodeId R = T.field(Product, PyField::Right);
  ValueFacts LF = A.facts(L), RF = A.facts(R);
  // Widen the index (the program-id-like operand) rather than the size.
  NodeId Index = L;
  if (LF.CompileTime || (RF.Mag == Magnitude::ProgramId &&
                         LF.Mag != Magnitude::ProgramId && !RF.CompileTime))
    Index = R;
  NodeId Stripped = T.stripParens(Index);
  if (T.kind(Stripped) == PyKind::Identifier) {
    NodeId Def = A.definition(Stripped);
    if (Def != Stripped && T.kind(Def) == PyKind::Call &&
        (M.languageCallee(Def) == "program_id" ||
         M.methodCallee(Def) == "program_id")) {
      Note &N = note(F, Def,
                     "widen '" + T.text(Stripped).str() +
                         "' to 64 bits where it is defined: '" + quote(Def) +
                         ".to(tl.int64)'");
      N.Fixes.push_back(insertion(T.node(Def).End, ".to(tl.int64)"));
      return;
    }
  }
  PyKind K = T.kind(Index);
  bool Postfix = K == PyKind::Identifier || K == PyKind::Call ||
                 K == PyKind::Attribute || K == PyKind::Subscript ||
                 K == PyKind::ParenthesizedExpression;
  Note &N = note(F, Index,
                 "compute the offset in 64 bits: '" +
                     (Postfix ? quote(Index) : "(" + quote(Index) + ")") +
                     ".to(tl.int64)'");
  if (Postfix) {
    N.Fixes.push_back(insertion(T.node(Index).End, ".to(tl.int64)"));
  } else {
    N.Fixes.push_back(insertion(T.node(Index).Start, "("));
    N.Fixes.push_back(insertion(T.node(Index).End, ").to(tl.int64)"));
  }
}

/// The kernel parameters a pointer expression starts from: names followed
/// through their bindings (`DW = DW + off`, `X += row * stride`), the
/// pointer side of `+` and `-`, and broadcasting subscripts.
static void pointerBases(FunctionAnalysis &A, NodeId E,
                         llvm::SmallVectorImpl<unsigned> &Params,
                         unsigned Depth) {
  const PySyntaxTree &T = A.tree();
  E = T.stripParens(E);
  if (Depth > 16 || E == NoNode)
    return;
  switch (T.kind(E)) {
  case PyKind::Identifier: {
    const Binding *B = A.resolve(T.text(E), E);
    if (!B) {
      int I = A.function().paramIndex(T.text(E));
      if (I >= 0)
        Params.push_back(unsigned(I));
      return;
    }
    if (B->Kind == BindingKind::Assign) {
      pointerBases(A, B->Value, Params, Depth + 1);
    } else if (B->Kind == BindingKind::Augmented) {
      // `X += off`: X's earlier value is the base.
      pointerBases(A, B->Target, Params, Depth + 1);
    }
    return;
  }
  case PyKind::BinaryOperator: {
    llvm::StringRef Op = T.operatorText(E);
    if (Op == "+" || Op == "-")
      pointerBases(A, T.field(E, PyField::Left), Params, Depth + 1);
    if (Op == "+")
      pointerBases(A, T.field(E, PyField::Right), Params, Depth + 1);
    return;
  }
  case PyKind::Subscript:
    pointerBases(A, T.field(E, PyField::Value), Params, Depth + 1);
    return;
  default:
    return;
  }
}

llvm::SmallVector<const HostBuffer *, 2>
kernelHostBuffers(RuleContext &Ctx, FunctionAnalysis &A, NodeId Pointer) {
  llvm::SmallVector<const HostBuffer *, 2> Out;
  if (A.caller())
    return Out;
  int Kernel = Ctx.M.functionIndex(A.function().Name);
  if (Kernel < 0)
    return Out;
  llvm::SmallVector<unsigned, 2> Params;
  pointerBases(A, Pointer, Params, 0);
  for (unsigned P : Params)
    for (const HostBuffer *B : Ctx.M.hostBuffers(unsigned(Kernel), P))
      Out.push_back(B);
  return Out;
}

namespace {

/// Builds the analyses: every JIT function nobody calls is a root; each
/// helper call below a root gets its own analysis with the caller's facts.
void buildAnalyses(RuleContext &Ctx) {
  const auto &Functions = Ctx.M.functions();
  for (const JitFunction &F : Functions)
    if (!F.CalledFromJit)
      Ctx.Analyses.push_back(std::make_unique<FunctionAnalysis>(Ctx.M, F));
  // A helper only ever called by helpers that are never reached still gets
  // analysed on its own below (mutual recursion without a root).
  for (size_t I = 0; I < Ctx.Analyses.size(); ++I) {
    FunctionAnalysis &Caller = *Ctx.Analyses[I];
    if (Caller.depth() >= 3)
      continue;
    for (const HelperCall &C : Caller.function().Calls)
      Ctx.Analyses.push_back(std::make_unique<FunctionAnalysis>(
          Ctx.M, Functions[C.Callee], Caller, C.Call));
  }
  for (const JitFunction &F : Functions) {
    bool Analysed = llvm::any_of(
        Ctx.Analyses, [&](const auto &A) { return &A->function() == &F; });
    if (!Analysed)
      Ctx.Analyses.push_back(std::make_unique<FunctionAnalysis>(Ctx.M, F));
  }
}

bool idMatches(llvm::StringRef Pattern, llvm::StringRef Id) {
  Pattern = Pattern.trim();
  if (Pattern.ends_with("*"))
    return Id.starts_with(Pattern.drop_back());
  return Pattern == Id;
}

/// Whether the NOLINT marker at Pos in Line (just past the marker's name)
/// covers Check: bare markers cover every check.
bool markerCovers(llvm::StringRef Rest, llvm::StringRef Check) {
  if (!Rest.starts_with("("))
    return true;
  size_t Close = Rest.find(')');
  if (Close == llvm::StringRef::npos)
    return false;
  llvm::SmallVector<llvm::StringRef, 4> Ids;
  Rest.substr(1, Close - 1).split(Ids, ',');
  return llvm::any_of(Ids,
                      [&](llvm::StringRef P) { return idMatches(P, Check); });
}

/// The comment part of a line (from the first '#' outside a string).
llvm::StringRef commentOf(llvm::StringRef Line) {
  char Quote = 0;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quote) {
      if (C == '\\')
        ++I;
      else if (C == Quote)
        Quote = 0;
    } else if (C == '"' || C == '\'') {
      Quote = C;
    } else if (C == '#') {
      return Line.substr(I);
    }
  }
  return {};
}

bool lineSuppresses(llvm::StringRef Comment, llvm::StringRef Check,
                    bool NextLine) {
  for (size_t Pos = Comment.find("NOLINT"); Pos != llvm::StringRef::npos;
       Pos = Comment.find("NOLINT", Pos + 6)) {
    llvm::StringRef Rest = Comment.substr(Pos + 6);
    bool IsNext = Rest.starts_with("NEXTLINE");
    if (IsNext)
      Rest = Rest.drop_front(8);
    else if (Rest.starts_with("BEGIN") || Rest.starts_with("END"))
      continue;
    if (IsNext == NextLine && markerCovers(Rest, Check))
      return true;
  }
  return false;
}

/// Line starts of a file, found on the first question: most files have no
/// finding to check for suppressions.
class LineTable {
public:
  explicit LineTable(llvm::StringRef Source) : Source(Source) {}
  /// 1-based line text without its newline; empty when out of range.
  llvm::StringRef line(unsigned Line) const {
    if (Starts.empty()) {
      Starts.push_back(0);
      for (size_t I = Source.find('\n'); I != llvm::StringRef::npos;
           I = Source.find('\n', I + 1))
        Starts.push_back(unsigned(I + 1));
    }
    if (Line == 0 || Line > Starts.size())
      return {};
    unsigned Begin = Starts[Line - 1];
    unsigned End = Line < Starts.size() ? Starts[Line] - 1 : Source.size();
    return Source.slice(Begin, End);
  }

private:
  llvm::StringRef Source;
  mutable std::vector<unsigned> Starts;
};

bool isSuppressed(const LineTable &Lines, const Finding &F) {
  if (lineSuppresses(commentOf(Lines.line(F.Pos.Line)), F.Check, false))
    return true;
  return lineSuppresses(commentOf(Lines.line(F.Pos.Line - 1)), F.Check, true);
}

} // namespace

bool implementsCheck(llvm::StringRef CheckId) {
  return CheckId == Int32OffsetId || CheckId == IndexWidthMismatchId ||
         CheckId == StoreMaskMismatchId || CheckId == NarrowAccumulationId;
}

/// Drops kernel-store-mask-mismatch findings on loads (CheckLoads: false):
/// the rule places every finding on the access's pointer.
static void dropLoadFindings(RuleContext &Ctx) {
  llvm::DenseSet<unsigned> LoadPointers;
  for (const JitFunction &F : Ctx.M.functions())
    for (const MemoryAccess &A : F.Accesses)
      if (A.Op == MemoryOp::Load && A.Pointer != NoNode)
        LoadPointers.insert(Ctx.T.node(A.Pointer).Start);
  llvm::erase_if(Ctx.Findings, [&](const Finding &F) {
    return F.Check == StoreMaskMismatchId &&
           LoadPointers.contains(F.Pos.Offset);
  });
}

/// The largest element count an int32 offset reaches without wrapping.
static constexpr uint64_t Int32OffsetLimit = 2147483647;

AnalysisResult
analyzePythonFile(llvm::StringRef Path, llvm::StringRef Source,
                  const std::function<bool(llvm::StringRef)> &IsCheckEnabled) {
  return analyzePythonFile(Path, Source, IsCheckEnabled,
                           TritonCheckOptions::defaults());
}

AnalysisResult
analyzePythonFile(llvm::StringRef Path, llvm::StringRef Source,
                  const std::function<bool(llvm::StringRef)> &IsCheckEnabled,
                  const std::map<std::string, std::string> &CheckOptions) {
  return analyzePythonFile(Path, Source, IsCheckEnabled,
                           TritonCheckOptions::fromCheckOptions(CheckOptions));
}

AnalysisResult
analyzePythonFile(llvm::StringRef Path, llvm::StringRef Source,
                  const std::function<bool(llvm::StringRef)> &IsCheckEnabled,
                  const TritonCheckOptions &Options) {
  AnalysisResult Result;
  try {
    if (Source.find('\0') != llvm::StringRef::npos) {
      Result.Errors.push_back(
          {Path.str(),
           "'" + Path.str() + "' is not a text file (it holds NUL bytes)"});
      return Result;
    }
    std::unique_ptr<TritonModule> M = TritonModule::build(Source);
    if (!M) {
      Result.Errors.push_back(
          {Path.str(), "'" + Path.str() + "' could not be parsed as Python"});
      return Result;
    }
    Result.FilesAnalysed = 1;
    FileStatus Status;
    Status.File = Path.str();
    Status.Language = "triton";
    if (M->parsed() && M->tree().hasErrors()) {
      // Each ERROR node is one place where tree-sitter recovered.
      const PySyntaxTree &T = M->tree();
      T.walk(T.root(), [&](NodeId N) {
        if (T.kind(N) != PyKind::Error)
          return;
        if (Status.ParseErrors++ == 0)
          Status.FirstError =
              "syntax error at line " + std::to_string(T.node(N).Line + 1);
      });
      if (Status.ParseErrors == 0) // only MISSING tokens were inserted
        Status.FirstError = "a token is missing";
      Status.ParseErrors = std::max(Status.ParseErrors, 1u);
      Status.Status = ParseStatus::Partial;
    }
    Result.Files.push_back(std::move(Status));
    if (!M->parsed() || M->functions().empty())
      return Result;

    RuleContext Ctx(Path, *M, Options);
    buildAnalyses(Ctx);
    auto Enabled = [&](llvm::StringRef Id) {
      return !IsCheckEnabled || IsCheckEnabled(Id);
    };
    // Offsets into tensors of at most 2^31 - 1 elements fit int32.
    if (Enabled(Int32OffsetId) && Options.MaxElementCount > Int32OffsetLimit)
      runInt32Offset(Ctx);
    if (Enabled(StoreMaskMismatchId)) {
      runStoreMaskMismatch(Ctx);
      if (!Options.CheckLoads)
        dropLoadFindings(Ctx);
    }
    if (Enabled(NarrowAccumulationId))
      runNarrowAccumulation(Ctx);
    if (Enabled(IndexWidthMismatchId))
      runIndexWidthMismatch(Ctx);

    LineTable Lines(Source);
    if (!Ctx.WidthSummaries.empty()) {
      std::vector<std::string> Imports = importedModuleNames(Source);
      std::string Module = llvm::sys::path::stem(Path).str();
      for (TritonWidthSummary &S : Ctx.WidthSummaries) {
        S.Module = Module;
        S.Imports = Imports;
      }
      for (TritonWidthSummary &S : Ctx.WidthSummaries) {
        if (!S.Narrow)
          continue;
        Finding At;
        At.Check = IndexWidthMismatchId.str();
        At.Pos = S.WrapSite;
        S.Suppressed = isSuppressed(Lines, At);
      }
      recordTritonWidthSummaries(std::move(Ctx.WidthSummaries));
    }
    for (Finding &F : Ctx.Findings)
      if (Enabled(F.Check) && !isSuppressed(Lines, F))
        Result.Findings.push_back(std::move(F));
    llvm::sort(Result.Findings, findingLess);
    Result.Findings.erase(std::unique(Result.Findings.begin(),
                                      Result.Findings.end(),
                                      [](const Finding &A, const Finding &B) {
                                        return A.Check == B.Check &&
                                               A.Pos.Offset == B.Pos.Offset &&
                                               A.Message == B.Message;
                                      }),
                          Result.Findings.end());
  } catch (...) {
    Result.Findings.clear();
    Result.Errors.push_back(
        {Path.str(),
         "'" + Path.str() + "' could not be analysed (internal error)"});
  }
  return Result;
}

} // namespace kerneltidy::triton
