//===- Int32OffsetRule.cpp - kernel-int32-offset on Triton -----------------===//
//
// Reported: an *offset expression* computed in int32 whose magnitude can pass
// 2^31 (a product of two runtime quantities: `pid * stride`, `rows * C`,
// `offs_m[:, None] * stride_m`) that reaches the pointer argument of
// tl.load / tl.store / tl.atomic_* or the base of tl.make_block_ptr. The
// caret is on the first such product (the wrap site); a note carries the
// `.to(tl.int64)` fix at the index's source (the tl.program_id call when the
// index is a program id, else the operand itself).
//
// Not reported: products with a compile-time factor (`pid * BLOCK`), lane
// offsets (`tl.arange(0, BLOCK) * stride`), grid arithmetic
// (`pid_m * num_pid_n`), anything already int64, and values loaded from
// memory (their element type is not known from the source).
//
// Blind spots: int arguments Triton specialises to i64 at launch (values
// >= 2^31) are still modelled as int32, so a kernel that is only ever
// launched with huge strides is reported; sums of two large int32 terms
// without a product are not reported.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonRules.h"

#include "llvm/ADT/DenseSet.h"

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

} // namespace

void runInt32Offset(RuleContext &Ctx) {
  llvm::DenseSet<NodeId> Reported;
  for (auto &AP : Ctx.Analyses) {
    FunctionAnalysis &A = *AP;
    for (const MemoryAccess &Access : A.function().Accesses) {
      ValueFacts Ptr = A.facts(Access.Pointer);
      if (Ptr.WrapSite == NoNode || !Reported.insert(Ptr.WrapSite).second)
        continue;
      std::string Op = accessName(Access)
                           ? std::string(accessName(Access))
                           : "tl." + Access.Callee.str();
      FunctionAnalysis &Owner = owner(A, Ctx.T, Ptr.WrapSite);
      Finding &F = Ctx.report(
          Int32OffsetId, Ptr.WrapSite,
          "offset '" + Ctx.quote(Ptr.WrapSite) +
              "' is computed in 32-bit 'int32' and can wrap before it "
              "reaches the pointer of '" +
              Op + "'");
      if (&Owner != &A || Ctx.T.node(Access.Call).Line !=
                              Ctx.T.node(Ptr.WrapSite).Line)
        Ctx.note(F, Access.Call,
                 "the wrapped offset is used by '" + Op + "' here");
      Ctx.addWideningNote(F, Owner, Ptr.WrapSite);
    }
  }
}

} // namespace kerneltidy::triton
