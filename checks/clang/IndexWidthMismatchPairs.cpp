//===- IndexWidthMismatchPairs.cpp - kernel-index-width-mismatch pairs ----===//
//
// The messages of a narrow/wide pair (IndexWidthMismatchPairs.h), and the
// pairing across translation units: every unit of a run recorded a summary
// of each kernel in a family (lib/frontend/clang/IndexWidth.h);
// crossFileIndexWidthFindings() merges the views of one kernel, pairs the
// kernels of different units that share a project file, and reports the
// narrow member of each pair that no unit decided itself.
//
//===----------------------------------------------------------------------===//
#include "checks/clang/IndexWidthMismatchCheck.h"
#include "checks/clang/IndexWidthMismatchPairs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace clang::tidy::kernel {

using namespace index_width_mismatch;

//===----------------------------------------------------------------------===//
// Messages, shared by the per-file and the cross-file decision
//===----------------------------------------------------------------------===//

PairMessages index_width_mismatch::buildMessages(const KernelWidthSummary &N,
                           const KernelWidthSummary &W, StringRef WideRole) {
  PairMessages M;
  std::string NarrowPhrase;
  if (N.Policy == IndexWidthPolicy::Fixed32)
    NarrowPhrase = "fixes its index width at 32 bits ('" + N.IndexType + "')";
  else
    NarrowPhrase =
        "is launched only at 32-bit index width (" + N.IndexType + ")";
  std::string WidePhrase = W.Policy == IndexWidthPolicy::Dispatched
                               ? std::string("is dispatched to 64-bit indices")
                               : "uses 64-bit indices ('" + W.IndexType + "')";
  M.Warning = N.KernelKind + " '" + N.Kernel + "' " + NarrowPhrase +
              " but its " + WideRole.str() + " " + W.KernelKind + " '" +
              W.Kernel + "' " + WidePhrase + " for the same tensors";

  if (W.Policy == IndexWidthPolicy::Fixed64)
    M.WideNote = WideRole.str() + " " + W.KernelKind + " '" + W.Kernel +
                 "' indexes with '" + W.IndexType + "' here" +
                 (W.WideSiteNote.empty() ? "" : ": " + W.WideSiteNote);
  else
    M.WideNote = WideRole.str() + " " + W.KernelKind + " '" + W.Kernel +
                 "' takes its index type from template parameter '" +
                 W.IndexParam + "'";
  M.DispatchNote = W.DispatchNote;
  std::string Why;
  M.Tier = kerneltidy::indexWidthPairConfidence(
      W.Policy == IndexWidthPolicy::Fixed64 && !W.HasDispatch
          ? kerneltidy::WideIndexEvidence::FixedType
          : kerneltidy::WideIndexEvidence::ChosenForSize,
      Why);
  M.TierNote = kerneltidy::confidenceNote(M.Tier, Why);

  bool WideTemplated = W.Policy != IndexWidthPolicy::Fixed64;
  std::string WideType = WideTemplated ? W.WideInstantiation : W.IndexType;
  if (N.Policy == IndexWidthPolicy::Fixed32) {
    if (WideTemplated)
      M.FixNote = "to fix, add a template parameter 'typename " + W.IndexParam +
                  "' to '" + N.Kernel +
                  "', declare its sizes, strides, loop indices and offsets "
                  "(now '" +
                  N.IndexType + "') as '" + W.IndexParam +
                  "', and launch it through the same size dispatch as '" +
                  W.Kernel + "' (a 32-bit '" + W.IndexParam +
                  "' while the tensors fit, '" + WideType + "' otherwise)";
    else
      M.FixNote = "to fix, declare the sizes, strides, loop indices and "
                  "offsets of '" +
                  N.Kernel + "' (now '" + N.IndexType + "') as '" + WideType +
                  "' as '" + W.Kernel +
                  "' does, or guard its launch with a size check such as "
                  "'canUse32BitIndexMath'";
  } else {
    if (WideTemplated)
      M.FixNote = "to fix, mirror the size dispatch of '" + W.Kernel +
                  "' at this launch: instantiate '" + N.Kernel + "' with a " +
                  "64-bit '" + N.IndexParam + "' ('" + WideType +
                  "') when the tensors do not fit in 32-bit indexing";
    else
      M.FixNote = "to fix, instantiate '" + N.IndexParam + "' of '" + N.Kernel +
                  "' with '" + WideType + "' as '" + W.Kernel +
                  "' indexes, or guard this launch with a size check such "
                  "as 'canUse32BitIndexMath'";
  }
  return M;
}

bool index_width_mismatch::mayReceiveUnaddressable(const KernelWidthSummary &N,
                             const KernelWidthSummary &W) {
  return kerneltidy::isNarrowIndexPolicy(N.Policy) && !N.HostGuarded &&
         kerneltidy::isWideIndexPolicy(W.Policy);
}

StringRef index_width_mismatch::roleInFamily(const std::vector<FamilyTag> &ItemTags,
                       const FamilyTag &Tag) {
  for (const FamilyTag &T : ItemTags)
    if (T.Kind == Tag.Kind && T.Key == Tag.Key)
      return kerneltidy::familyRoleName(T.Role);
  return "sibling";
}

