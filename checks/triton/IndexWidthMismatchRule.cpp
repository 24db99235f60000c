//===- IndexWidthMismatchRule.cpp - kernel-index-width-mismatch, Triton -===//
//
// Reported: kernels of one operation (a *family*: their names are equal once
// split into words (kerneltidy::splitIdentifierWords) and stripped of role
// markers and filler words, the C++ check's ForwardMarkers /
// BackwardMarkers / IgnoredNameWords, by default with the gradient-part
// words dx/dw/db/dwdb as backward markers; at least one of the two names
// carries a marker) where one kernel widens an offset that reaches an
// address to 64 bits (`.to(tl.int64)`, `tl.cast`, `tl.full(...,
// dtype=tl.int64)`, an int64 annotation; int64 values that never reach an
// address do not count) and another computes an offset that can pass 2^31
// in int32. The forward pass then works on a tensor its backward pass
// corrupts (the PyTorch spatial softmax bug). Caret on the narrow kernel's
// first wrapping offset; notes at the widening site and the `.to(tl.int64)`
// fix. Kernels of the same role (`_bwd_dx` and `_bwd_dwdb`) pair only with
// SiblingFamilies (the default).
//
// Across files: every file leaves a summary of each family kernel that
// widens or wraps; crossFileTritonIndexWidthFindings() pairs kernels of
// different files at the end of a run (a forward module and a backward
// module). A narrow kernel already reported in its own file, or whose wrap
// line carries a NOLINT for the check, is not reported again.
//
// Also reported (issue 26): kernels of one module, whatever their names,
// that read the same offsets table parameter (`cu_seqlens`), one converting
// the loaded value to int64 where it reaches an address (`bos =
// tl.load(cu_seqlens + i_n).to(tl.int64)`) and another to int32
// (`.to(tl.int32)`) and scaling it in int32 to an offset that can pass 2^31:
// by a runtime stride or by two sizes (`(bos * H + i_h) * K`), not by one
// head count alone (a per-token table, issue 23's reachability). Caret on
// the innermost int32 product; notes at the sibling's 64-bit read and on the
// narrow read, with the fix `tl.int64` for every int32 read of that table in
// the kernel. Found along every path: the read in a varlen branch counts
// even where the other branch's value is int64.
//
// Blind spots: kernels named without a role marker, and siblings that widen
// a different offset than the one that wraps; offsets tables of kernels in
// different files; a table read through a helper.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonChecks.h"
#include "checks/triton/TritonRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <map>
#include <mutex>
#include <set>
#include <tuple>

