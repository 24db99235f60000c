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
//  * `acc += tl.sum(a * b.to(X_dtype), 0)` in a loop, no `dtype=`: tl.sum
//    reduces in its input's type, and a product cast to the input dtype (a
//    tl.constexpr dtype argument or `x.dtype.element_ty`) with no factor
//    that is fp32 on every path is 16-bit for 16-bit inputs (Liger #950).
//  * tl.atomic_add of a 16-bit value, or into a pointer whose element type
//    the source names as 16-bit (`"*fp16"`, `tl.pointer_type(tl.float16)`):
//    concurrent programs sum into a 16-bit cell (the XPU nll_loss2d hazard).
//  * a *shared read-modify-write*: `v += tl.load(P)` (or `v = v + ...`)
//    then `tl.store(P, v)` into a *host buffer* (TritonModule.h) that the
//    file's launcher allocates 16-bit or in an input's dtype
//    (`torch.zeros(..., dtype=x.dtype)`), where P's offset reads the program
//    id only through `%` or `//` (`lock_id = row % GROUP_SIZE_M`): every
//    program whose row maps to the same element adds to it, so the running
//    sum is rounded to 16 bits on every store (the Triton tutorial's
//    layer-norm backward, issue 26). Caret on the store; notes on the update
//    and on the allocation.
//
// Blind spots: accumulators whose dtype is a tl.constexpr argument or
// `x.dtype`, and atomics into a 16-bit buffer whose value is not cast in the
// kernel (the pointer's element type is not known from the source). A
// read-modify-write is followed only into buffers that a launcher of the
// same file allocates and passes by name or in place, and only when its
// offset maps programs to elements many-to-one by `%` or `//` (an offset
// read from memory, or one no program id reaches, is not taken as shared).
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonRules.h"
#include "lib/model/AccumulationEvidence.h"

#include "llvm/ADT/DenseSet.h"
#include <optional>

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

/// The trip count of `for _ in range(a[, b[, c]])` or `tl.static_range(...)`
/// with integer literals, else nothing (a runtime or constexpr bound).
std::optional<uint64_t> constantTripCount(RuleContext &Ctx, NodeId Loop) {
  const PySyntaxTree &T = Ctx.T;
  if (T.kind(Loop) != PyKind::ForStatement)
    return std::nullopt;
  NodeId Iter = T.stripParens(T.field(Loop, PyField::Right));
  if (T.kind(Iter) != PyKind::Call)
    return std::nullopt;
  llvm::StringRef Callee = T.text(T.field(Iter, PyField::Function));
  if (Callee != "range" && Callee != "static_range" &&
      Ctx.M.languageCallee(Iter) != "static_range")
    return std::nullopt;
  llvm::SmallVector<int64_t, 3> Args;
  bool AllLiterals = true;
  T.forEachNamedChild(T.field(Iter, PyField::Arguments), [&](NodeId Arg) {
    int64_t V = 0;
    if (T.kind(Arg) != PyKind::Integer ||
        T.text(Arg).getAsInteger(0, V))
      AllLiterals = false;
    else
      Args.push_back(V);
  });
  if (!AllLiterals || Args.empty() || Args.size() > 3)
    return std::nullopt;
  int64_t Start = Args.size() > 1 ? Args[0] : 0;
  int64_t Stop = Args.size() > 1 ? Args[1] : Args[0];
  int64_t Step = Args.size() > 2 ? Args[2] : 1;
  if (Step <= 0 || Stop <= Start)
    return Step > 0 ? std::optional<uint64_t>(0) : std::nullopt;
  return uint64_t((Stop - Start + Step - 1) / Step);
}

