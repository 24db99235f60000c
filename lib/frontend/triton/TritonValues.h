//===- TritonValues.h - what a Triton value is and how big ------*- C++ -*-===//
//
// The typed model of Triton's integer semantics, evaluated on demand per
// expression of one JIT function:
//
//  * type and width: tl.program_id, tl.num_programs, tl.arange and runtime
//    integer kernel arguments are int32 (Triton specialises an int argument to
//    i32 unless its value exceeds it); a `program_id` of another module is
//    64-bit when the file imports it from a module known to widen (FlagGems'
//    triton_lang_extension) and of unknown width otherwise; tl.constexpr
//    arguments and literals are compile-time and *weak* (they take the other
//    operand's width);
//    `.to(tl.int64)`, `tl.cast(x, tl.int64)`, `tl.full(..., dtype=tl.int64)`
//    and int64 annotations are 64-bit; int32 op int64 is int64. Values loaded
//    from memory have an unknown type (the pointer's element type is not
//    known from the source) and never count as int32.
//  * magnitude, a small lattice: Const (compile-time) < Lane (a constexpr
//    block of tl.arange) < ProgramId (a program index or program count) <
//    Size (a runtime size or stride) < Rows (a token index: a batch index
//    or count times a runtime sequence length, `i_b * T`, bounded by the
//    number of tokens; also a token index times a head count, `bos * H`, and
//    a token count times a split index, `i_k * all`: a row of a [tokens,
//    heads] or [splits, tokens] table) < Large (a product of two runtime
//    quantities, e.g. `pid * stride`, `rows * C`, `offs_m[:, None] *
//    stride_m`, or a token index times a row width, `i_b * T * K`, which can
//    pass 2^31 on a large tensor).
//  * wrap site: the first int32 product of Large magnitude that feeds the
//    value. It is kept through later arithmetic and widening (the wrap already
//    happened) and dropped by comparisons.
//
// Predicates: a mask is decomposed into *atoms* (comparisons and other
// opaque tests) through names, `&`, `|`, `and`, `or`, `not`, `~` and
// broadcasting subscripts. *Dependencies* are the names an expression reads,
// transitively through bindings; loads stop the walk (a loaded value is data).
//
// JIT helpers are evaluated with the caller's argument facts: a
// FunctionAnalysis for a helper is built from the caller's analysis and call.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_TRITON_TRITONVALUES_H
#define KERNEL_TIDY_LIB_FRONTEND_TRITON_TRITONVALUES_H

#include "lib/frontend/triton/TritonModule.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace kerneltidy::triton {

enum class Magnitude : uint8_t { Const, Lane, ProgramId, Size, Rows, Large };

enum class ValueType : uint8_t { Unknown, Int, Float, Bool, DType };

struct ValueFacts {
  ValueType Type = ValueType::Unknown;
  /// Int: 32 or 64, 0 when weak (literal or constexpr). Float: 16, 32, 64,
  /// 0 when weak. DType: the width of the named type (Int or Float below).
  uint8_t Bits = 0;
  bool BFloat = false;   // Float/DType: bfloat16
  bool DTypeIsInt = false; // DType: an integer type
  bool CompileTime = false;
  bool PerLane = false; // varies across the lanes of a block (tl.arange)
  Magnitude Mag = Magnitude::Size;
  NodeId WrapSite = NoNode; // first int32 Large product feeding this value
  NodeId WidenSite = NoNode; // where the value was widened to 64 bits
  /// Pointers: the element type when the source names it (an annotation
  /// `"*i64"` / `tl.pointer_type(tl.int64)`, or a cast to a pointer type);
  /// PointeeBits 0 when unknown. On a DType: `tl.pointer_type(T)`.
  bool IsPointerType = false;
  bool PointeeIsInt = false;
  bool PointeeBFloat = false;
  uint8_t PointeeBits = 0;

  bool isInt32() const { return Type == ValueType::Int && Bits == 32; }
  bool isInt64() const { return Type == ValueType::Int && Bits == 64; }
  bool isFloat16() const { return Type == ValueType::Float && Bits == 16; }
  bool pointsToFloat16() const { return PointeeBits == 16 && !PointeeIsInt; }
};

class FunctionAnalysis {
public:
  /// A kernel (or a helper analysed on its own): parameters get the facts
  /// their annotations give them.
  FunctionAnalysis(const TritonModule &M, const JitFunction &F);
  /// A helper called from Caller at Call: parameters get the facts of the
  /// caller's arguments.
  FunctionAnalysis(const TritonModule &M, const JitFunction &F,
                   FunctionAnalysis &Caller, NodeId Call);

  const TritonModule &module() const { return M; }
  const PySyntaxTree &tree() const { return M.tree(); }
  const JitFunction &function() const { return F; }
  /// How many helper levels below the analysed kernel this analysis is.
  unsigned depth() const { return Depth; }
  /// The caller analysis (null for kernels analysed on their own).
  FunctionAnalysis *caller() const { return Caller; }
  /// The call of this helper in the caller's body (NoNode without a caller).
  NodeId callSite() const { return CallSite; }

