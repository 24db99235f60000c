//===- NarrowAccumulationRule.cpp - kernel-narrow-accumulation on Triton ---===//
//
// Reported:
//  * an *accumulator* declared outside a loop as a 16-bit float
//    (`acc = tl.zeros(..., dtype=tl.float16)`, `tl.full(..., dtype=tl.bfloat16)`)
//    and updated inside the loop (`acc += ...`, `acc = acc + ...`,
//    `acc = tl.dot(a, b, acc)`): Triton keeps a loop-carried value's type, so
//    every partial sum is rounded to 16 bits. Caret on the first update; the
//    note at the declaration offers `tl.float32`.
//  * an accumulator starting from a literal (`acc = 0.0`) that a loop updates
//    with a value the model knows is 16-bit (`tl.sum(x.to(tl.float16))`).
//  * tl.atomic_add of a 16-bit value, or into a pointer whose element type
//    the source names as 16-bit (`"*fp16"`, `tl.pointer_type(tl.float16)`):
//    concurrent programs sum into a 16-bit cell (the XPU nll_loss2d hazard).
//
// Blind spots: accumulators whose dtype is a tl.constexpr argument or
// `x.dtype`, and atomics into a 16-bit buffer whose value is not cast in the
// kernel (the pointer's element type is not known from the source).
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonRules.h"

#include "llvm/ADT/DenseSet.h"

namespace kerneltidy::triton {
namespace {

/// True when Update (a binding inside a loop) reads its own previous value.
bool isAccumulation(FunctionAnalysis &A, const Binding &Update) {
  const PySyntaxTree &T = A.tree();
  if (Update.Kind == BindingKind::Augmented) {
    llvm::StringRef Op = T.operatorText(Update.Statement);
    return Op == "+=" || Op == "-=";
  }
  if (Update.Kind != BindingKind::Assign || Update.Value == NoNode)
    return false;
  bool Reads = false;
  T.walk(Update.Value, [&](NodeId N) {
    Reads |= T.kind(N) == PyKind::Identifier && T.text(N) == Update.Name &&
             !(T.kind(T.node(N).Parent) == PyKind::Attribute &&
               T.node(N).Field == PyField::Attribute);
  });
  return Reads;
}

void checkLoopAccumulators(RuleContext &Ctx, FunctionAnalysis &A,
                           llvm::DenseSet<NodeId> &Reported) {
  const PySyntaxTree &T = Ctx.T;
  const JitFunction &F = A.function();
  for (const Binding &Update : F.Bindings) {
    if (Update.Loop == NoNode || !isAccumulation(A, Update))
      continue;
    // The value the loop starts from: the binding before the update that
    // lies outside the update's loop.
    const Binding *Init = A.resolve(Update.Name, Update.Statement);
    while (Init && T.contains(Update.Loop, Init->Statement))
      Init = A.resolve(Init->Name, Init->Statement);
    if (!Init || Init->Value == NoNode || Init->Kind != BindingKind::Assign)
      continue;
    ValueFacts InitFacts = A.facts(Init->Value);
    bool Narrow = InitFacts.isFloat16();
    if (!Narrow && InitFacts.Type == ValueType::Float && InitFacts.Bits == 0)
      Narrow = A.facts(Update.Value).isFloat16();
    if (!Narrow || !Reported.insert(Init->Statement).second)
      continue;
    ValueFacts Shown = InitFacts.isFloat16() ? InitFacts : A.facts(Update.Value);
    Finding &Fd = Ctx.report(
        NarrowAccumulationId, Update.Statement,
        "accumulator '" + Update.Name.str() + "' is 16-bit '" +
            floatTypeName(Shown) +
            "' and is updated on every loop iteration; partial sums are "
            "rounded to 16 bits and can overflow");
    NodeId Call = Init->Value;
    llvm::StringRef Callee = Ctx.M.languageCallee(Call);
    NodeId DType = NoNode;
    if (Callee == "zeros" || Callee == "ones")
      DType = Ctx.M.argument(Call, 1, "dtype");
    else if (Callee == "full")
      DType = Ctx.M.argument(Call, 2, "dtype");
    if (DType != NoNode) {
      Note &N = Ctx.note(Fd, DType,
                         "accumulate in 'tl.float32' and convert once after "
                         "the loop");
      N.Fixes.push_back(Ctx.replacement(DType, "tl.float32"));
    } else {
      Ctx.note(Fd, Init->Statement,
               "'" + Update.Name.str() +
                   "' starts here; start from a 'tl.float32' value instead");
    }
  }
}

void checkAtomics(RuleContext &Ctx, FunctionAnalysis &A,
                  llvm::DenseSet<NodeId> &Reported) {
  for (const MemoryAccess &Access : A.function().Accesses) {
    if (Access.Op != MemoryOp::Atomic || Access.Callee != "atomic_add" ||
        Access.Value == NoNode)
      continue;
    ValueFacts V = A.facts(Access.Value);
    ValueFacts Ptr = A.facts(Access.Pointer);
    if (!V.isFloat16() && Ptr.pointsToFloat16()) {
      V.Type = ValueType::Float;
      V.Bits = 16;
      V.BFloat = Ptr.PointeeBFloat;
    }
    if (!V.isFloat16() || !Reported.insert(Access.Call).second)
      continue;
    Finding &F = Ctx.report(
        NarrowAccumulationId, Access.Call,
        "'tl.atomic_add' accumulates 16-bit '" + std::string(floatTypeName(V)) +
            "' values across programs; the running sum is rounded to 16 bits "
            "and can overflow");
    Ctx.note(F, Access.Value,
             "accumulate into a 'tl.float32' buffer and convert once after "
             "the reduction");
  }
}

} // namespace

void runNarrowAccumulation(RuleContext &Ctx) {
  llvm::DenseSet<NodeId> Reported;
  for (auto &A : Ctx.Analyses) {
    checkLoopAccumulators(Ctx, *A, Reported);
    checkAtomics(Ctx, *A, Reported);
  }
}

} // namespace kerneltidy::triton