/// The 16-bit additions that reach one element of Update's accumulator
/// (lib/model/AccumulationEvidence.h): every loop around the update that
/// does not hold the accumulator's start.
AdditionCount additionsPerElement(RuleContext &Ctx, const Binding &Update,
                                  NodeId Start) {
  const PySyntaxTree &T = Ctx.T;
  AdditionCount N;
  for (NodeId P = T.node(Update.Statement).Parent; P != NoNode;
       P = T.node(P).Parent) {
    PyKind K = T.kind(P);
    if (K == PyKind::FunctionDefinition)
      break;
    if (K != PyKind::ForStatement && K != PyKind::WhileStatement)
      continue;
    if (T.contains(P, Start))
      break;
    if (std::optional<uint64_t> Trips = constantTripCount(Ctx, P))
      N.loop(*Trips);
    else
      N.dataSizedLoop(K == PyKind::ForStatement
                          ? "the loop over '" +
                                T.text(T.field(P, PyField::Right)).str() + "'"
                          : std::string("a while loop"));
  }
  return N;
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
    if (!Narrow)
      continue;
    // Few partials are not a hazard: report only many additions per element.
    AdditionCount Additions = additionsPerElement(Ctx, Update, Init->Statement);
    if (!Additions.isHazard() || !Reported.insert(Init->Statement).second)
      continue;
    ValueFacts Shown = InitFacts.isFloat16() ? InitFacts : A.facts(Update.Value);
    Finding &Fd = Ctx.report(
        NarrowAccumulationId, Update.Statement,
        "accumulator '" + Update.Name.str() + "' is 16-bit '" +
            floatTypeName(Shown) +
            "' and is updated on every loop iteration; partial sums are "
            "rounded to 16 bits and can overflow");
    Ctx.note(Fd, Update.Statement,
             "each element takes " + Additions.describe() + " in 16 bits");
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

/// True when Expr is fp32 on every path that reaches it.
bool isFloat32OnEveryPath(FunctionAnalysis &A, NodeId Expr) {
  const PySyntaxTree &T = A.tree();
  Expr = T.stripParens(Expr);
  while (T.kind(Expr) == PyKind::Subscript)
    Expr = T.stripParens(T.field(Expr, PyField::Value));
  if (T.kind(Expr) != PyKind::Identifier) {
    ValueFacts V = A.facts(Expr);
    return V.Type == ValueType::Float && V.Bits >= 32;
  }
  llvm::SmallVector<const Binding *, 4> Reaching;
  A.reachingBindings(T.text(Expr), Expr, Reaching);
  if (Reaching.empty())
    return false;
  for (const Binding *B : Reaching) {
    ValueFacts V = A.facts(B->Value);
    if (B->Kind == BindingKind::LoopTarget || V.Type != ValueType::Float ||
        V.Bits < 32)
      return false;
  }
  return true;
}

/// The dtype a conversion names when it is the kernel's input type rather
/// than a fixed one: a tl.constexpr parameter (`.to(X_dtype)`) or a
/// tensor's type (`.to(x_ptr.dtype.element_ty)`). Else NoNode.
NodeId inputDTypeConversion(RuleContext &Ctx, FunctionAnalysis &A,
                            NodeId Expr) {
  const PySyntaxTree &T = Ctx.T;
  Expr = T.stripParens(Expr);
  NodeId DType = NoNode;
  if (Ctx.M.isConversion(Expr))
    DType = Ctx.M.argument(Expr, 0, "dtype");
  else if (Ctx.M.languageCallee(Expr) == "cast")
    DType = Ctx.M.argument(Expr, 1, "dtype");
  if (DType == NoNode)
    return NoNode;
  if (T.kind(DType) == PyKind::Identifier) {
    const TritonParam *P = A.function().param(T.text(DType));
    return P && P->IsConstexpr ? DType : NoNode;
  }
  if (T.kind(DType) == PyKind::Attribute) {
    llvm::StringRef Attr = T.text(T.field(DType, PyField::Attribute));
    return Attr == "element_ty" || Attr == "dtype" ? DType : NoNode;
  }
  return NoNode;
}

/// `acc += tl.sum(a * b.to(X_dtype), 0)` in a loop: tl.sum reduces in its
/// input's type, and a product cast back to the input dtype with no fp32
/// factor is 16-bit whenever the input is; the partial sums of every block
/// are rounded to 16 bits before they reach the fp32 accumulator (Liger
/// #950).
void checkNarrowReductions(RuleContext &Ctx, FunctionAnalysis &A,
                           llvm::DenseSet<NodeId> &Reported) {
  const PySyntaxTree &T = Ctx.T;
  for (const Binding &Update : A.function().Bindings) {
    if (Update.Loop == NoNode || !isAccumulation(A, Update))
      continue;
    NodeId Sum = T.stripParens(Update.Value);
    if (Ctx.M.languageCallee(Sum) != "sum" ||
        Ctx.M.argument(Sum, 99, "dtype") != NoNode)
      continue;
    NodeId Input = T.stripParens(Ctx.M.argument(Sum, 0, "input"));
    if (T.kind(Input) != PyKind::BinaryOperator || T.operatorText(Input) != "*")
      continue;
    llvm::SmallVector<NodeId, 4> Factors;
    llvm::SmallVector<NodeId, 4> Work = {Input};
    while (!Work.empty()) {
      NodeId N = T.stripParens(Work.pop_back_val());
      if (T.kind(N) == PyKind::BinaryOperator && T.operatorText(N) == "*") {
        Work.push_back(T.field(N, PyField::Left));
        Work.push_back(T.field(N, PyField::Right));
      } else {
        Factors.push_back(N);
      }
    }
    NodeId Cast = NoNode;
    bool Wide = false;
    for (NodeId Factor : Factors) {
      if (Cast == NoNode)
        Cast = inputDTypeConversion(Ctx, A, Factor);
      Wide |= isFloat32OnEveryPath(A, Factor);
    }
    if (Cast == NoNode || Wide || !Reported.insert(Sum).second)
      continue;
    Finding &F = Ctx.report(
        NarrowAccumulationId, Sum,
        "'tl.sum' reduces a product cast to '" + Ctx.quote(Cast) +
            "' in that type; for 16-bit inputs the partial sums are rounded "
            "to 16 bits before they are added to '" +
            Update.Name.str() + "'");
    Note &N = Ctx.note(F, Input,
                       "cast the product to 'tl.float32' before the sum");
    N.Fixes.push_back(
        Ctx.replacement(Input, "(" + T.text(Input).str() + ").to(tl.float32)"));
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

/// The kernel parameters a pointer expression starts from: names followed
/// through their bindings (`DW = DW + off`, `X += row * stride`), the
/// pointer side of `+` and `-`, and broadcasting subscripts.
void pointerBases(FunctionAnalysis &A, NodeId E,
                  llvm::SmallVectorImpl<unsigned> &Params, unsigned Depth) {
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

/// How a pointer's offset reads the program id: directly (one element per
/// program, as `DW + pid * N`), or only through `%` / `//` (a many-to-one
/// map: `DW + (row % GROUP_SIZE_M) * N`). Loads stop the walk.
struct ProgramIdUse {
  bool Direct = false;
  bool Reduced = false;
};

void programIdUse(FunctionAnalysis &A, NodeId E, ProgramIdUse &Use,
                  unsigned Depth) {
  const PySyntaxTree &T = A.tree();
  const TritonModule &M = A.module();
  E = T.stripParens(E);
  if (Depth > 24 || E == NoNode)
    return;
  switch (T.kind(E)) {
  case PyKind::Identifier: {
    const Binding *B = A.resolve(T.text(E), E);
    if (!B || B->Value == NoNode)
      return;
    if (B->Kind == BindingKind::Augmented)
      programIdUse(A, B->Target, Use, Depth + 1);
    if (B->Kind == BindingKind::Assign || B->Kind == BindingKind::Augmented)
      programIdUse(A, B->Value, Use, Depth + 1);
    return;
  }
  case PyKind::Call: {
    llvm::StringRef Callee = M.languageCallee(E);
    if (Callee == "program_id" || M.methodCallee(E) == "program_id") {
      Use.Direct = true;
      return;
    }
    if (Callee == "load")
      return;
    break;
  }
  case PyKind::BinaryOperator: {
    llvm::StringRef Op = T.operatorText(E);
    if (Op == "%" || Op == "//") {
      ProgramIdUse Left;
      programIdUse(A, T.field(E, PyField::Left), Left, Depth + 1);
      if (Left.Direct || Left.Reduced)
        Use.Reduced = true;
      programIdUse(A, T.field(E, PyField::Right), Use, Depth + 1);
      return;
    }
    break;
  }
  default:
    break;
  }
  T.forEachNamedChild(E, [&](NodeId C) {
    if (T.kind(E) == PyKind::Attribute && C == T.field(E, PyField::Attribute))
      return;
    if (T.kind(E) == PyKind::Call && C == T.field(E, PyField::Function))
      return;
    programIdUse(A, C, Use, Depth + 1);
  });
}

/// True when P and Q are the same pointer: the same text, each name bound
/// by the same binding at both places.
bool samePointer(FunctionAnalysis &A, NodeId P, NodeId Q) {
  const PySyntaxTree &T = A.tree();
  P = T.stripParens(P);
  Q = T.stripParens(Q);
  if (T.text(P) != T.text(Q) ||
      T.subtreeEnd(P) - P != T.subtreeEnd(Q) - Q)
    return false;
  for (NodeId K = 0, E = T.subtreeEnd(P) - P; K < E; ++K)
    if (T.kind(P + K) == PyKind::Identifier &&
        A.resolve(T.text(P + K), P + K) != A.resolve(T.text(Q + K), Q + K))
      return false;
  return true;
}

/// The update `v += tl.load(P)` / `v = v + tl.load(P)` that reaches Store's
/// value `v`, with P the store's own pointer, or null.
const Binding *readModifyWrite(RuleContext &Ctx, FunctionAnalysis &A,
                               const MemoryAccess &Store) {
  const PySyntaxTree &T = Ctx.T;
  NodeId Value = T.stripParens(Store.Value);
  if (T.kind(Value) != PyKind::Identifier)
    return nullptr;
  llvm::SmallVector<const Binding *, 4> Reaching;
  A.reachingBindings(T.text(Value), Value, Reaching);
  for (const Binding *B : Reaching) {
    if (!isAccumulation(A, *B) || B->Value == NoNode)
      continue;
    bool Reads = false;
    T.walk(B->Value, [&](NodeId N) {
      Reads |= Ctx.M.languageCallee(N) == "load" &&
               samePointer(A, Ctx.M.argument(N, 0, "pointer"), Store.Pointer);
    });
    if (Reads)
      return B;
  }
  return nullptr;
}

/// A shared read-modify-write into a host buffer that can be 16-bit: see the
/// file comment.
void checkSharedReadModifyWrites(RuleContext &Ctx, FunctionAnalysis &A,
                                 llvm::DenseSet<NodeId> &Reported) {
  const PySyntaxTree &T = Ctx.T;
  // Host buffers are matched to the parameters of a kernel analysed on its
  // own, not to a helper's.
  if (A.caller())
    return;
  int Kernel = Ctx.M.functionIndex(A.function().Name);
  if (Kernel < 0)
    return;
  for (const MemoryAccess &Store : A.function().Accesses) {
    if (Store.Op != MemoryOp::Store || Store.Value == NoNode)
      continue;
    const HostBuffer *Buffer = nullptr;
    llvm::SmallVector<unsigned, 2> Params;
    pointerBases(A, Store.Pointer, Params, 0);
    for (unsigned P : Params)
      for (const HostBuffer *B : Ctx.M.hostBuffers(unsigned(Kernel), P))
        if (!Buffer && mayHold16BitSum(B->Type))
          Buffer = B;
    if (!Buffer)
      continue;
    const Binding *Update = readModifyWrite(Ctx, A, Store);
    if (!Update)
      continue;
    ProgramIdUse Use;
    programIdUse(A, Store.Pointer, Use, 0);
    if (!Use.Reduced || Use.Direct)
      continue;
    AdditionCount Additions;
    Additions.sharedByPrograms(
        "every program whose row maps to the same buffer row");
    if (!Additions.isHazard() || !Reported.insert(Store.Call).second)
      continue;
    std::string Name = T.text(T.stripParens(Buffer->Argument)).str();
    bool Input = Buffer->Type == BufferElementType::InputType;
    std::string Source = Ctx.quote(Buffer->DTypeSource);
    Finding &Fd = Ctx.report(
        NarrowAccumulationId, Store.Call,
        "'" + Ctx.quote(Store.Pointer) +
            "' is read, added to and written back by every program whose "
            "row maps to the same element; " +
            (Input ? "its buffer has the dtype of '" + Source +
                         "', so for 16-bit inputs the running sum is rounded "
                         "to 16 bits and can overflow"
                   : "its buffer is '" + Source +
                         "', so the running sum is rounded to 16 bits and "
                         "can overflow"));
    Ctx.note(Fd, Update->Statement,
             "'" + Update->Name.str() +
                 "' adds the buffer's value here; in 16 bits, each element "
                 "takes " +
                 Additions.describe());
    Ctx.note(Fd, Buffer->Allocation,
             "'" + Name + "' is allocated here " +
                 (Input ? "with the dtype of '" + Source + "' (16-bit when '" +
                              Source + "' is)"
                        : "as '" + Source + "'") +
                 "; allocate it as 'torch.float32' and convert once after "
                 "the reduction");
  }
}

} // namespace

void runNarrowAccumulation(RuleContext &Ctx) {
  llvm::DenseSet<NodeId> Reported;
  for (auto &A : Ctx.Analyses) {
    checkLoopAccumulators(Ctx, *A, Reported);
    checkAtomics(Ctx, *A, Reported);
    checkNarrowReductions(Ctx, *A, Reported);
    checkSharedReadModifyWrites(Ctx, *A, Reported);
  }
}

} // namespace kerneltidy::triton
