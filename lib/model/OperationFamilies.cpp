//===- OperationFamilies.cpp - kernels that serve one operation -----------===//
#include "lib/model/OperationFamilies.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <set>
#include <utility>

namespace kerneltidy {

llvm::StringRef familyRoleName(FamilyRole Role) {
  switch (Role) {
  case FamilyRole::Forward:
    return "forward";
  case FamilyRole::Backward:
    return "backward";
  case FamilyRole::Sibling:
    return "sibling";
  }
  return "sibling";
}

static std::string normaliseMarker(llvm::StringRef Entry) {
  std::string Out;
  for (char C : Entry.trim())
    if (C != '_' && C != '-' && !llvm::isSpace(C))
      Out.push_back(llvm::toLower(C));
  return Out;
}

static std::vector<std::string> parseList(llvm::StringRef List,
                                          std::vector<std::string> Default) {
  std::vector<std::string> Out;
  std::string Semicolons = List.str();
  std::replace(Semicolons.begin(), Semicolons.end(), ',', ';');
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(Semicolons).split(Parts, ';');
  for (llvm::StringRef P : Parts) {
    std::string N = normaliseMarker(P);
    if (!N.empty() && !llvm::is_contained(Out, N))
      Out.push_back(std::move(N));
  }
  return Out.empty() ? std::move(Default) : Out;
}

NameMarkers NameMarkers::defaults() {
  NameMarkers M;
  M.Forward = {"forward", "fwd", "fprop"};
  M.Backward = {"backward", "bwd", "grad", "dgrad", "wgrad", "bprop"};
  M.Ignored = {"kernel",  "kernels", "impl",   "cuda",   "hip",
               "sycl",    "gpu",     "xpu",    "launch", "launcher",
               "functor", "op",      "device", "global"};
  return M;
}

NameMarkers NameMarkers::parse(llvm::StringRef ForwardList,
                               llvm::StringRef BackwardList,
                               llvm::StringRef IgnoredList) {
  NameMarkers D = defaults();
  NameMarkers M;
  M.Forward = parseList(ForwardList, D.Forward);
  M.Backward = parseList(BackwardList, D.Backward);
  M.Ignored = parseList(IgnoredList, D.Ignored);
  return M;
}

std::string NameMarkers::join(const std::vector<std::string> &List) {
  std::string Out;
  for (const std::string &S : List) {
    if (!Out.empty())
      Out += ";";
    Out += S;
  }
  return Out;
}

std::vector<std::string> splitIdentifierWords(llvm::StringRef Name) {
  std::vector<std::string> Words;
  std::string Cur;
  auto Flush = [&] {
    if (!Cur.empty())
      Words.push_back(std::move(Cur));
    Cur.clear();
  };
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (!llvm::isAlnum(C)) {
      Flush();
      continue;
    }
    if (llvm::isUpper(C) && !Cur.empty()) {
      char Prev = Name[I - 1];
      bool NextLower = I + 1 < Name.size() && llvm::isLower(Name[I + 1]);
      // 'softMax' splits before 'M'; 'HTMLParser' splits before 'P' (the
      // last capital of an acronym starts the next word); 'Conv2D' keeps
      // the digit with its word.
      if (llvm::isLower(Prev) || llvm::isDigit(Prev) ||
          (llvm::isUpper(Prev) && NextLower))
        Flush();
    }
    Cur.push_back(llvm::toLower(C));
  }
  Flush();
  return Words;
}

std::optional<OperationName> classifyOperationName(llvm::StringRef Name,
                                                   const NameMarkers &Markers) {
  std::vector<std::string> Words = splitIdentifierWords(Name);
  if (Words.empty())
    return std::nullopt;
  OperationName Out;
  // The role marker nearest the end wins ('forward_backward_fused' is a
  // backward); a marker may span up to three words ('d', 'grad').
  size_t MarkBegin = Words.size(), MarkEnd = Words.size();
  for (size_t End = Words.size(); End-- > 0 && !Out.Marked;) {
    std::string Run;
    for (size_t Begin = End + 1; Begin-- > 0 && End - Begin < 3;) {
      Run = Words[Begin] + Run;
      bool Back = llvm::is_contained(Markers.Backward, Run);
      bool Fwd = llvm::is_contained(Markers.Forward, Run);
      if (!Back && !Fwd)
        continue;
      // Prefer the longest run ending here: keep looking for 'dgrad' when
      // 'grad' matched, unless the longer run is no marker at all.
      Out.Marked = true;
      Out.Role = Back ? FamilyRole::Backward : FamilyRole::Forward;
      MarkBegin = Begin;
      MarkEnd = End + 1;
    }
  }
  for (size_t I = 0; I < Words.size(); ++I) {
    if (I >= MarkBegin && I < MarkEnd)
      continue;
    if (llvm::is_contained(Markers.Ignored, Words[I]))
      continue;
    Out.Base += Words[I];
  }
  if (Out.Base.empty())
    return std::nullopt;
  return Out;
}

static bool rolesPair(FamilyKind Kind, FamilyRole A, FamilyRole B) {
  if (Kind == FamilyKind::Sibling)
    return true;
  return (A == FamilyRole::Backward) != (B == FamilyRole::Backward);
}

std::vector<FamilyLink>
linkFamilies(const std::vector<std::vector<FamilyTag>> &TagsPerItem) {
  std::vector<FamilyLink> Links;
  std::set<std::pair<unsigned, unsigned>> Seen;
  for (FamilyKind Kind :
       {FamilyKind::Name, FamilyKind::Launcher, FamilyKind::Sibling}) {
    for (unsigned I = 0; I < TagsPerItem.size(); ++I) {
      for (unsigned TI = 0; TI < TagsPerItem[I].size(); ++TI) {
        const FamilyTag &A = TagsPerItem[I][TI];
        if (A.Kind != Kind)
          continue;
        for (unsigned J = I + 1; J < TagsPerItem.size(); ++J) {
          if (Seen.count({I, J}))
            continue;
          for (const FamilyTag &B : TagsPerItem[J]) {
            if (B.Kind != Kind || B.Key != A.Key ||
                !rolesPair(Kind, A.Role, B.Role))
              continue;
            Seen.insert({I, J});
            Links.push_back({I, J, TI});
            break;
          }
        }
      }
    }
  }
  return Links;
}

Confidence indexWidthPairConfidence(WideIndexEvidence W, std::string &Why) {
  if (W == WideIndexEvidence::ChosenForSize) {
    Why = "the other kernel's 64-bit index type is chosen for tensor size (a "
          "dispatch or a 64-bit instantiation): its tensors can pass 2^31";
    return Confidence::High;
  }
  Why = "the other kernel is 64-bit through a fixed type, which says little "
        "about its tensors' size";
  return Confidence::Medium;
}

} // namespace kerneltidy
