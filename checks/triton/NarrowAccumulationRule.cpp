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
#include "lib/model/Confidence.h"

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

/// The value an accumulator's loop starts from: the binding before Update
/// that lies outside Update's loop, or null.
const Binding *loopStart(FunctionAnalysis &A, const Binding &Update) {
  const Binding *Init = A.resolve(Update.Name, Update.Statement);
  while (Init && A.tree().contains(Update.Loop, Init->Statement))
    Init = A.resolve(Init->Name, Init->Statement);
  return Init;
}

void checkLoopAccumulators(RuleContext &Ctx, FunctionAnalysis &A,
                           llvm::DenseSet<NodeId> &Reported) {
  const JitFunction &F = A.function();
  for (const Binding &Update : F.Bindings) {
    if (Update.Loop == NoNode || !isAccumulation(A, Update))
      continue;
    const Binding *Init = loopStart(A, Update);
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

/// How a pointer's offset reads the program id: directly (one element per
/// program, as `DW + pid * N`), or only through `%` / `//` (a many-to-one
/// map: `DW + (row % GROUP_SIZE_M) * N`). Loads stop the walk.
struct ProgramIdUse {
  bool Direct = false;
  bool Reduced = false;
  unsigned Axes = 0;       // bit per grid axis whose program id it reads
  bool Loaded = false;     // reads a value loaded from memory (an index)
  bool ScaledLoad = false; // ... scaled by a row width (`idx * D`)
  bool Mod = false, Div = false; // the reductions seen
};

/// The grid axis of a `tl.program_id(axis)` call: a literal, else 0.
unsigned programIdAxis(const TritonModule &M, NodeId Call) {
  NodeId Axis = M.argument(Call, 0, "axis");
  int64_t V = 0;
  if (Axis == NoNode || M.tree().kind(Axis) != PyKind::Integer ||
      M.tree().text(Axis).getAsInteger(0, V) || V < 0 || V > 2)
    return 0;
  return unsigned(V);
}

void programIdUse(FunctionAnalysis &A, NodeId E, ProgramIdUse &Use,
                  unsigned Depth, bool Scaled = false) {
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
      programIdUse(A, B->Target, Use, Depth + 1, Scaled);
    if (B->Kind == BindingKind::Assign || B->Kind == BindingKind::Augmented)
      programIdUse(A, B->Value, Use, Depth + 1, Scaled);
    return;
  }
  case PyKind::Call: {
    llvm::StringRef Callee = M.languageCallee(E);
    if (Callee == "program_id" || M.methodCallee(E) == "program_id") {
      Use.Direct = true;
      Use.Axes |= 1u << programIdAxis(M, E);
      return;
    }
    if (Callee == "load") {
      Use.Loaded = true;
      Use.ScaledLoad |= Scaled;
      return;
    }
    break;
  }
  case PyKind::BinaryOperator: {
    llvm::StringRef Op = T.operatorText(E);
    if (Op == "%" || Op == "//") {
      ProgramIdUse Left;
      programIdUse(A, T.field(E, PyField::Left), Left, Depth + 1, Scaled);
      if (Left.Direct || Left.Reduced) {
        Use.Reduced = true;
        (Op == "%" ? Use.Mod : Use.Div) = true;
      }
      Use.Mod |= Left.Mod;
      Use.Div |= Left.Div;
      Use.Axes |= Left.Axes;
      Use.Loaded |= Left.Loaded;
      Use.ScaledLoad |= Left.ScaledLoad;
      programIdUse(A, T.field(E, PyField::Right), Use, Depth + 1, Scaled);
      return;
    }
    if (Op == "*")
      Scaled = true;
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
    programIdUse(A, C, Use, Depth + 1, Scaled);
  });
}