//===----------------------------------------------------------------------===//
// Across translation units
//===----------------------------------------------------------------------===//

static bool shareProgramFile(const std::set<std::string> &A,
                             const std::set<std::string> &B) {
  for (const std::string &F : A)
    if (B.count(F))
      return true;
  return false;
}

std::vector<kerneltidy::Finding> crossFileIndexWidthFindings() {
  std::vector<KernelWidthSummary> All = kerneltidy::takeKernelWidthSummaries();
  // Files finish in any order under -j; pair in one order so that a run
  // reports the same partner kernel whatever the scheduling.
  llvm::stable_sort(All, [](const KernelWidthSummary &A,
                            const KernelWidthSummary &B) {
    return std::tie(A.TranslationUnit, A.KernelDecl.File, A.KernelDecl.Line,
                    A.Kernel) < std::tie(B.TranslationUnit, B.KernelDecl.File,
                                         B.KernelDecl.Line, B.Kernel);
  });

  // One record per kernel (a kernel in a header is seen by every file that
  // includes it), remembering every translation unit that saw it. A wide
  // view wins over a narrow one; a narrow kernel is guarded only if every
  // view says so.
  struct Merged {
    KernelWidthSummary S;
    std::set<std::string> TranslationUnits;
    std::set<std::string> ProgramFiles; // of every unit that saw it
  };
  std::vector<Merged> Kernels;
  std::map<std::tuple<std::string, std::string, unsigned>, unsigned> Index;
  for (KernelWidthSummary &S : All) {
    auto Key = std::make_tuple(S.Kernel, S.KernelDecl.File, S.KernelDecl.Line);
    auto [It, New] = Index.try_emplace(Key, Kernels.size());
    if (New) {
      Kernels.push_back({S,
                         {S.TranslationUnit},
                         {S.ProgramFiles.begin(), S.ProgramFiles.end()}});
      continue;
    }
    Merged &M = Kernels[It->second];
    M.TranslationUnits.insert(S.TranslationUnit);
    M.ProgramFiles.insert(S.ProgramFiles.begin(), S.ProgramFiles.end());
    bool Reported =
        M.S.ReportedInTranslationUnit || S.ReportedInTranslationUnit;
    bool Guarded = M.S.HostGuarded && S.HostGuarded;
    if (kerneltidy::isWideIndexPolicy(S.Policy) &&
        !kerneltidy::isWideIndexPolicy(M.S.Policy))
      M.S = S;
    M.S.ReportedInTranslationUnit = Reported;
    M.S.HostGuarded = Guarded;
  }

  std::vector<std::vector<FamilyTag>> Tags;
  for (const Merged &M : Kernels)
    Tags.push_back(M.S.Families);
  std::vector<kerneltidy::Finding> Findings;
  std::set<unsigned> Reported;
  for (const kerneltidy::FamilyLink &Link : kerneltidy::linkFamilies(Tags)) {
    for (auto [NI, WI] : {std::pair(Link.First, Link.Second),
                          std::pair(Link.Second, Link.First)}) {
      const Merged &N = Kernels[NI];
      const Merged &W = Kernels[WI];
      if (Reported.count(NI) || N.S.ReportedInTranslationUnit ||
          N.S.Suppressed || !mayReceiveUnaddressable(N.S, W.S))
        continue;
      bool SharedUnit = false;
      for (const std::string &TU : N.TranslationUnits)
        SharedUnit |= W.TranslationUnits.count(TU) > 0;
      if (SharedUnit)
        continue; // that translation unit already decided this pair
      // Kernels of different programs are not a forward and its backward:
      // the two units must share a project file (one includes the other,
      // or both include the same header found on disk).
      if (!shareProgramFile(N.ProgramFiles, W.ProgramFiles))
        continue;
      Reported.insert(NI);
      const FamilyTag &Tag = Kernels[Link.First].S.Families[Link.Tag];
      PairMessages Msg =
          buildMessages(N.S, W.S, roleInFamily(W.S.Families, Tag));
      kerneltidy::Finding F;
      F.Check = CheckId.str();
      F.Pos = N.S.Site;
      F.Message = Msg.Warning;
      if (!W.S.WideSite.File.empty())
        F.Notes.push_back({W.S.WideSite, Msg.WideNote, {}});
      if (W.S.HasDispatch && !W.S.Dispatch.File.empty())
        F.Notes.push_back({W.S.Dispatch, Msg.DispatchNote, {}});
      SourcePosition FixAt =
          N.S.Policy == IndexWidthPolicy::Fixed32 ? N.S.KernelDecl : N.S.Site;
      F.Notes.push_back({FixAt, Msg.FixNote, {}});
      F.Notes.push_back({N.S.Site, Msg.TierNote, {}});
      F.Confidence = kerneltidy::confidenceName(Msg.Tier).str();
      Findings.push_back(std::move(F));
    }
  }
  std::sort(Findings.begin(), Findings.end(), kerneltidy::findingLess);
  return Findings;
}

} // namespace clang::tidy::kernel