  /// Facts of an expression of this function.
  ValueFacts facts(NodeId Expr);
  /// Facts of a parameter.
  const ValueFacts &paramFacts(unsigned Index) const { return Params[Index]; }

  /// The binding of Name visible at Use, or null (a parameter, a global or
  /// an unknown name).
  const Binding *resolve(llvm::StringRef Name, NodeId Use) const;
  /// Every binding of Name that can reach Use: the last one before it, and
  /// earlier ones that a later binding does not overwrite on every path (a
  /// binding in a branch or loop body that ends before Use may not run).
  void reachingBindings(llvm::StringRef Name, NodeId Use,
                        llvm::SmallVectorImpl<const Binding *> &Out) const;
  /// Follows a name to the expression it was last bound to, through
  /// plain assignments only; returns Expr itself otherwise.
  NodeId definition(NodeId Expr) const;
  /// Strips value-preserving wrappers: parentheses, `.to(...)`,
  /// tl.multiple_of / max_contiguous, broadcasting subscripts, and names
  /// bound by plain assignment.
  NodeId underlying(NodeId Expr) const;

  /// Atoms of a predicate (see the file comment), deduplicated.
  void predicateAtoms(NodeId Pred, llvm::SmallVectorImpl<NodeId> &Atoms) const;
  /// What an expression reads, transitively through bindings. Loads always
  /// stop the walk (a loaded value is data, its address is not a dependency
  /// of its users); the flags stop it at more places.
  enum DependencyStop : unsigned {
    StopAtNone = 0,
    /// `tl.where(p, a, b)`: a sanitised value.
    StopAtWhere = 1,
    /// `x % n`, tl.minimum / tl.maximum / tl.clamp / tl.where: a value
    /// clamped into range.
    StopAtClamp = 2,
    /// Calls of anything but triton.language and `x.to(...)`: opaque.
    StopAtOpaqueCall = 4,
    /// Values that are not per-lane indices even when computed from one:
    /// comparisons, boolean operators, reductions (tl.sum, tl.argmax, ...).
    StopAtNonIndex = 8,
    /// Follow every earlier binding of a name, not only the last one (a
    /// mask rebound in one branch of an `if` is either binding).
    AllReachingBindings = 16,
  };
  struct Dependencies {
    llvm::DenseSet<llvm::StringRef> Names;
    llvm::DenseSet<const Binding *> Bindings;
  };
  void dependencies(NodeId Expr, Dependencies &Out, unsigned Stops) const;
  /// An upper-bound test `index < bound` (or `bound > index`).
  struct BoundTest {
    NodeId Comparison = NoNode;
    NodeId Bound = NoNode; // the side every lane shares
  };
  /// Per-lane bindings compared somewhere in the function against a bound
  /// that is neither a compile-time constant nor a bare loop variable
  /// (`cols < n_cols`, not the triangular `o_i < i`), each with the first
  /// such test.
  const llvm::DenseMap<const Binding *, BoundTest> &runtimeBounds();
  /// Per-lane index expressions that are not a name, compared against a
  /// runtime bound (`i_t * BT + tl.arange(0, BT) < T`), each with its test.
  const std::vector<std::pair<NodeId, BoundTest>> &inlineRuntimeBounds() {
    runtimeBounds();
    return InlineBounds;
  }
  /// If Node is an upper-bound test, its bound side; else NoNode.
  NodeId upperBoundSide(NodeId Node) const;
  /// True when Bound reads a runtime size (an argument or a value computed
  /// from one) and no loaded data, and is more than loop variables.
  bool isSizeBound(NodeId Bound) const;
  /// True when Expr calls tl.program_id (directly, no names followed).
  bool callsProgramId(NodeId Expr) const;
  /// True when the value bound by B reads memory (its expression holds a
  /// tl.load, or it is computed from such a binding).
  bool isLoadedData(const Binding &B) const;
  /// True when Node sits in a branch of an `if` whose condition reads a
  /// tl.constexpr parameter (`if EVEN_K:` specialisations).
  bool underConstexprBranch(NodeId Node) const;
  /// The facts of the `dtype` a call names (tl.zeros(..., dtype=...)).
  ValueFacts dtypeFacts(NodeId TypeExpr);

private:
  ValueFacts compute(NodeId Expr);
  ValueFacts bindingFacts(const Binding &B);
  ValueFacts nameFacts(NodeId Ident);
  ValueFacts callFacts(NodeId Call);
  ValueFacts binaryFacts(NodeId Node, const ValueFacts &L, llvm::StringRef Op,
                         const ValueFacts &R);
  ValueFacts rangeFacts(NodeId Iterable);
  /// For `(x // m) * m` (also through a name bound to `x // m`), x; else
  /// NoNode. Such a product is bounded by x.
  NodeId quotientTimesDivisor(NodeId Node) const;
  /// True when Pointer addresses a cumulative-sequence-length table
  /// (`cu_seqlens + i_n`): what it holds are token indices.
  bool loadsTokenOffsets(NodeId Pointer) const;
  /// `i_b * T`: see the Rows magnitude.
  bool isTokenIndexProduct(NodeId Node, const ValueFacts &L,
                           const ValueFacts &R) const;
  /// `bos * H`: see isTokenHeadProduct in the .cpp.
  bool isTokenHeadProduct(NodeId Node, const ValueFacts &L,
                          const ValueFacts &R) const;
  /// The child of If (its consequence, an elif or else clause, or its
  /// condition) that holds N.
  NodeId branchOf(NodeId If, NodeId N) const;
  /// True when Def and Use sit in different branches of one `if`.
  bool inExclusiveBranch(NodeId Def, NodeId Use) const;
  /// Joins into V the wrap site of the other branches' bindings of B's
  /// name that reach Use (see the .cpp).
  void joinBranchWrapSite(const Binding &B, NodeId Use, ValueFacts &V);
  /// `<module>.program_id(axis)` of a module other than triton.language:
  /// 64-bit when its module is known to widen, else of unknown width.
  ValueFacts extensionProgramId(NodeId Call, bool Widens);
  /// True when the file imports a module known to widen program ids
  /// (FlagGems' triton_lang_extension) under the name Alias.
  bool importsWideningModule(llvm::StringRef Alias) const;
  /// True when Alias is `program_id` / `num_programs` imported from such a
  /// module.
  bool importsWideningFunction(llvm::StringRef Alias) const;
  ValueFacts defaultParamFacts(const TritonParam &P);
  /// The facts of the parameter called Name, or null when Name is not a
  /// parameter or, while the constructor still fills Params (reading the
  /// annotations), not one yet: Python evaluates an annotation in the
  /// enclosing scope, so a name there is never a parameter.
  const ValueFacts *paramFacts(llvm::StringRef Name) const {
    int I = F.paramIndex(Name);
    return I >= 0 && unsigned(I) < Params.size() ? &Params[I] : nullptr;
  }
  void atomsImpl(NodeId Pred, llvm::SmallVectorImpl<NodeId> &Atoms,
                 unsigned Budget) const;