/// How Pointer's offset reads the program id. A program id split by both
/// `//` and `%` (`pid // num_pid_n`, `pid % num_pid_n`: a tile's row and
/// column) is read one-to-one, as a direct use.
ProgramIdUse offsetProgramIdUse(FunctionAnalysis &A, NodeId Pointer) {
  ProgramIdUse Use;
  programIdUse(A, Pointer, Use, 0);
  if (Use.Mod && Use.Div) {
    Use.Reduced = false;
    Use.Direct = true;
  }
  return Use;
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

/// The first host buffer (TritonModule.h) passed to a kernel parameter that
/// Pointer starts from whose allocation can make it 16-bit, or null. Host
/// buffers are matched to the parameters of a kernel analysed on its own,
/// not to a helper's.
const HostBuffer *sixteenBitBuffer(RuleContext &Ctx, FunctionAnalysis &A,
                                   NodeId Pointer) {
  for (const HostBuffer *B : kernelHostBuffers(Ctx, A, Pointer))
    if (mayHold16BitSum(B->Type))
      return B;
  return nullptr;
}

/// "<Subject> has the dtype of 'x', so for 16-bit inputs" / "<Subject> is
/// 'torch.float16', so": why a sum kept in Buffer is 16-bit.
std::string bufferTypeClause(RuleContext &Ctx, const HostBuffer &Buffer,
                             llvm::StringRef Subject = "its buffer") {
  std::string Source = Ctx.quote(Buffer.DTypeSource);
  if (Buffer.Type == BufferElementType::InputType)
    return Subject.str() + " has the dtype of '" + Source +
           "', so for 16-bit inputs";
  return Subject.str() + " is '" + Source + "', so";
}

/// The note at Buffer's allocation, with the fix.
void allocationNote(RuleContext &Ctx, Finding &Fd, const HostBuffer &Buffer) {
  std::string Name = Ctx.T.text(Ctx.T.stripParens(Buffer.Argument)).str();
  std::string Source = Ctx.quote(Buffer.DTypeSource);
  bool Input = Buffer.Type == BufferElementType::InputType;
  Ctx.note(Fd, Buffer.Allocation,
           "'" + Name + "' is allocated here " +
               (Input ? "with the dtype of '" + Source + "' (16-bit when '" +
                            Source + "' is)"
                      : "as '" + Source + "'") +
               "; allocate it as 'torch.float32' and convert once after "
               "the reduction");
}

/// A shared read-modify-write into a host buffer that can be 16-bit: see the
/// file comment.
void checkSharedReadModifyWrites(RuleContext &Ctx, FunctionAnalysis &A,
                                 llvm::DenseSet<NodeId> &Reported) {
  for (const MemoryAccess &Store : A.function().Accesses) {
    if (Store.Op != MemoryOp::Store || Store.Value == NoNode)
      continue;
    const HostBuffer *Buffer = sixteenBitBuffer(Ctx, A, Store.Pointer);
    if (!Buffer)
      continue;
    const Binding *Update = readModifyWrite(Ctx, A, Store);
    if (!Update)
      continue;
    ProgramIdUse Use = offsetProgramIdUse(A, Store.Pointer);
    if (!Use.Reduced || Use.Direct)
      continue;
    AdditionCount Additions;
    Additions.sharedByPrograms(
        "every program whose row maps to the same buffer row");
    if (!Additions.isHazard() || !Reported.insert(Store.Call).second)
      continue;
    Finding &Fd = Ctx.report(
        NarrowAccumulationId, Store.Call,
        "'" + Ctx.quote(Store.Pointer) +
            "' is read, added to and written back by every program whose "
            "row maps to the same element; " +
            bufferTypeClause(Ctx, *Buffer) +
            " the running sum is rounded to 16 bits and can overflow");
    Ctx.note(Fd, Update->Statement,
             "'" + Update->Name.str() +
                 "' adds the buffer's value here; in 16 bits, each element "
                 "takes " +
                 Additions.describe());
    allocationNote(Ctx, Fd, *Buffer);
  }
}

/// The grid axes whose program id the kernel reads, and whether it names a
/// split count (`SPLIT_K: tl.constexpr`): the programs of an axis its
/// offsets do not read are then a few splits of one tile.
struct GridAxes {
  unsigned Read = 0;
  bool Split = false;
};

GridAxes gridAxes(RuleContext &Ctx, const JitFunction &F) {
  GridAxes G;
  Ctx.T.walk(F.Body, [&](NodeId N) {
    if (Ctx.M.languageCallee(N) == "program_id")
      G.Read |= 1u << programIdAxis(Ctx.M, N);
  });
  for (const TritonParam &P : F.Params)
    G.Split |= P.IsConstexpr && llvm::StringRef(P.Name.lower()).contains("split");
  return G;
}

/// How many programs add into one element of an atomic's target, from its
/// offset (see the file comment). Sets Tier to Low where the count is not
/// known from the source; returns false where it is few.
bool atomicAdditions(RuleContext &Ctx, FunctionAnalysis &A,
                     const MemoryAccess &Atomic, AdditionCount &Additions,
                     Confidence &Tier, std::string &Why) {
  ProgramIdUse Use = offsetProgramIdUse(A, Atomic.Pointer);
  GridAxes Grid = gridAxes(Ctx, A.function());
  Tier = Confidence::Medium;
  if (Use.Reduced) {
    Additions.sharedByPrograms(
        "every program whose row maps to the same buffer row");
    return true;
  }
  if (Use.Loaded) {
    if (Use.ScaledLoad) {
      Additions.sharedByPrograms(
          "every source row whose loaded index names the same target row");
      return true;
    }
    // `tl.atomic_add(out + idx, v)`: an elementwise scatter; unique indices
    // add once per element, repeated ones many times.
    Additions.sharedByPrograms(
        "every element whose loaded index names the same target element");
    Tier = Confidence::Low;
    Why = "a scatter by loaded element indices: how many share a target is "
          "not known from the source";
    return true;
  }
  unsigned Missing = Grid.Read & ~Use.Axes;
  if (!Missing || Grid.Split)
    return false; // one program per element, or a few splits of one tile
  unsigned Axis = 0;
  while (!(Missing & (1u << Axis)))
    ++Axis;
  Additions.sharedByPrograms("every program of grid axis " +
                             std::to_string(Axis) +
                             ", which the offset does not tell apart");
  return true;
}

/// `tl.atomic_add`: of a 16-bit value, into a pointer annotated 16-bit, or
/// into a buffer its launcher allocates 16-bit or in an input's dtype.
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
    if (V.isFloat16()) {
      if (!Reported.insert(Access.Call).second)
        continue;
      Finding &F = Ctx.report(
          NarrowAccumulationId, Access.Call,
          "'tl.atomic_add' accumulates 16-bit '" +
              std::string(floatTypeName(V)) +
              "' values across programs; the running sum is rounded to 16 "
              "bits and can overflow");
      Ctx.note(F, Access.Value,
               "accumulate into a 'tl.float32' buffer and convert once after "
               "the reduction");
      continue;
    }
    // An fp32 or untyped value into a buffer the launcher makes 16-bit: the
    // atomic adds in the buffer's type (issue 26).
    if (V.Type == ValueType::Float && V.Bits == 64)
      continue;
    const HostBuffer *Buffer = sixteenBitBuffer(Ctx, A, Access.Pointer);
    if (!Buffer)
      continue;
    AdditionCount Additions;
    Confidence Tier = Confidence::Medium;
    std::string Why;
    if (!atomicAdditions(Ctx, A, Access, Additions, Tier, Why) ||
        !Additions.isHazard() || !Reported.insert(Access.Call).second)
      continue;
    llvm::StringRef Param = A.function().Params[Buffer->Param].Name;
    Finding &F = Ctx.report(
        NarrowAccumulationId, Access.Call,
        "'tl.atomic_add' accumulates into '" + Param.str() + "' across "
            "programs; " + bufferTypeClause(Ctx, *Buffer) +
            " the running sum is rounded to 16 bits and can overflow");
    Ctx.note(F, Access.Pointer,
             "in 16 bits, each element takes " + Additions.describe());
    allocationNote(Ctx, F, *Buffer);
    if (Tier != Confidence::Medium) {
      F.Confidence = confidenceName(Tier).str();
      Ctx.note(F, Access.Call, confidenceNote(Tier, Why));
    }
  }
}

