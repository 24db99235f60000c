//===- Int32OffsetRule.cpp - kernel-int32-offset on Triton -----------------===//
//
// Reported: an *offset expression* computed in int32 whose magnitude can pass
// 2^31 (a product of two runtime quantities: `pid * stride`, `rows * C`,
// `offs_m[:, None] * stride_m`, or a token index scaled by a row width,
// `i_b * T * H`) that reaches the pointer argument of tl.load / tl.store /
// tl.atomic_* or the base of tl.make_block_ptr. The caret is on the first
// such product (the wrap site), reported once; notes mark each access line
// the wrapped value reaches and carry the `.to(tl.int64)` fix at the
// index's source (the tl.program_id call when the index is a program id,
// else the operand itself).
//
// Not reported: products with a compile-time factor (`pid * BLOCK`), lane
// offsets (`tl.arange(0, BLOCK) * stride`), grid arithmetic
// (`pid_m * num_pid_n`), token indices that are not scaled further
// (`i_b * T`, `(i_b * T).to(tl.int64)`: bounded by the token count),
// anything already int64, and values loaded from memory (their element type
// is not known from the source).
//
// Blind spots: int arguments Triton specialises to i64 at launch (values
// >= 2^31) are still modelled as int32, so a kernel that is only ever
// launched with huge strides is reported; sums of two large int32 terms
// without a product are not reported; only the first wrap site feeding an
// address is reported (a second product in the same offset shows once the
// first is widened).
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonRules.h"
#include "lib/model/OffsetEvidence.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

#include "llvm/ADT/DenseSet.h"
#include <cctype>