  const TritonModule &M;
  const JitFunction &F;
  FunctionAnalysis *Caller = nullptr;
  NodeId CallSite = NoNode;
  unsigned Depth = 0;
  llvm::SmallVector<ValueFacts, 12> Params;
  llvm::DenseMap<NodeId, ValueFacts> Memo;
  llvm::DenseMap<unsigned, ValueFacts> BindingMemo;
  llvm::DenseMap<const Binding *, BoundTest> Bounds;
  std::vector<std::pair<NodeId, BoundTest>> InlineBounds;
  bool BoundsReady = false;
  unsigned EvalDepth = 0;
};

/// Type promotion of two operands (Triton's rules for the integer and
/// float cases the model knows; Unknown wins).
ValueFacts promote(const ValueFacts &L, const ValueFacts &R);

// Address terms: how an address is summed, for the rules that compare the
// terms of one address or of two addresses (kernel-int32-offset's one finding
// per address and per-row tables).

/// The other 32-bit terms of an address: the int32 products, other than
/// Site, that the pointer expression E adds up (through parentheses, names
/// bound by plain assignment and broadcasting subscripts) and that scale a
/// runtime quantity (`input_batch_stride * batch_offset[:, None]` beside
/// the wrap site `input_feat_stride * feat_pid`). A widened value, a call
/// or a loaded value ends the walk.
void otherAddressTerms(FunctionAnalysis &A, NodeId E, NodeId Site,
                       llvm::SmallVectorImpl<NodeId> &Out, unsigned Depth = 0);

/// True when E is a sum with a tl.arange term of its own: the definition of
/// a lane index (`offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)`).
bool definesLaneIndex(FunctionAnalysis &A, NodeId E);

/// A row width as a factor that scales rows: a runtime size or stride, or a
/// tl.constexpr dimension by its name (`off_m[:, None] * HEAD_DIM` of a
/// contiguous [rows, HEAD_DIM] tensor), not a literal.
bool isRowWidthFactor(FunctionAnalysis &A, NodeId Factor);

/// The per-lane terms of an address, by kind: lane indices added unscaled
/// (`offs_m` of `M + off_hz * N_CTX + offs_m`; sums bound to names are
/// followed, a lane index's own definition is not), the lane indices
/// scaled by a row width (`offs_m[:, None] * stride_qm`, `off_m[:, None] *
/// HEAD_DIM` with a tl.constexpr HEAD_DIM) with their product, and whether
/// some other per-lane term is scaled.
struct LaneTerms {
  llvm::SmallVector<llvm::StringRef, 2> Unscaled;
  llvm::SmallVector<std::pair<llvm::StringRef, NodeId>, 2> ScaledLanes;
  bool OtherScaled = false;
};
void laneTerms(FunctionAnalysis &A, NodeId E, LaneTerms &Out,
               unsigned Depth = 0);

/// The expressions an address is summed from: the pointer expression and
/// the values of the bindings it reads that are sums or in-place rebases
/// (`q_ptrs = Q + ...`, `K += off_z * stride_kz + ...`), not the
/// definitions of the indices themselves.
llvm::SmallVector<NodeId, 4> addressSums(FunctionAnalysis &A, NodeId Pointer);

} // namespace kerneltidy::triton

#endif
