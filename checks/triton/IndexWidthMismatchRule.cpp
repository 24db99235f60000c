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
// Blind spots: kernels named without a role marker, and siblings that widen
// a different offset than the one that wraps.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonChecks.h"
#include "checks/triton/TritonRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
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

} // namespace

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
      K.Reported = true;
    }
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
      Findings.push_back(std::move(F));
    }
  }
  llvm::sort(Findings, findingLess);
  return Findings;
}

} // namespace kerneltidy::triton
