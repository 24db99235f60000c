//===- IndexWidthMismatchRule.cpp - kernel-index-width-mismatch on Triton --===//
//
// Reported: kernels of one operation in one file (a *family*: their names
// are equal once split into words at '_' and case changes, with the role
// words fwd/forward/fprop/bwd/backward/bprop/grad/dgrad/wgrad/dx/dw/db and
// the filler words kernel/impl dropped, and at least one name carries a role
// word) where one kernel widens an offset that reaches an address to 64 bits
// (`.to(tl.int64)`, `tl.cast`, `tl.full(..., dtype=tl.int64)`, an int64
// annotation; int64 values that never reach an address do not count) and a
// sibling computes an offset that can pass 2^31 in int32. The forward pass
// then works on a tensor its backward pass corrupts (the PyTorch spatial
// softmax bug). Caret on the sibling's first wrapping offset; notes at the
// widening site and the `.to(tl.int64)` fix.
//
// Blind spots: families split across files (the API sees one file), kernels
// named without a forward/backward token, and siblings that widen a
// different offset than the one that wraps.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace kerneltidy::triton {
namespace {

// The same role words as the C++ check's defaults (lib/analysis/
// OperationFamilies.h), plus the dx/dw/db split of fused backward kernels.
bool isPassToken(llvm::StringRef Tok) {
  return Tok == "fwd" || Tok == "forward" || Tok == "fprop" || Tok == "bwd" ||
         Tok == "backward" || Tok == "bprop" || Tok == "grad" ||
         Tok == "dgrad" || Tok == "wgrad" || Tok == "dx" || Tok == "dw" ||
         Tok == "db" || Tok == "dwdb";
}

/// Words of an identifier: split at '_' and at lower-to-upper case changes
/// ('_layer_norm_fwd', 'LayerNormFwd' -> layer, norm, fwd).
void splitWords(llvm::StringRef Name, llvm::SmallVectorImpl<std::string> &Out) {
  std::string Word;
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    bool Boundary = C == '_' || C == '-';
    bool CaseChange = I > 0 && llvm::isUpper(C) && llvm::isLower(Name[I - 1]);
    if ((Boundary || CaseChange) && !Word.empty()) {
      Out.push_back(Word);
      Word.clear();
    }
    if (!Boundary)
      Word += llvm::toLower(C);
  }
  if (!Word.empty())
    Out.push_back(Word);
}

/// The family key of a kernel name, and whether it named a pass.
std::string familyKey(llvm::StringRef Name, bool &NamesPass) {
  NamesPass = false;
  llvm::SmallVector<std::string, 6> Tokens;
  splitWords(Name, Tokens);
  std::string Key;
  for (const std::string &Lower : Tokens) {
    if (isPassToken(Lower)) {
      NamesPass = true;
      continue;
    }
    if (Lower == "kernel" || Lower == "impl")
      continue;
    if (!Key.empty())
      Key += '_';
    Key += Lower;
  }
  return Key;
}

struct KernelInfo {
  FunctionAnalysis *A = nullptr;
  NodeId FirstWrap = NoNode;  // first int32 offset that can wrap
  NodeId FirstWiden = NoNode; // first 64-bit widening that reaches an address
  bool NamesPass = false;
};

} // namespace

void runIndexWidthMismatch(RuleContext &Ctx) {
  llvm::StringMap<llvm::SmallVector<KernelInfo, 2>> Families;
  llvm::SmallVector<std::string, 8> Order;
  for (auto &AP : Ctx.Analyses) {
    FunctionAnalysis &A = *AP;
    if (A.caller() || A.function().CalledFromJit)
      continue; // kernels only
    KernelInfo K;
    K.A = &A;
    std::string Key = familyKey(A.function().Name, K.NamesPass);
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
    auto &Members = Families[Key];
    if (Members.empty())
      Order.push_back(Key);
    Members.push_back(K);
  }
  for (const std::string &Key : Order) {
    auto &Members = Families[Key];
    if (Members.size() < 2 ||
        llvm::none_of(Members, [](const KernelInfo &K) { return K.NamesPass; }))
      continue;
    const KernelInfo *Wide = nullptr;
    for (const KernelInfo &K : Members)
      if (K.FirstWiden != NoNode) {
        Wide = &K;
        break;
      }
    if (!Wide)
      continue;
    for (const KernelInfo &K : Members) {
      if (&K == Wide || K.FirstWiden != NoNode || K.FirstWrap == NoNode)
        continue;
      const JitFunction &Narrow = K.A->function();
      const JitFunction &WideFn = Wide->A->function();
      Finding &F = Ctx.report(
          IndexWidthMismatchId, K.FirstWrap,
          "'" + Narrow.Name.str() + "' computes offset '" +
              Ctx.quote(K.FirstWrap) +
              "' in 32-bit 'int32' while its sibling '" + WideFn.Name.str() +
              "' widens to 'int64'; the kernels disagree on index width");
      Ctx.note(F, Wide->FirstWiden,
               "'" + WideFn.Name.str() + "' widens its indices to 64 bits here");
      Ctx.addWideningNote(F, *K.A, K.FirstWrap);
    }
  }
}

} // namespace kerneltidy::triton
