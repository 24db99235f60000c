//===- TritonValues.cpp - types and magnitudes -----------------------------===//
//
// Facts are computed lazily and memoised per node. Name resolution is by
// position: a use sees the binding of its name that became visible last
// before it in the source, never one in another branch of an `if` that holds
// the use (after an `if`, the later branch's binding gives the facts and the
// other branches' bindings add their wrap sites; a loop body sees the
// bindings before the loop on its first iteration). That
// order only ever points backwards, so evaluation cannot cycle; helper calls
// are evaluated at most three levels deep. Names are resolved in
// TritonNames.cpp, predicates and bounds read in TritonPredicates.cpp.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/TritonValues.h"
#include "lib/model/OffsetEvidence.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

namespace kerneltidy::triton {
namespace {

constexpr unsigned MaxHelperDepth = 3;

Magnitude maxMag(Magnitude A, Magnitude B) { return std::max(A, B); }
Magnitude minMag(Magnitude A, Magnitude B) { return std::min(A, B); }

/// Magnitude of a product: a constant or a lane index scales a quantity
/// without changing its kind; program indices times program counts stay
/// program indices (grid arithmetic); anything runtime times anything
/// runtime can pass 2^31. A token index scaled by anything (a row width, be
/// it a stride or a compile-time head size) is an element offset, except by
/// a head count or a split index (FunctionAnalysis::isTokenHeadProduct).
Magnitude mulMag(Magnitude A, Magnitude B) {
  if (A == Magnitude::Rows || B == Magnitude::Rows)
    return Magnitude::Large;
  if (A == Magnitude::Const)
    return B;
  if (B == Magnitude::Const)
    return A;
  if (A == Magnitude::Large || B == Magnitude::Large)
    return Magnitude::Large;
  if (A == Magnitude::Lane)
    return B;
  if (B == Magnitude::Lane)
    return A;
  if (A == Magnitude::ProgramId && B == Magnitude::ProgramId)
    return Magnitude::ProgramId;
  return Magnitude::Large;
}

ValueFacts intFacts(uint8_t Bits, Magnitude Mag) {
  ValueFacts V;
  V.Type = ValueType::Int;
  V.Bits = Bits;
  V.Mag = Mag;
  return V;
}

ValueFacts unknownFacts() { return ValueFacts(); }

ValueFacts dtype(bool IsInt, uint8_t Bits, bool BFloat = false) {
  ValueFacts V;
  V.Type = ValueType::DType;
  V.DTypeIsInt = IsInt;
  V.Bits = Bits;
  V.BFloat = BFloat;
  V.CompileTime = true;
  V.Mag = Magnitude::Const;
  return V;
}

/// Converts V to the type T names (`.to(T)`, `tl.cast(V, T)`).
ValueFacts convert(ValueFacts V, const ValueFacts &T, NodeId Site) {
  if (T.Type == ValueType::DType && T.IsPointerType) {
    V.Type = ValueType::Unknown;
    V.PointeeBits = T.PointeeBits;
    V.PointeeIsInt = T.PointeeIsInt;
    V.PointeeBFloat = T.PointeeBFloat;
    return V;
  }
  if (T.Type != ValueType::DType || T.Bits == 0) {
    V.Type = ValueType::Unknown;
    return V;
  }
  bool WasInt64 = V.isInt64();
  V.Type = T.DTypeIsInt ? ValueType::Int : ValueType::Float;
  V.Bits = T.Bits;
  V.BFloat = T.BFloat;
  V.CompileTime = false;
  // Widening a product that has already wrapped in 32 bits
  // (`(off_hz * stride).to(tl.int64)`) is not 64-bit indexing (issue 26).
  if (V.isInt64() && !WasInt64 && V.WidenSite == NoNode && V.WrapSite == NoNode)
    V.WidenSite = Site;
  return V;
}

/// A pointer type named by a Triton signature string ("*fp16", "*i64").
ValueFacts signaturePointer(llvm::StringRef S) {
  ValueFacts T;
  if (!S.consume_front("*"))
    return T;
  ValueFacts Elem = llvm::StringSwitch<ValueFacts>(S)
                        .Case("fp16", dtype(false, 16))
                        .Case("bf16", dtype(false, 16, true))
                        .Case("fp32", dtype(false, 32))
                        .Case("fp64", dtype(false, 64))
                        .Cases("i8", "u8", dtype(true, 8))
                        .Cases("i16", "u16", dtype(true, 16))
                        .Cases("i32", "u32", dtype(true, 32))
                        .Cases("i64", "u64", dtype(true, 64))
                        .Default(ValueFacts());
  if (Elem.Type != ValueType::DType)
    return T;
  T = dtype(false, 0);
  T.IsPointerType = true;
  T.PointeeBits = Elem.Bits;
  T.PointeeIsInt = Elem.DTypeIsInt;
  T.PointeeBFloat = Elem.BFloat;
  return T;
}

} // namespace

ValueFacts promote(const ValueFacts &L, const ValueFacts &R) {
  ValueFacts V;
  // Pointer arithmetic keeps the pointer's element type.
  const ValueFacts &P = L.PointeeBits ? L : R;
  V.PointeeBits = P.PointeeBits;
  V.PointeeIsInt = P.PointeeIsInt;
  V.PointeeBFloat = P.PointeeBFloat;
  V.CompileTime = L.CompileTime && R.CompileTime;
  V.PerLane = L.PerLane || R.PerLane;
  V.Mag = maxMag(L.Mag, R.Mag);
  V.WrapSite = L.WrapSite != NoNode ? L.WrapSite : R.WrapSite;
  V.WidenSite = L.WidenSite != NoNode ? L.WidenSite : R.WidenSite;
  auto IsNum = [](ValueType T) {
    return T == ValueType::Int || T == ValueType::Float ||
           T == ValueType::Bool;
  };
  if (!IsNum(L.Type) || !IsNum(R.Type)) {
    V.Type = ValueType::Unknown;
    return V;
  }
  if (L.Type == ValueType::Float || R.Type == ValueType::Float) {
    V.Type = ValueType::Float;
    // A weak (literal) operand takes the other's width; int operands do
    // not widen a float.
    uint8_t LB = L.Type == ValueType::Float ? L.Bits : 0;
    uint8_t RB = R.Type == ValueType::Float ? R.Bits : 0;
    V.Bits = std::max(LB, RB);
    V.BFloat = (L.Type == ValueType::Float && L.BFloat && LB == V.Bits) ||
               (R.Type == ValueType::Float && R.BFloat && RB == V.Bits);
    return V;
  }
  if (L.Type == ValueType::Bool && R.Type == ValueType::Bool) {
    V.Type = ValueType::Bool;
    return V;
  }
  V.Type = ValueType::Int;
  uint8_t LB = L.Type == ValueType::Int ? L.Bits : 0;
  uint8_t RB = R.Type == ValueType::Int ? R.Bits : 0;
  V.Bits = std::max(LB, RB);
  return V;
}

FunctionAnalysis::FunctionAnalysis(const TritonModule &M, const JitFunction &F)
    : M(M), F(F) {
  for (const TritonParam &P : F.Params)
    Params.push_back(defaultParamFacts(P));
}

FunctionAnalysis::FunctionAnalysis(const TritonModule &M, const JitFunction &F,
                                   FunctionAnalysis &Caller, NodeId Call)
    : M(M), F(F), Caller(&Caller), CallSite(Call), Depth(Caller.Depth + 1) {
  for (unsigned I = 0; I < F.Params.size(); ++I) {
    NodeId Arg = M.argument(Call, I, F.Params[I].Name);
    Params.push_back(Arg == NoNode ? defaultParamFacts(F.Params[I])
                                   : Caller.facts(Arg));
  }
}

ValueFacts FunctionAnalysis::defaultParamFacts(const TritonParam &P) {
  if (P.IsConstexpr) {
    ValueFacts V = intFacts(0, Magnitude::Const);
    V.CompileTime = true;
    // A stride passed as a tl.constexpr ('OH_OW_STRIDE', 'stride_xn:
    // tl.constexpr': kernels that specialise on a tensor's layout) is the
    // tensor's extent, not a block size: Triton folds its value into the
    // code, and a row or batch index times it can pass 2^31 like a runtime
    // stride.
    for (const std::string &W : nameComponents(P.Name))
      if (W == "stride" || W == "strides")
        V.Mag = Magnitude::Size;
    return V;
  }
  if (P.Is64Bit) {
    ValueFacts V = intFacts(64, Magnitude::Size);
    V.WidenSite = P.Annotation;
    return V;
  }
  if (P.Annotation != NoNode) {
    ValueFacts T = facts(P.Annotation);
    if (tree().kind(P.Annotation) == PyKind::String)
      T = signaturePointer(tree().text(P.Annotation).trim("\"'"));
    if (T.Type == ValueType::DType && (T.IsPointerType || !T.DTypeIsInt))
      return convert(unknownFacts(), T, NoNode);
  }
  // Triton specialises an integer argument to i32 unless its value needs
  // more; pointers and floats never take part in a product that matters.
  return intFacts(32, Magnitude::Size);
}

ValueFacts FunctionAnalysis::facts(NodeId Expr) {
  if (Expr == NoNode)
    return unknownFacts();
  auto It = Memo.find(Expr);
  if (It != Memo.end())
    return It->second;
  Memo[Expr] = ValueFacts(); // cycle guard, as for bindings
  // Generated kernels can chain thousands of bindings; past this depth a
  // value is unknown rather than a stack overflow.
  if (EvalDepth > 1500)
    return ValueFacts();
  ++EvalDepth;
  ValueFacts V = compute(Expr);
  --EvalDepth;
  Memo[Expr] = V;
  return V;
}

ValueFacts FunctionAnalysis::rangeFacts(NodeId Iterable) {
  const PySyntaxTree &T = tree();
  if (T.kind(Iterable) != PyKind::Call)
    return unknownFacts();
  NodeId Fn = T.field(Iterable, PyField::Function);
  llvm::StringRef Member = M.languageMember(Fn);
  bool IsRange = (T.kind(Fn) == PyKind::Identifier && T.text(Fn) == "range") ||
                 Member == "range" || Member == "static_range";
  if (!IsRange)
    return unknownFacts();
  // Triton types the induction variable by promoting start, end and step.
  // A runtime argument the model cannot type (a value loaded from memory:
  // `range(ragged_start, ragged_end, BLOCK)` over int64 offsets) can be
  // 64-bit, so the variable's width is unknown unless another argument is
  // already 64-bit; a loop over only such arguments has an unknown type.
  ValueFacts V = intFacts(0, Magnitude::Const);
  V.CompileTime = true;
  bool Typed = false, Untyped = false;
  NodeId Args = T.field(Iterable, PyField::Arguments);
  unsigned Index = 0;
  T.forEachNamedChild(Args, [&](NodeId A) {
    if (T.kind(A) == PyKind::KeywordArgument || Index++ >= 3)
      return;
    ValueFacts AF = facts(A);
    if (AF.Type != ValueType::Int) {
      V.CompileTime &= AF.CompileTime;
      V.Mag = maxMag(V.Mag, AF.Mag);
      Untyped |= !AF.CompileTime;
      return;
    }
    Typed = true;
    V = promote(V, AF);
  });
  if (!Typed || (Untyped && V.Bits != 64))
    V.Type = ValueType::Unknown;
  else if (V.Bits == 0 && !V.CompileTime)
    V.Bits = 32;
  V.PerLane = false;
  return V;
}

ValueFacts FunctionAnalysis::binaryFacts(NodeId Node, const ValueFacts &L,
                                         llvm::StringRef Op,
                                         const ValueFacts &R) {
  ValueFacts V = promote(L, R);
  if (Op == "*") {
    V.Mag = mulMag(L.Mag, R.Mag);
    if (V.Mag == Magnitude::Large && isTokenHeadProduct(Node, L, R))
      V.Mag = Magnitude::Rows;
    // `B * T` with a tl.constexpr batch count is a token count too.
    if ((V.Mag == Magnitude::Large || V.Mag == Magnitude::Size) &&
        isTokenIndexProduct(Node, L, R))
      V.Mag = Magnitude::Rows;
    // `(x // m) * m <= x`: the product is bounded by the dividend.
    if (V.Mag == Magnitude::Large)
      if (NodeId Dividend = quotientTimesDivisor(Node); Dividend != NoNode)
        V.Mag = facts(Dividend).Mag;
  } else if (Op == "<<") {
    V.Mag = R.CompileTime && L.Mag != Magnitude::Rows ? L.Mag
                                                        : Magnitude::Large;
  } else if (Op == "//" || Op == ">>") {
    V.Mag = L.Mag;
  } else if (Op == "%") {
    V.Mag = minMag(L.Mag, R.Mag);
  } else if (Op == "-" && L.Mag == Magnitude::Rows &&
             R.Mag == Magnitude::Rows) {
    V.Mag = Magnitude::Size; // `eos - bos`: a sequence length
  } else if (Op == "/") {
    if (V.Type == ValueType::Int) {
      V.Type = ValueType::Float;
      V.Bits = 32;
    }
  }
  // The divisor of a 32-bit quotient or remainder is no offset
  // ('offsets // (C * spatial_size)'): it passes 2^31 only for a tensor whose
  // flat 32-bit index, the dividend, passes 2^31 first. The C++ front end
  // applies the same rule (WrapSites.cpp).
  if ((Op == "//" || Op == "%") && L.isInt32() && L.WrapSite == NoNode)
    V.WrapSite = NoNode;
  if ((Op == "*" || Op == "<<") && V.isInt32() && V.Mag == Magnitude::Large &&
      V.WrapSite == NoNode)
    V.WrapSite = Node;
  return V;
}

namespace {

/// A sequence length by name: `T`, `T_<x>` / `T<X>` (`T_seq`, `T_max`, `TQ`,
/// `TK`), `NT` (chunks per sequence), or a name holding `seq_len`, `seqlen`
/// or `tokens` (`max_seqlen`, `n_tokens`); never a stride.
bool isSequenceLengthName(llvm::StringRef Name) {
  std::string Lower = Name.lower();
  llvm::StringRef L(Lower);
  if (L.contains("stride")) // `stride_q_seqlen` is a stride, not a length
    return false;
  if (Name == "T" || Name == "NT" || Name.starts_with("T_"))
    return true;

  if (Name.size() <= 3 && Name.starts_with("T") &&
      llvm::all_of(Name, [](char C) { return C >= 'A' && C <= 'Z'; }))
    return true;
  return L.contains("seq_len") || L.contains("seqlen") ||
         L.contains("tokens");
}

/// True when the binary operator Node has one operand that First accepts
/// and the other that Second accepts, in either order (each predicate gets
/// the operand without parentheses and its facts).
template <typename FirstFn, typename SecondFn>
bool operandsMatch(const PySyntaxTree &T, NodeId Node, const ValueFacts &L,
                   const ValueFacts &R, FirstFn First, SecondFn Second) {
  if (T.kind(Node) != PyKind::BinaryOperator)
    return false;
  NodeId LN = T.stripParens(T.field(Node, PyField::Left));
  NodeId RN = T.stripParens(T.field(Node, PyField::Right));
  return (First(LN, L) && Second(RN, R)) || (First(RN, R) && Second(LN, L));
}

} // namespace

bool FunctionAnalysis::isTokenIndexProduct(NodeId Node, const ValueFacts &L,
                                           const ValueFacts &R) const {
  // `i_b * T`: a batch index (a program id) or batch count (`B`) times a
  // runtime sequence length is a token index. It is below the number of
  // tokens, which passes 2^31 only for tensors far beyond MaxElementCount
  // once a row holds more than a few hundred elements; it wraps only when
  // scaled by a row width, and that product is the wrap site.
  const PySyntaxTree &T = tree();
  auto IsLength = [&](NodeId N, const ValueFacts &V) {
    return T.kind(N) == PyKind::Identifier && !V.CompileTime &&
           V.Mag == Magnitude::Size && isSequenceLengthName(T.text(N));
  };
  auto IsBatch = [&](NodeId N, const ValueFacts &V) {
    // `B` the batch count, runtime or tl.constexpr.
    return V.Mag == Magnitude::ProgramId ||
           (T.kind(N) == PyKind::Identifier && T.text(N) == "B" &&
            (V.Mag == Magnitude::Size || V.Mag == Magnitude::Const));
  };
  return operandsMatch(T, Node, L, R, IsBatch, IsLength);
}

bool FunctionAnalysis::isTokenHeadProduct(NodeId Node, const ValueFacts &L,
                                          const ValueFacts &R) const {
  // `bos * H`, `bos * HV`: a token index times a head count is the row of a
  // [tokens, heads] table (a gate, a beta, a per-head statistic). Its
  // extent is tokens x heads, below 2^31 at every realistic shape (2^22
  // tokens x 2^8 heads = 2^30); it wraps only once scaled by a row width
  // (`(bos * H + i_h) * K`), and that product is the wrap site.
  const PySyntaxTree &T = tree();
  auto IsTokens = [](NodeId, const ValueFacts &V) {
    return V.Mag == Magnitude::Rows;
  };
  auto IsHeadCount = [&](NodeId N, const ValueFacts &V) {
    // A program index that scales a token count (`i_k * all`, `i_v * all`
    // with `all = B * T`) enumerates copies of the whole token range: the
    // K or V splits or the heads of a [NK, tokens, ...] buffer. Their
    // count is small for the same reason.
    // A loop over those splits (`for i_k in range(0, NK)`) likewise.
    if (V.Mag == Magnitude::ProgramId)
      return true;
    if (T.kind(N) != PyKind::Identifier || V.Mag == Magnitude::Rows)
      return false;
    llvm::StringRef Name = T.text(N);
    if (const Binding *B = resolve(Name, N);
        B && B->Kind == BindingKind::LoopTarget && V.Mag <= Magnitude::ProgramId)
      return true;
    return Name == "H" || kerneltidy::isHeadCountName(Name);
  };
  return operandsMatch(T, Node, L, R, IsTokens, IsHeadCount);
}

NodeId FunctionAnalysis::quotientTimesDivisor(NodeId Node) const {
  // `(x // m) * m` or `m * q` with `q = x // m`: returns x, else NoNode.
  const PySyntaxTree &T = tree();
  if (T.kind(Node) != PyKind::BinaryOperator)
    return NoNode;
  NodeId Sides[2] = {T.field(Node, PyField::Left), T.field(Node, PyField::Right)};
  for (unsigned I = 0; I < 2; ++I) {
    NodeId Q = definition(Sides[I]);
    while (T.kind(Q) == PyKind::Subscript)
      Q = definition(T.field(Q, PyField::Value));
    Q = T.stripParens(Q);
    if (T.kind(Q) != PyKind::BinaryOperator || T.operatorText(Q) != "//")
      continue;
    NodeId Divisor = T.stripParens(T.field(Q, PyField::Right));
    NodeId Other = T.stripParens(Sides[1 - I]);
    if (T.text(Divisor) == T.text(Other))
      return T.field(Q, PyField::Left);
  }
  return NoNode;
}

bool FunctionAnalysis::loadsTokenOffsets(NodeId Pointer) const {
  // The pointer's base: the leftmost operand of `cu_seqlens + i_n + 1`.
  const PySyntaxTree &T = tree();
  NodeId Base = T.stripParens(Pointer);
  while (T.kind(Base) == PyKind::BinaryOperator && T.operatorText(Base) == "+")
    Base = T.stripParens(T.field(Base, PyField::Left));
  if (T.kind(Base) != PyKind::Identifier)
    return false;
  std::string Name = T.text(Base).lower();
  return llvm::StringRef(Name).contains("cu_seqlens");
}

ValueFacts FunctionAnalysis::dtypeFacts(NodeId TypeExpr) {
  ValueFacts T = facts(TypeExpr);
  return T.Type == ValueType::DType ? T : unknownFacts();
}

ValueFacts FunctionAnalysis::compute(NodeId E) {
  const PySyntaxTree &T = tree();
  switch (T.kind(E)) {
  case PyKind::Identifier:
    return nameFacts(E);
  case PyKind::Integer: {
    ValueFacts V = intFacts(0, Magnitude::Const);
    V.CompileTime = true;
    return V;
  }
  case PyKind::Float: {
    ValueFacts V;
    V.Type = ValueType::Float;
    V.CompileTime = true;
    V.Mag = Magnitude::Const;
    return V;
  }
  case PyKind::True:
  case PyKind::False: {
    ValueFacts V;
    V.Type = ValueType::Bool;
    V.CompileTime = true;
    V.Mag = Magnitude::Const;
    return V;
  }
  case PyKind::None:
  case PyKind::String: {
    ValueFacts V;
    V.CompileTime = true;
    V.Mag = Magnitude::Const;
    return V;
  }
  case PyKind::ParenthesizedExpression:
    return facts(T.firstNamedChild(E));
  case PyKind::BinaryOperator:
    return binaryFacts(E, facts(T.field(E, PyField::Left)),
                       T.operatorText(E), facts(T.field(E, PyField::Right)));
  case PyKind::UnaryOperator: {
    NodeId Arg = NoNode;
    T.forEachNamedChild(E, [&](NodeId C) { Arg = C; });
    return facts(Arg);
  }
  case PyKind::ComparisonOperator:
  case PyKind::BooleanOperator:
  case PyKind::NotOperator: {
    ValueFacts V;
    V.Type = ValueType::Bool;
    V.Mag = Magnitude::Const;
    V.CompileTime = true;
    T.forEachNamedChild(E, [&](NodeId C) {
      ValueFacts CF = facts(C);
      V.PerLane |= CF.PerLane;
      V.CompileTime &= CF.CompileTime;
    });
    return V;
  }
  case PyKind::ConditionalExpression: {
    llvm::SmallVector<NodeId, 3> Parts;
    T.forEachNamedChild(E, [&](NodeId C) { Parts.push_back(C); });
    if (Parts.size() != 3)
      return unknownFacts();
    return promote(facts(Parts[0]), facts(Parts[2]));
  }
  case PyKind::Subscript:
    return facts(T.field(E, PyField::Value));
  case PyKind::Attribute: {
    llvm::StringRef Member = M.languageMember(E);
    if (!Member.empty())
      return llvm::StringSwitch<ValueFacts>(Member)
          .Case("float16", dtype(false, 16))
          .Case("bfloat16", dtype(false, 16, true))
          .Case("float32", dtype(false, 32))
          .Case("float64", dtype(false, 64))
          .Cases("int8", "uint8", dtype(true, 8))
          .Cases("int16", "uint16", dtype(true, 16))
          .Cases("int32", "uint32", dtype(true, 32))
          .Cases("int64", "uint64", dtype(true, 64))
          .Default(unknownFacts());
    llvm::StringRef Attr = T.text(T.field(E, PyField::Attribute));
    if (Attr == "dtype" || Attr == "element_ty")
      return dtype(false, 0);
    return unknownFacts();
  }
  case PyKind::Call:
    return callFacts(E);
  default:
    return unknownFacts();
  }
}

ValueFacts FunctionAnalysis::callFacts(NodeId Call) {
  const PySyntaxTree &T = tree();
  auto Arg = [&](unsigned Pos, llvm::StringRef Key) {
    return M.argument(Call, Pos, Key);
  };
  llvm::StringRef Callee = M.languageCallee(Call);
  if (!Callee.empty()) {
    if (Callee == "program_id" || Callee == "num_programs")
      return intFacts(32, Magnitude::ProgramId);
    if (Callee == "pointer_type") {
      ValueFacts Elem = dtypeFacts(Arg(0, "element_ty"));
      ValueFacts T = dtype(false, 0);
      T.IsPointerType = true;
      T.PointeeBits = Elem.Bits;
      T.PointeeIsInt = Elem.DTypeIsInt;
      T.PointeeBFloat = Elem.BFloat;
      return T;
    }
    if (Callee == "load") {
      // A value loaded through a pointer of known element type has it.
      ValueFacts Ptr = facts(Arg(0, "pointer"));
      ValueFacts V;
      if (Ptr.PointeeBits) {
        V.Type = Ptr.PointeeIsInt ? ValueType::Int : ValueType::Float;
        V.Bits = Ptr.PointeeBits;
        V.BFloat = Ptr.PointeeBFloat;
      }
      V.PerLane = Ptr.PerLane;
      // `tl.load(cu_seqlens + i_n)`: a cumulative sequence length is the
      // first token of a sequence, a token index (see isTokenIndexProduct).
      if (loadsTokenOffsets(Arg(0, "pointer")))
        V.Mag = Magnitude::Rows;
      return V;
    }
    if (Callee == "arange") {
      ValueFacts V = intFacts(32, Magnitude::Lane);
      V.PerLane = true;
      return V;
    }
    if (Callee == "cdiv") {
      ValueFacts V = promote(facts(Arg(0, "x")), facts(Arg(1, "div")));
      V.Mag = Magnitude::ProgramId;
      V.WrapSite = NoNode;
      return V;
    }
    if (Callee == "zeros" || Callee == "full" || Callee == "ones") {
      unsigned DTypePos = Callee == "full" ? 2 : 1;
      ValueFacts V = convert(unknownFacts(),
                             dtypeFacts(Arg(DTypePos, "dtype")), Call);
      V.Mag = Callee == "full" ? facts(Arg(1, "value")).Mag : Magnitude::Const;
      return V;
    }
    if (Callee == "zeros_like" || Callee == "full_like") {
      ValueFacts V = facts(Arg(0, "input"));
      V.Mag = Magnitude::Const;
      V.WrapSite = NoNode;
      return V;
    }
    if (Callee == "cast")
      return convert(facts(Arg(0, "input")), dtypeFacts(Arg(1, "dtype")),
                     Call);
    if (Callee == "where") {
      ValueFacts V = promote(facts(Arg(1, "x")), facts(Arg(2, "y")));
      V.PerLane |= facts(Arg(0, "condition")).PerLane;
      return V;
    }
    if (Callee == "minimum" || Callee == "maximum") {
      ValueFacts L = facts(Arg(0, "x")), R = facts(Arg(1, "y"));
      ValueFacts V = promote(L, R);
      V.Mag = Callee == "minimum" ? minMag(L.Mag, R.Mag) : maxMag(L.Mag, R.Mag);
      return V;
    }
    if (Callee == "multiple_of" || Callee == "max_contiguous" ||
        Callee == "max_constancy" || Callee == "broadcast_to" ||
        Callee == "reshape" || Callee == "view" || Callee == "expand_dims" ||
        Callee == "trans" || Callee == "permute" || Callee == "ravel" ||
        Callee == "abs" || Callee == "assume" || Callee == "constexpr")
      return facts(Arg(0, "input"));
    if (Callee == "sum" || Callee == "max" || Callee == "min" ||
        Callee == "reduce" || Callee == "cumsum" || Callee == "xor_sum") {
      ValueFacts V = facts(Arg(0, "input"));
      V.PerLane = false;
      return V;
    }
    if (Callee == "argmax" || Callee == "argmin")
      return intFacts(32, Magnitude::Lane);
    if (Callee == "dot") {
      NodeId Acc = Arg(2, "acc");
      NodeId OutType = Arg(99, "out_dtype");
      ValueFacts V;
      if (OutType != NoNode)
        V = convert(unknownFacts(), dtypeFacts(OutType), Call);
      else if (Acc != NoNode)
        V = facts(Acc);
      else {
        V.Type = ValueType::Float;
        V.Bits = 32;
      }
      V.Mag = Magnitude::Const;
      V.WrapSite = NoNode;
      return V;
    }
    if (Callee == "exp" || Callee == "exp2" || Callee == "log" ||
        Callee == "log2" || Callee == "sqrt" || Callee == "rsqrt" ||
        Callee == "sigmoid" || Callee == "sin" || Callee == "cos" ||
        Callee == "fma" || Callee == "fdiv" || Callee == "div_rn" ||
        Callee == "erf" || Callee == "softmax") {
      ValueFacts X = facts(Arg(0, "x"));
      ValueFacts V;
      V.Type = ValueType::Float;
      V.Bits = X.Type == ValueType::Float ? X.Bits : 32;
      V.BFloat = X.Type == ValueType::Float && X.BFloat;
      V.PerLane = X.PerLane;
      V.Mag = Magnitude::Const;
      return V;
    }
    return unknownFacts();
  }
  if (M.tritonMember(T.field(Call, PyField::Function)) == "cdiv") {
    ValueFacts V = promote(facts(Arg(0, "x")), facts(Arg(1, "div")));
    V.Mag = Magnitude::ProgramId;
    V.WrapSite = NoNode;
    return V;
  }
  llvm::StringRef Method = M.methodCallee(Call);
  // Only triton.language's program ids are int32 (above). A helper of the
  // same name from another module (FlagGems' `ext.program_id`) has the width
  // its module gives it: 64-bit for a module known to widen, else unknown.
  if (Method == "program_id" || Method == "num_programs") {
    NodeId Object = T.field(T.field(Call, PyField::Function), PyField::Object);
    return extensionProgramId(Call, T.kind(Object) == PyKind::Identifier &&
                                        importsWideningModule(T.text(Object)));
  }
  if (Method == "to" || Method == "cast") {
    NodeId Object = T.field(T.field(Call, PyField::Function), PyField::Object);
    return convert(facts(Object), dtypeFacts(Arg(0, "dtype")), Call);
  }
  NodeId Fn = T.field(Call, PyField::Function);
  if (T.kind(Fn) != PyKind::Identifier)
    return unknownFacts();
  llvm::StringRef Name = T.text(Fn);
  if (Name == "int")
    return facts(Arg(0, ""));
  if ((Name == "program_id" || Name == "num_programs") &&
      M.functionIndex(Name) < 0)
    return extensionProgramId(Call, importsWideningFunction(Name));
  if (Name == "min" || Name == "max") {
    ValueFacts L = facts(Arg(0, "")), R = facts(Arg(1, ""));
    ValueFacts V = promote(L, R);
    V.Mag = Name == "min" ? minMag(L.Mag, R.Mag) : maxMag(L.Mag, R.Mag);
    return V;
  }
  int Helper = M.functionIndex(Name);
  if (Helper < 0 || Depth >= MaxHelperDepth)
    return unknownFacts();
  const JitFunction &H = M.functions()[Helper];
  if (H.Returns.empty() || &H == &F)
    return unknownFacts();
  FunctionAnalysis HA(M, H, *this, Call);
  return HA.facts(H.Returns.front());
}

ValueFacts FunctionAnalysis::extensionProgramId(NodeId Call, bool Widens) {
  ValueFacts V;
  V.Mag = Magnitude::ProgramId;
  if (Widens) {
    V = intFacts(64, Magnitude::ProgramId);
    V.WidenSite = Call;
  }
  return V;
}

// Address terms (TritonValues.h).

/// The other 32-bit terms of an address: the int32 products, other than
/// Site, that the pointer expression E adds up (through parentheses, names
/// bound by plain assignment and broadcasting subscripts) and that scale a
/// runtime quantity (`input_batch_stride * batch_offset[:, None]` beside
/// the wrap site `input_feat_stride * feat_pid`). A widened value, a call
/// or a loaded value ends the walk.
void otherAddressTerms(FunctionAnalysis &A, NodeId E, NodeId Site,
                       llvm::SmallVectorImpl<NodeId> &Out, unsigned Depth) {
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

/// True when E is a sum with a tl.arange term of its own: the definition of
/// a lane index (`offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)`). The
/// arange may be named first (`offs_m_base = tl.arange(0, BLOCK_M)`; `offs_m
/// = start_m * BLOCK_M + offs_m_base`): a name bound to an arange itself
/// counts, a name bound to a lane index does not (`L + offs_m` is an address,
/// not a lane index).
static bool definesLaneIndex(FunctionAnalysis &A, NodeId E, unsigned Depth) {
  const PySyntaxTree &T = A.tree();
  E = T.stripParens(E);
  if (Depth > 8 || E == NoNode)
    return false;
  if (A.module().languageCallee(E) == "arange")
    return true;
  if (T.kind(E) == PyKind::Identifier && Depth > 0) {
    NodeId Def = A.definition(E);
    return Def != E &&
           A.module().languageCallee(T.stripParens(Def)) == "arange";
  }
  if (T.kind(E) != PyKind::BinaryOperator || T.operatorText(E) != "+")
    return false;
  return definesLaneIndex(A, T.field(E, PyField::Left), Depth + 1) ||
         definesLaneIndex(A, T.field(E, PyField::Right), Depth + 1);
}

bool definesLaneIndex(FunctionAnalysis &A, NodeId E) {
  return definesLaneIndex(A, E, 0);
}

/// See TritonValues.h.
bool isRowWidthFactor(FunctionAnalysis &A, NodeId Factor) {
  Factor = A.tree().stripParens(Factor);
  ValueFacts F = A.facts(Factor);
  return F.CompileTime ? A.tree().kind(Factor) == PyKind::Identifier
                       : F.Mag >= Magnitude::Size;
}

/// See TritonValues.h.
void laneTerms(FunctionAnalysis &A, NodeId E, LaneTerms &Out,
               unsigned Depth) {
  const PySyntaxTree &T = A.tree();
  if (Depth > 12 || E == NoNode)
    return;
  E = T.stripParens(E);
  auto LaneName = [&](NodeId N) -> llvm::StringRef {
    N = T.stripParens(N);
    for (unsigned Steps = 0; Steps < 8; ++Steps) {
      if (T.kind(N) == PyKind::Subscript)
        N = T.stripParens(T.field(N, PyField::Value));
      else if (A.module().isConversion(N))
        N = T.stripParens(
            T.field(T.field(N, PyField::Function), PyField::Object));
      else if (T.kind(N) == PyKind::BinaryOperator &&
               (T.operatorText(N) == "+" || T.operatorText(N) == "-") &&
               A.facts(T.field(N, PyField::Right)).CompileTime)
        // The lane shifted by a constant (`(offs_s + 1) * stride`): the
        // same lanes, one row on.
        N = T.stripParens(T.field(N, PyField::Left));
      else
        break;
    }
    if (T.kind(N) != PyKind::Identifier || !A.facts(N).PerLane)
      return {};
    return definesLaneIndex(A, A.definition(N)) ? T.text(N)
                                                : llvm::StringRef();
  };
  switch (T.kind(E)) {
  case PyKind::Identifier: {
    if (!A.facts(E).PerLane)
      return;
    if (!LaneName(E).empty()) {
      if (!llvm::is_contained(Out.Unscaled, T.text(E)))
        Out.Unscaled.push_back(T.text(E));
      return;
    }
    NodeId Def = T.stripParens(A.definition(E));
    if (Def != E && T.kind(Def) == PyKind::BinaryOperator)
      return laneTerms(A, Def, Out, Depth + 1);
    Out.OtherScaled = true;
    return;
  }
  case PyKind::Subscript:
    return laneTerms(A, T.field(E, PyField::Value), Out, Depth + 1);
  case PyKind::BinaryOperator: {
    llvm::StringRef Op = T.operatorText(E);
    if (Op == "+" || Op == "-") {
      laneTerms(A, T.field(E, PyField::Left), Out, Depth + 1);
      laneTerms(A, T.field(E, PyField::Right), Out, Depth + 1);
      return;
    }
    if (!A.facts(E).PerLane)
      return;
    if (Op == "*")
      for (PyField Side : {PyField::Left, PyField::Right}) {
        llvm::StringRef L = LaneName(T.field(E, Side));
        NodeId By = T.stripParens(T.field(
            E, Side == PyField::Left ? PyField::Right : PyField::Left));
        if (!L.empty() && isRowWidthFactor(A, By)) {
          Out.ScaledLanes.push_back({L, E});
          return;
        }
      }
    Out.OtherScaled = true;
    return;
  }
  default:
    if (A.facts(E).PerLane)
      Out.OtherScaled = true;
    return;
  }
}

/// The expressions an address is summed from: the pointer expression and
/// the values of the bindings it reads that are sums or in-place rebases
/// (`q_ptrs = Q + ...`, `K += off_z * stride_kz + ...`), not the
/// definitions of the indices themselves.
llvm::SmallVector<NodeId, 4> addressSums(FunctionAnalysis &A, NodeId Pointer) {
  const PySyntaxTree &T = A.tree();
  llvm::SmallVector<NodeId, 4> Out = {Pointer};
  FunctionAnalysis::Dependencies Deps;
  A.dependencies(Pointer, Deps, FunctionAnalysis::StopAtNone);
  for (const Binding *B : Deps.Bindings) {
    if (B->Value == NoNode)
      continue;
    NodeId V = T.stripParens(B->Value);
    bool Sum = T.kind(V) == PyKind::BinaryOperator &&
               (T.operatorText(V) == "+" || T.operatorText(V) == "-");
    if ((Sum || B->Kind == BindingKind::Augmented) && !definesLaneIndex(A, V))
      Out.push_back(V);
  }
  return Out;
}

} // namespace kerneltidy::triton