namespace kerneltidy::triton {
namespace {

struct FamilyName {
  std::string Key; // words without markers and filler, concatenated
  bool Marked = false;
  bool Backward = false;
};

/// The family of a kernel name. Markers may span up to three words
/// ('d', 'grad'); every marker in the name is dropped, not only the last
/// (`_layer_norm_bwd_dx_fused` is the family of `_layer_norm_fwd_fused`).
FamilyName familyOf(llvm::StringRef Name, const NameMarkers &Markers) {
  FamilyName Out;
  std::vector<std::string> Words = splitIdentifierWords(Name);
  for (size_t I = 0; I < Words.size();) {
    size_t Len = 0;
    bool Back = false;
    for (size_t L = std::min<size_t>(3, Words.size() - I); L > 0 && !Len; --L) {
      std::string Run;
      for (size_t J = I; J < I + L; ++J)
        Run += Words[J];
      if (llvm::is_contained(Markers.Backward, Run))
        Len = L, Back = true;
      else if (llvm::is_contained(Markers.Forward, Run))
        Len = L;
    }
    if (Len) {
      Out.Marked = true;
      Out.Backward |= Back;
      I += Len;
      continue;
    }
    if (!llvm::is_contained(Markers.Ignored, Words[I]))
      Out.Key += Words[I];
    ++I;
  }
  return Out;
}

/// Two kernels of one family are compared when one names a role and either
/// their roles differ or siblings of one role count.
bool related(bool MarkedA, bool BackwardA, bool MarkedB, bool BackwardB,
             bool SiblingFamilies) {
  return (MarkedA || MarkedB) && (SiblingFamilies || BackwardA != BackwardB);
}

struct KernelInfo {
  FunctionAnalysis *A = nullptr;
  FamilyName Family;
  NodeId FirstWrap = NoNode;  // first int32 offset that can wrap
  NodeId FirstWiden = NoNode; // first 64-bit widening that reaches an address
  bool Reported = false;
  /// The tier of a mismatch on FirstWrap and its note (pairConfidence),
  /// set once for a narrow kernel: the report and the summary share it.
  std::string Tier;
  std::string TierNote;
};

std::string narrowMessage(llvm::StringRef Narrow, llvm::StringRef Offset,
                          llvm::StringRef Wide, llvm::StringRef WideFile) {
  std::string Where =
      WideFile.empty() ? std::string() : " in '" + WideFile.str() + "'";
  return "'" + Narrow.str() + "' computes offset '" + Offset.str() +
         "' in 32-bit 'int32' while its sibling '" + Wide.str() + "'" + Where +
         " widens to 'int64'; the kernels disagree on index width";
}

std::string wideNote(llvm::StringRef Wide) {
  return "'" + Wide.str() + "' widens its indices to 64 bits here";
}

/// One read of an offsets table: `bos = tl.load(cu_seqlens + i_n).to(W)`
/// (or `tl.cast(..., W)`), W an int32 or int64 dtype, the table a parameter.
struct TableRead {
  const Binding *B = nullptr;
  llvm::StringRef Table;
  NodeId Conversion = NoNode; // the `.to(...)` / tl.cast call
  NodeId DType = NoNode;      // its dtype argument
  bool Wide = false;
};

bool tableRead(RuleContext &Ctx, FunctionAnalysis &A, const Binding &B,
               TableRead &Out) {
  const PySyntaxTree &T = Ctx.T;
  if (B.Value == NoNode ||
      (B.Kind != BindingKind::Assign && B.Kind != BindingKind::Unpacked))
    return false;
  NodeId V = T.stripParens(B.Value);
  NodeId Object = NoNode, DType = NoNode;
  if (Ctx.M.isConversion(V)) {
    Object = T.field(T.field(V, PyField::Function), PyField::Object);
    DType = Ctx.M.argument(V, 0, "dtype");
  } else if (Ctx.M.languageCallee(V) == "cast") {
    Object = Ctx.M.argument(V, 0, "input");
    DType = Ctx.M.argument(V, 1, "dtype");
  } else {
    return false;
  }
  Object = T.stripParens(Object);
  if (DType == NoNode || Ctx.M.languageCallee(Object) != "load")
    return false;
  NodeId Base = T.stripParens(Ctx.M.argument(Object, 0, "pointer"));
  while (T.kind(Base) == PyKind::BinaryOperator && T.operatorText(Base) == "+")
    Base = T.stripParens(T.field(Base, PyField::Left));
  if (T.kind(Base) != PyKind::Identifier ||
      A.function().paramIndex(T.text(Base)) < 0)
    return false;
  // A table of token offsets (`cu_seqlens`: its entries are token indices,
  // TritonValues.h), not a table of small ids (`chunk_indices`).
  if (A.facts(Object).Mag != Magnitude::Rows)
    return false;
  ValueFacts D = A.dtypeFacts(DType);
  if (D.Type != ValueType::DType || !D.DTypeIsInt ||
      (D.Bits != 32 && D.Bits != 64))
    return false;
  Out = {&B, T.text(Base), V, DType, D.Bits == 64};
  return true;
}

/// Where a table read reaches an address: the innermost int32 product that
/// scales it (NoNode when it is added unscaled), how many runtime or
/// constexpr factors scale it in int32, and whether one of them is a runtime
/// size or stride. A `.to(tl.int64)` on the way makes the products outside
/// it 64-bit.
struct TableReach {
  bool Found = false;
  NodeId Product = NoNode;
  unsigned Factors = 0;
  bool Stride = false;
  /// The policy (issue 23's reachability): a token index times a stride,
  /// or times two sizes (`(bos * H + i_h) * K`), can pass 2^31; a token
  /// index times one head count indexes a small per-token table.
  bool canWrap() const { return Found && (Stride || Factors >= 2); }
};

void countFactors(FunctionAnalysis &A, NodeId E, unsigned &Factors,
                  bool &Stride) {
  const PySyntaxTree &T = A.tree();
  E = T.stripParens(E);
  if (T.kind(E) == PyKind::BinaryOperator && T.operatorText(E) == "*") {
    countFactors(A, T.field(E, PyField::Left), Factors, Stride);
    countFactors(A, T.field(E, PyField::Right), Factors, Stride);
    return;
  }
  if (T.kind(E) == PyKind::Integer)
    return;
  ValueFacts V = A.facts(E);
  if (V.PerLane)
    return;
  ++Factors;
  Stride |= !V.CompileTime && V.Type == ValueType::Int &&
            V.Mag >= Magnitude::Size;
}

void reachTable(FunctionAnalysis &A, NodeId E, const Binding *Target,
                TableReach State, TableReach &Best,
                llvm::DenseSet<const Binding *> &Seen, unsigned Depth) {
  const PySyntaxTree &T = A.tree();
  const TritonModule &M = A.module();
  E = T.stripParens(E);
  if (Depth > 24 || E == NoNode)
    return;
  switch (T.kind(E)) {
  case PyKind::Identifier: {
    llvm::SmallVector<const Binding *, 4> Reaching;
    A.reachingBindings(T.text(E), E, Reaching);
    for (const Binding *B : Reaching) {
      if (B == Target) {
        State.Found = true;
        if (!Best.Found || (State.canWrap() && !Best.canWrap()))
          Best = State;
        continue;
      }
      if (!Seen.insert(B).second)
        continue;
      if (B->Kind == BindingKind::Augmented)
        reachTable(A, B->Target, Target, State, Best, Seen, Depth + 1);
      if (B->Kind == BindingKind::Assign || B->Kind == BindingKind::Unpacked ||
          B->Kind == BindingKind::Augmented)
        reachTable(A, B->Value, Target, State, Best, Seen, Depth + 1);
    }
    return;
  }
  case PyKind::Subscript:
    reachTable(A, T.field(E, PyField::Value), Target, State, Best, Seen,
               Depth + 1);
    return;
  case PyKind::BinaryOperator: {
    llvm::StringRef Op = T.operatorText(E);
    NodeId L = T.field(E, PyField::Left), R = T.field(E, PyField::Right);
    if (Op == "+" || Op == "-") {
      reachTable(A, L, Target, State, Best, Seen, Depth + 1);
      reachTable(A, R, Target, State, Best, Seen, Depth + 1);
    } else if (Op == "*") {
      for (auto [Side, Other] : {std::pair(L, R), std::pair(R, L)}) {
        TableReach S = State;
        S.Product = E;
        countFactors(A, Other, S.Factors, S.Stride);
        reachTable(A, Side, Target, S, Best, Seen, Depth + 1);
      }
    }
    return;
  }
  case PyKind::Call: {
    if (M.isConversion(E)) {
      NodeId Object = T.field(T.field(E, PyField::Function), PyField::Object);
      if (A.facts(E).isInt64())
        State = TableReach(); // the products outside are 64-bit
      reachTable(A, Object, Target, State, Best, Seen, Depth + 1);
      return;
    }
    llvm::StringRef Callee = M.languageCallee(E);
    if (Callee == "multiple_of" || Callee == "max_contiguous")
      reachTable(A, M.argument(E, 0, "input"), Target, State, Best, Seen,
                 Depth + 1);
    return;
  }
  default:
    return;
  }
}

/// How Read reaches the addresses of its kernel: the reach that can wrap
/// if one does, else any.
TableReach tableReach(FunctionAnalysis &A, const TableRead &Read) {
  TableReach Best;
  for (const MemoryAccess &Access : A.function().Accesses) {
    llvm::DenseSet<const Binding *> Seen;
    TableReach One;
    reachTable(A, Access.Pointer, Read.B, TableReach(), One, Seen, 0);
    if (!Best.Found || (One.canWrap() && !Best.canWrap()))
      Best = One;
  }
  return Best;
}

/// Sibling kernels of one module that read the same offsets table, one as
/// int64 into an address and one as int32 scaled past 2^31 (issue 26).
void checkSiblingTables(RuleContext &Ctx,
                        llvm::ArrayRef<FunctionAnalysis *> Kernels,
                        const llvm::DenseSet<FunctionAnalysis *> &Reported) {
  struct Wide {
    FunctionAnalysis *A;
    TableRead Read;
  };
  std::vector<Wide> Wides;
  for (FunctionAnalysis *A : Kernels)
    for (const Binding &B : A->function().Bindings) {
      TableRead R;
      if (tableRead(Ctx, *A, B, R) && R.Wide && tableReach(*A, R).Found)
        Wides.push_back({A, R});
    }
  if (Wides.empty())
    return;
  for (FunctionAnalysis *A : Kernels) {
    if (Reported.count(A))
      continue;
    llvm::StringSet<> Done;
    for (const Binding &B : A->function().Bindings) {
      TableRead R;
      if (!tableRead(Ctx, *A, B, R) || R.Wide || Done.count(R.Table))
        continue;
      const Wide *W = nullptr;
      for (const Wide &C : Wides)
        if (C.A != A && C.Read.Table == R.Table) {
          W = &C;
          break;
        }
      if (!W)
        continue;
      TableReach Reach = tableReach(*A, R);
      if (!Reach.canWrap())
        continue;
      Done.insert(R.Table);
      llvm::StringRef Narrow = A->function().Name;
      llvm::StringRef WideName = W->A->function().Name;
      Finding &F = Ctx.report(
          IndexWidthMismatchId, Reach.Product,
          "'" + Narrow.str() + "' reads '" + R.Table.str() +
              "' as 32-bit 'int32' and scales it in offset '" +
              Ctx.quote(Reach.Product) + "' while its sibling '" +
              WideName.str() + "' reads '" + R.Table.str() +
              "' as 'int64'; the kernels disagree on index width");
      Ctx.note(F, W->Read.Conversion,
               "'" + WideName.str() + "' makes '" + R.Table.str() +
                   "' 64-bit here: '" + Ctx.quote(W->Read.Conversion) + "'");
      Note &N = Ctx.note(F, R.DType,
                         "read '" + R.Table.str() + "' as 'tl.int64', as '" +
                             WideName.str() + "' does");
      // Every int32 read of the table in this kernel (`bos, eos = ...`).
      for (const Binding &O : A->function().Bindings) {
        TableRead Other;
        if (tableRead(Ctx, *A, O, Other) && !Other.Wide &&
            Other.Table == R.Table)
          N.Fixes.push_back(Ctx.replacement(Other.DType, "tl.int64"));
      }
    }
  }
}

} // namespace

/// The tier of a mismatch whose narrow kernel first wraps at Wrap (issue
/// 26: a mismatch matters only where the narrow side's offset can reach
/// 2^31): low where kernel-int32-offset's evidence rates that offset low (a
/// per-row scalar, a side table, a small index), medium otherwise. Note
/// receives the confidence note.
static std::string pairConfidence(RuleContext &Ctx, NodeId Wrap,
                                  std::string &Note) {
  std::string Why;
  Confidence Tier = Confidence::Medium;
  if (wrapSiteConfidence(Ctx, Wrap, Why) == Confidence::Low) {
    Tier = Confidence::Low;
    Why = "the narrow kernel's offset cannot reach 2^31 by the width "
          "evidence: " + Why;
  } else {
    Why = "the narrow kernel's offset can reach 2^31 by the width evidence";
  }
  Note = confidenceNote(Tier, Why);
  return confidenceName(Tier).str();
}

void runIndexWidthMismatch(RuleContext &Ctx) {
  const TritonCheckOptions &Opts = Ctx.Options;
  llvm::StringMap<llvm::SmallVector<KernelInfo, 2>> Families;
  llvm::SmallVector<std::string, 8> Order;
  for (auto &AP : Ctx.Analyses) {
    FunctionAnalysis &A = *AP;
    if (A.caller() || A.function().CalledFromJit)
      continue; // kernels only
    KernelInfo K;
    K.A = &A;
    K.Family = familyOf(A.function().Name, Opts.Markers);
    if (K.Family.Key.empty())
      continue;
    for (const MemoryAccess &Access : A.function().Accesses) {
      ValueFacts Ptr = A.facts(Access.Pointer);
      NodeId Wrap = Ptr.WrapSite;
      if (Wrap != NoNode && Ctx.T.contains(A.function().Definition, Wrap) &&
          (K.FirstWrap == NoNode || Wrap < K.FirstWrap))
        K.FirstWrap = Wrap;
      // Only widening that reaches an address counts: an int64 counter or
      // an int64 output value says nothing about index width.
      NodeId Widen = Ptr.WidenSite;
      if (Widen != NoNode && (K.FirstWiden == NoNode || Widen < K.FirstWiden))
        K.FirstWiden = Widen;
    }
    auto &Members = Families[K.Family.Key];
    if (Members.empty())
      Order.push_back(K.Family.Key);
    Members.push_back(std::move(K));
  }
  // A narrow kernel's tier, for its report here and its summary.
  for (const std::string &Key : Order)
    for (KernelInfo &K : Families[Key])
      if (K.FirstWiden == NoNode && K.FirstWrap != NoNode)
        K.Tier = pairConfidence(Ctx, K.FirstWrap, K.TierNote);
  for (const std::string &Key : Order) {
    auto &Members = Families[Key];
    for (KernelInfo &K : Members) {
      if (K.FirstWiden != NoNode || K.FirstWrap == NoNode)
        continue;
      const KernelInfo *Wide = nullptr;
      for (const KernelInfo &W : Members)
        if (&W != &K && W.FirstWiden != NoNode &&
            related(K.Family.Marked, K.Family.Backward, W.Family.Marked,
                    W.Family.Backward, Opts.SiblingFamilies)) {
          Wide = &W;
          break;
        }
      if (!Wide)
        continue;
      const JitFunction &WideFn = Wide->A->function();
      Finding &F =
          Ctx.report(IndexWidthMismatchId, K.FirstWrap,
                     narrowMessage(K.A->function().Name, Ctx.quote(K.FirstWrap),
                                   WideFn.Name, ""));
      Ctx.note(F, Wide->FirstWiden, wideNote(WideFn.Name));
      Ctx.addWideningNote(F, *K.A, K.FirstWrap);
      F.Confidence = K.Tier;
      Ctx.note(F, K.FirstWrap, K.TierNote);
      K.Reported = true;
    }
  }
  {
    llvm::SmallVector<FunctionAnalysis *, 8> Kernels;
    llvm::DenseSet<FunctionAnalysis *> Reported;
    for (auto &AP : Ctx.Analyses)
      if (!AP->caller() && !AP->function().CalledFromJit)
        Kernels.push_back(AP.get());
    for (const std::string &Key : Order)
      for (const KernelInfo &K : Families[Key])
        if (K.Reported)
          Reported.insert(K.A);
    checkSiblingTables(Ctx, Kernels, Reported);
  }
  // Summaries for the whole run: kernels of other files may complete a
  // family this file holds one member of.
  for (const std::string &Key : Order)
    for (const KernelInfo &K : Families[Key]) {
      bool Wide = K.FirstWiden != NoNode;
      bool Narrow = !Wide && K.FirstWrap != NoNode;
      if (!Wide && !Narrow)
        continue;
      TritonWidthSummary S;
      S.Kernel = K.A->function().Name.str();
      S.File = Ctx.Path.str();
      S.FamilyKey = Key;
      S.Marked = K.Family.Marked;
      S.Backward = K.Family.Backward;
      S.SiblingFamilies = Opts.SiblingFamilies;
      S.ReportedInFile = K.Reported;
      if (Wide) {
        S.Wide = true;
        S.WidenSite = Ctx.position(K.FirstWiden);
      } else {
        S.Narrow = true;
        S.WrapSite = Ctx.position(K.FirstWrap);
        S.WrapText = Ctx.quote(K.FirstWrap);
        S.Confidence = K.Tier;
        S.ConfidenceNote = K.TierNote;
        Finding Fix;
        Ctx.addWideningNote(Fix, *K.A, K.FirstWrap);
        S.FixNotes = std::move(Fix.Notes);
      }
      Ctx.WidthSummaries.push_back(std::move(S));
    }
}

//===----------------------------------------------------------------------===//
// The whole-run store.
//===----------------------------------------------------------------------===//

namespace {
std::mutex StoreMutex;
std::vector<TritonWidthSummary> &store() {
  static std::vector<TritonWidthSummary> Summaries;
  return Summaries;
}
} // namespace

void recordTritonWidthSummaries(std::vector<TritonWidthSummary> Summaries) {
  std::lock_guard<std::mutex> Lock(StoreMutex);
  auto &All = store();
  for (TritonWidthSummary &S : Summaries)
    All.push_back(std::move(S));
}

void clearTritonIndexWidthSummaries() {
  std::lock_guard<std::mutex> Lock(StoreMutex);
  store().clear();
}

/// Two modules are one program when one imports the other.
static bool oneProgram(const TritonWidthSummary &A,
                       const TritonWidthSummary &B) {
  return llvm::is_contained(A.Imports, B.Module) ||
         llvm::is_contained(B.Imports, A.Module);
}

std::vector<std::string> importedModuleNames(llvm::StringRef Source) {
  std::vector<std::string> Out;
  auto Add = [&](llvm::StringRef Dotted) {
    Dotted = Dotted.trim();
    if (Dotted.empty())
      return;
    llvm::StringRef Last = Dotted.rsplit('.').second;
    if (Last.empty())
      Last = Dotted.trim('.');
    if (!Last.empty() && !llvm::is_contained(Out, Last.str()))
      Out.push_back(Last.str());
  };
  auto AddNames = [&](llvm::StringRef List) {
    List = List.trim().trim("()\\");
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    List.split(Parts, ',');
    for (llvm::StringRef P : Parts) {
      P = P.trim().trim("()");
      Add(P.split(" as ").first);
    }
  };
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Source.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I].split('#').first.trim();
    if (L.consume_front("import ")) {
      AddNames(L);
    } else if (L.consume_front("from ")) {
      auto [Module, Names] = L.split(" import ");
      Add(Module);
      std::string All = Names.str();
      // A parenthesised list may span lines.
      if (Names.contains('(') && !Names.contains(')'))
        while (++I < Lines.size()) {
          All += "," + Lines[I].split('#').first.str();
          if (Lines[I].contains(')'))
            break;
        }
      AddNames(All);
    }
  }
  return Out;
}