namespace kerneltidy::triton {
namespace {

const char *accessName(const MemoryAccess &A) {
  switch (A.Op) {
  case MemoryOp::Load:
    return "tl.load";
  case MemoryOp::Store:
    return "tl.store";
  case MemoryOp::MakeBlockPtr:
    return "tl.make_block_ptr";
  case MemoryOp::Atomic:
    break;
  }
  return nullptr;
}

/// The analysis whose function holds Node (a wrap site may sit in a caller
/// that passed the wrapped value to a helper).
FunctionAnalysis &owner(FunctionAnalysis &A, const PySyntaxTree &T,
                        NodeId Node) {
  for (FunctionAnalysis *P = &A; P; P = P->caller())
    if (T.contains(P->function().Definition, Node))
      return *P;
  return A;
}

kerneltidy::FactorRole roleOf(Magnitude M) {
  switch (M) {
  case Magnitude::Const:
    return kerneltidy::FactorRole::Constant;
  case Magnitude::Lane:
    return kerneltidy::FactorRole::Hardware;
  case Magnitude::ProgramId:
    return kerneltidy::FactorRole::GridIndex;
  case Magnitude::Size:
  case Magnitude::Rows:
  case Magnitude::Large:
    break;
  }
  return kerneltidy::FactorRole::Size;
}

/// The language-neutral evidence of a wrap site (lib/model/OffsetEvidence.h):
/// the two operands of the product with the roles their facts give, lowered
/// to a small index where the name says so, and the buffer the first access
/// reaches (the leftmost name of its pointer expression).
kerneltidy::OffsetEvidence evidenceOf(FunctionAnalysis &Owner,
                                      const PySyntaxTree &T, NodeId Site,
                                      const MemoryAccess &Access) {
  kerneltidy::OffsetEvidence E;
  NodeId Product = T.stripParens(Site);
  llvm::SmallVector<llvm::StringRef, 12> ParamNames;
  for (const TritonParam &P : Owner.function().Params)
    ParamNames.push_back(P.Name);
  const llvm::SmallVector<llvm::StringRef, 4> Innermost =
      kerneltidy::innermostStrideParams(ParamNames);
  for (PyField Side : {PyField::Left, PyField::Right}) {
    NodeId Operand = T.field(Product, Side);
    if (Operand == NoNode)
      continue;
    Magnitude Mag = Owner.facts(Operand).Mag;
    kerneltidy::OffsetFactor F{T.text(Operand).str(), roleOf(Mag)};
    // A token index is never small, whatever names it holds: the head
    // count of `(bos * HV + i_h) * K` scales the tokens, it does not bound
    // them.
    if (Mag != Magnitude::Rows &&
        (F.Role == kerneltidy::FactorRole::Size ||
         F.Role == kerneltidy::FactorRole::GridIndex))
      for (const kerneltidy::OffsetFactor &Named :
           kerneltidy::factorsFromText(F.Text))
        if (Named.Role == kerneltidy::FactorRole::SmallIndex)
          F.Role = Named.Role;
    // A factor that is, as written, the innermost stride parameter of its
    // tensor ('offs_k[None, :] * stride_ak').
    llvm::StringRef Name = T.text(T.stripParens(Operand)).trim();
    if (E.InnermostStride.empty() && llvm::is_contained(Innermost, Name))
      E.InnermostStride = Name.str();
    E.Factors.push_back(std::move(F));
  }
  llvm::StringRef Ptr = T.text(Access.Pointer).ltrim(" (\n");
  size_t End = 0;
  while (End < Ptr.size() &&
         (std::isalnum(static_cast<unsigned char>(Ptr[End])) || Ptr[End] == '_'))
    ++End;
  E.Buffer = Ptr.take_front(End).str();
  return E;
}

/// A load, store or atomic of one element per program: its pointer does not
/// vary across the lanes of a block and is no block pointer.
bool isScalarAccess(FunctionAnalysis &A, const MemoryAccess &Access) {
  llvm::StringRef Callee = Access.Callee;
  if (Callee != "load" && Callee != "store" && !Callee.starts_with("atomic"))
    return false;
  if (Access.BoundaryCheck != NoNode || A.facts(Access.Pointer).PerLane)
    return false;
  const PySyntaxTree &T = A.tree();
  NodeId Def = A.underlying(Access.Pointer);
  if (T.kind(Def) == PyKind::Call) {
    llvm::StringRef Text = T.text(Def);
    if (Text.contains("block_ptr") || Text.contains("advance") ||
        Text.contains("descriptor"))
      return false;
  }
  return true;
}

/// An access whose pointer carries a wrapped offset.
struct Use {
  FunctionAnalysis *A;
  const MemoryAccess *Access;
};

/// Every wrap site of the module, in first-use order, with the accesses its
/// wrapped value reaches, across the kernel analyses and the helper
/// contexts.
void gatherWrapUses(RuleContext &Ctx, llvm::SmallVectorImpl<NodeId> &Order,
                    llvm::DenseMap<NodeId, llvm::SmallVector<Use, 4>> &Uses) {
  for (auto &AP : Ctx.Analyses) {
    FunctionAnalysis &A = *AP;
    for (const MemoryAccess &Access : A.function().Accesses) {
      ValueFacts Ptr = A.facts(Access.Pointer);
      if (Ptr.WrapSite == NoNode)
        continue;
      auto &List = Uses[Ptr.WrapSite];
      if (List.empty())
        Order.push_back(Ptr.WrapSite);
      List.push_back(Use{&A, &Access});
    }
  }
}

/// The other 32-bit terms of an address: the int32 products, other than
/// Site, that the pointer expression E adds up (through parentheses, names
/// bound by plain assignment and broadcasting subscripts) and that scale a
/// runtime quantity (`input_batch_stride * batch_offset[:, None]` beside
/// the wrap site `input_feat_stride * feat_pid`). A widened value, a call
/// or a loaded value ends the walk.
void otherAddressTerms(FunctionAnalysis &A, NodeId E, NodeId Site,
                       llvm::SmallVectorImpl<NodeId> &Out, unsigned Depth = 0) {
  const PySyntaxTree &T = A.tree();
  if (Depth > 12 || E == NoNode)
    return;
  E = T.stripParens(E);
  switch (T.kind(E)) {
  case PyKind::Identifier:
    if (NodeId Def = A.definition(E); Def != E)
      otherAddressTerms(A, Def, Site, Out, Depth + 1);
    return;
  case PyKind::Subscript:
    otherAddressTerms(A, T.field(E, PyField::Value), Site, Out, Depth + 1);
    return;
  case PyKind::BinaryOperator: {
    llvm::StringRef Op = T.operatorText(E);
    if (Op == "+" || Op == "-") {
      otherAddressTerms(A, T.field(E, PyField::Left), Site, Out, Depth + 1);
      otherAddressTerms(A, T.field(E, PyField::Right), Site, Out, Depth + 1);
      return;
    }
    if (Op != "*" || E == Site || T.contains(E, Site))
      return;
    ValueFacts F = A.facts(E);
    if (F.isInt32() && F.Mag >= Magnitude::Size && !llvm::is_contained(Out, E))
      Out.push_back(E);
    return;
  }
  default:
    return;
  }
}

/// The tier of a wrap site, given the evidence of the accesses it reaches.
Confidence siteTier(RuleContext &Ctx, NodeId Site, llvm::ArrayRef<Use> List,
                    std::string &Why) {
  FunctionAnalysis &Owner = owner(*List.front().A, Ctx.T, Site);
  kerneltidy::OffsetEvidence Evidence =
      evidenceOf(Owner, Ctx.T, Site, *List.front().Access);
  Evidence.OnlyScalarAccesses = llvm::all_of(
      List, [&](const Use &U) { return isScalarAccess(*U.A, *U.Access); });
  return kerneltidy::widthConfidence(Evidence, Why);
}

/// What one finding reports: the term of the address that names it (the
/// most confident of the wrap site and the address's other wrapping terms,
/// issue 23's one finding per address), its tier and the reason.
struct Primary {
  NodeId Site = NoNode;
  FunctionAnalysis *Owner = nullptr;
  Confidence Tier = Confidence::Low;
  std::string Why;
};

Primary primaryOf(RuleContext &Ctx, NodeId Site, llvm::ArrayRef<Use> List) {
  // The other terms of every address the wrap site reaches.
  llvm::SmallVector<std::pair<NodeId, Use>, 4> Others;
  for (const Use &U : List) {
    llvm::SmallVector<NodeId, 4> Terms;
    otherAddressTerms(*U.A, U.Access->Pointer, Site, Terms);
    for (NodeId P : Terms)
      if (llvm::none_of(Others, [&](const auto &O) { return O.first == P; }))
        Others.push_back({P, U});
  }
  Primary Best;
  Best.Site = Site;
  Best.Owner = &owner(*List.front().A, Ctx.T, Site);
  Best.Tier = siteTier(Ctx, Site, List, Best.Why);
  // When the wrap site is harmless by its evidence (the low tier), another
  // term of the address that wraps itself, more confidently, names the
  // finding: `feat_pid * input_feat_stride` stays inside one sample, the
  // batch term beside it is where the address wraps. Otherwise the first
  // wrap site names it, as it always did.
  if (Best.Tier != Confidence::Low)
    return Best;
  for (const auto &[P, U] : Others) {
    FunctionAnalysis &PO = owner(*U.A, Ctx.T, P);
    if (PO.facts(P).Mag != Magnitude::Large)
      continue;
    std::string Why;
    Confidence Tier = siteTier(Ctx, P, {U}, Why);
    if (Tier > Best.Tier) {
      Best.Site = P;
      Best.Owner = &PO;
      Best.Tier = Tier;
      Best.Why = std::move(Why);
    }
  }
  return Best;
}

} // namespace

Confidence wrapSiteConfidence(RuleContext &Ctx, NodeId Site, std::string &Why) {
  llvm::SmallVector<NodeId, 16> Order;
  llvm::DenseMap<NodeId, llvm::SmallVector<Use, 4>> Uses;
  gatherWrapUses(Ctx, Order, Uses);
  auto It = Uses.find(Site);
  if (It == Uses.end() || It->second.empty()) {
    Why.clear();
    return Confidence::Medium;
  }
  Primary P = primaryOf(Ctx, Site, It->second);
  Why = std::move(P.Why);
  return P.Tier;
}

void runInt32Offset(RuleContext &Ctx) {
  // One finding per wrap site, with a note at every access line its wrapped
  // value reaches (the fix is at the wrap site; the uses show how far it
  // goes). Accesses are gathered first, across the kernel analyses and the
  // helper contexts, so a wrap site used by several accesses is reported once.
  llvm::SmallVector<NodeId, 16> Order;
  llvm::DenseMap<NodeId, llvm::SmallVector<Use, 4>> Uses;
  gatherWrapUses(Ctx, Order, Uses);
  llvm::DenseSet<NodeId> Reported;
  for (NodeId WrapSite : Order) {
    const llvm::SmallVector<Use, 4> &List = Uses[WrapSite];
    const MemoryAccess &First = *List.front().Access;
    std::string Op = accessName(First) ? std::string(accessName(First))
                                       : "tl." + First.Callee.str();
    Primary P = primaryOf(Ctx, WrapSite, List);
    // Two wrap sites of one address name the same term once.
    if (!Reported.insert(P.Site).second)
      continue;
    NodeId Site = P.Site;
    FunctionAnalysis &Owner = *P.Owner;
    Finding &F = Ctx.report(
        Int32OffsetId, Site,
        "offset '" + Ctx.quote(Site) +
            "' is computed in 32-bit 'int32' and can wrap before it "
            "reaches the pointer of '" +
            Op + "'");
    // One note per access line (a line with several loads is one use), at
    // most MaxUseNotes; the last one counts the rest.
    constexpr unsigned MaxUseNotes = 8;
    llvm::DenseSet<unsigned> Lines;
    Lines.insert(Ctx.T.node(Site).Line);
    unsigned Shown = 0, Rest = 0;
    Note *Last = nullptr;
    for (const Use &U : List) {
      const MemoryAccess &Access = *U.Access;
      if (!Lines.insert(Ctx.T.node(Access.Call).Line).second)
        continue;
      if (Shown == MaxUseNotes) {
        ++Rest;
        continue;
      }
      ++Shown;
      std::string UseOp = accessName(Access)
                              ? std::string(accessName(Access))
                              : "tl." + Access.Callee.str();
      Last = &Ctx.note(F, Access.Call,
                       "the wrapped offset is used by '" + UseOp + "' here");
    }
    if (Rest && Last)
      Last->Message += " (and by " + std::to_string(Rest) +
                       " more access" + (Rest == 1 ? "" : "es") + ")";
    Ctx.addWideningNote(F, Owner, Site);
    F.Confidence = kerneltidy::confidenceName(P.Tier).str();
    Ctx.note(F, Site, kerneltidy::confidenceNote(P.Tier, P.Why));
  }
}

} // namespace kerneltidy::triton