/// A tl.load whose value reaches Expr unconverted: through names bound by
/// plain assignment, arithmetic, tl.where and subscripts, never through a
/// `.to(...)` or tl.cast. NoNode when there is none.
NodeId unconvertedLoad(RuleContext &Ctx, FunctionAnalysis &A, NodeId E,
                       unsigned Depth) {
  const PySyntaxTree &T = Ctx.T;
  E = T.stripParens(E);
  if (Depth > 12 || E == NoNode)
    return NoNode;
  switch (T.kind(E)) {
  case PyKind::Identifier: {
    const Binding *B = A.resolve(T.text(E), E);
    if (!B || B->Kind != BindingKind::Assign)
      return NoNode;
    return unconvertedLoad(Ctx, A, B->Value, Depth + 1);
  }
  case PyKind::Subscript:
    return unconvertedLoad(Ctx, A, T.field(E, PyField::Value), Depth + 1);
  case PyKind::BinaryOperator: {
    NodeId L = unconvertedLoad(Ctx, A, T.field(E, PyField::Left), Depth + 1);
    return L != NoNode
               ? L
               : unconvertedLoad(Ctx, A, T.field(E, PyField::Right), Depth + 1);
  }
  case PyKind::Call: {
    llvm::StringRef Callee = Ctx.M.languageCallee(E);
    if (Callee == "load")
      return E;
    if (Callee == "where") {
      NodeId X = unconvertedLoad(Ctx, A, Ctx.M.argument(E, 1, "x"), Depth + 1);
      return X != NoNode ? X
                         : unconvertedLoad(Ctx, A, Ctx.M.argument(E, 2, "y"),
                                           Depth + 1);
    }
    return NoNode;
  }
  default:
    return NoNode;
  }
}