std::vector<Finding> crossFileTritonIndexWidthFindings() {
  std::vector<TritonWidthSummary> All;
  {
    std::lock_guard<std::mutex> Lock(StoreMutex);
    All.swap(store());
  }
  // Files finish in any order under -j; pair in one order so that a run
  // reports the same partner kernel whatever the scheduling.
  llvm::stable_sort(All, [](const TritonWidthSummary &A,
                            const TritonWidthSummary &B) {
    return std::tie(A.File, A.WrapSite.Offset, A.WidenSite.Offset) <
           std::tie(B.File, B.WrapSite.Offset, B.WidenSite.Offset);
  });
  // A file named twice in one run leaves its summaries twice.
  std::set<std::tuple<std::string, std::string, unsigned, unsigned>> Seen;
  std::map<std::string, std::vector<const TritonWidthSummary *>> Families;
  for (const TritonWidthSummary &S : All)
    if (Seen.insert({S.File, S.Kernel, S.WrapSite.Offset, S.WidenSite.Offset})
            .second)
      Families[S.FamilyKey].push_back(&S);

  std::vector<Finding> Findings;
  for (const auto &[Key, Members] : Families) {
    for (const TritonWidthSummary *N : Members) {
      if (!N->Narrow || N->Suppressed || N->ReportedInFile)
        continue;
      // Kernels of the narrow kernel's own file were compared there.
      const TritonWidthSummary *W = nullptr;
      for (const TritonWidthSummary *C : Members)
        if (C->Wide && C->File != N->File && oneProgram(*N, *C) &&
            related(N->Marked, N->Backward, C->Marked, C->Backward,
                    N->SiblingFamilies)) {
          W = C;
          break;
        }
      if (!W)
        continue;
      Finding F;
      F.Check = IndexWidthMismatchId.str();
      F.Pos = N->WrapSite;
      F.Message = narrowMessage(N->Kernel, N->WrapText, W->Kernel, W->File);
      F.Notes.push_back({W->WidenSite, wideNote(W->Kernel), {}});
      F.Notes.insert(F.Notes.end(), N->FixNotes.begin(), N->FixNotes.end());
      if (!N->ConfidenceNote.empty()) {
        F.Notes.push_back({N->WrapSite, N->ConfidenceNote, {}});
        F.Confidence = N->Confidence;
      }
      Findings.push_back(std::move(F));
    }
  }
  llvm::sort(Findings, findingLess);
  return Findings;
}

} // namespace kerneltidy::triton