/// `acc += tl.sum(x)` in a loop, no `dtype=`, where x is loaded through a
/// pointer whose elements are 16-bit (an annotation, or a buffer the
/// launcher allocates 16-bit or in an input's dtype) and never converted:
/// every block is reduced in 16 bits before it reaches the accumulator.
void checkLoadedSums(RuleContext &Ctx, FunctionAnalysis &A,
                     llvm::DenseSet<NodeId> &Reported) {
  const PySyntaxTree &T = Ctx.T;
  for (const Binding &Update : A.function().Bindings) {
    if (Update.Loop == NoNode || !isAccumulation(A, Update))
      continue;
    NodeId Sum = T.stripParens(Update.Value);
    if (T.kind(Sum) == PyKind::BinaryOperator &&
        Update.Kind == BindingKind::Assign) {
      // `acc = acc + tl.sum(x)`: the term that is not the accumulator.
      NodeId L = T.stripParens(T.field(Sum, PyField::Left));
      Sum = T.kind(L) == PyKind::Identifier && T.text(L) == Update.Name
                ? T.stripParens(T.field(Sum, PyField::Right))
                : L;
    }
    if (Ctx.M.languageCallee(Sum) != "sum" ||
        Ctx.M.argument(Sum, 99, "dtype") != NoNode || Reported.count(Sum))
      continue;
    const Binding *Init = loopStart(A, Update);
    if (Init && Reported.count(Init->Statement))
      continue; // reported as a 16-bit accumulator
    NodeId Input = T.stripParens(Ctx.M.argument(Sum, 0, "input"));
    ValueFacts In = A.facts(Input);
    if (In.Type == ValueType::Float && In.Bits >= 32)
      continue;
    NodeId Load = unconvertedLoad(Ctx, A, Input, 0);
    if (Load == NoNode)
      continue;
    NodeId Pointer = Ctx.M.argument(Load, 0, "pointer");
    ValueFacts Ptr = A.facts(Pointer);
    ValueFacts Loaded = A.facts(Load);
    const HostBuffer *Buffer = nullptr;
    if (!Loaded.isFloat16() && !Ptr.pointsToFloat16())
      Buffer = sixteenBitBuffer(Ctx, A, Pointer);
    if ((!Loaded.isFloat16() && !Ptr.pointsToFloat16() && !Buffer) ||
        !Reported.insert(Sum).second)
      continue;
    std::string Why;
    if (Buffer) {
      Why = bufferTypeClause(
          Ctx, *Buffer,
          "'" + A.function().Params[Buffer->Param].Name.str() + "'");
    } else {
      ValueFacts Shown = Loaded.isFloat16() ? Loaded : ValueFacts();
      if (!Loaded.isFloat16()) {
        Shown.Type = ValueType::Float;
        Shown.Bits = 16;
        Shown.BFloat = Ptr.PointeeBFloat;
      }
      Why = std::string("it is loaded as '") + floatTypeName(Shown) + "', so";
    }
    Finding &F = Ctx.report(
        NarrowAccumulationId, Sum,
        "'tl.sum' reduces '" + Ctx.quote(Input) +
            "' in its loaded type; " + Why +
            " each block's partial sum is rounded to 16 bits before it is "
            "added to '" + Update.Name.str() + "'");
    Note &N = Ctx.note(F, Input, "cast to 'tl.float32' before the sum");
    N.Fixes.push_back(Ctx.replacement(
        Input, T.kind(Input) == PyKind::Identifier ||
                       T.kind(Input) == PyKind::Call ||
                       T.kind(Input) == PyKind::Subscript
                   ? T.text(Input).str() + ".to(tl.float32)"
                   : "(" + T.text(Input).str() + ").to(tl.float32)"));
    if (Buffer)
      allocationNote(Ctx, F, *Buffer);
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
    checkLoadedSums(Ctx, *A, Reported);
  }
}

} // namespace kerneltidy::triton
