//===- Magnitude.h - how large an integer value can get ---------*- C++ -*-===//
//
// A small value-magnitude analysis over one function's Clang AST, shared by
// the checks that need to know whether an integer can outgrow its type.
//
// Terms:
//   magnitude      an upper bound on |value| of an integer expression at run
//                  time, saturating at UINT64_MAX, plus the kind of source it
//                  derives from (the "lattice"):
//                    Constant < Hardware < GridIndex < Size
//                  Constant: literals, constexprs, enumerators, template
//                    non-type parameters, sizeof
//                  Hardware: threadIdx, blockDim, warpSize, lane ids, SYCL
//                    local ids/ranges: bounded by the hardware (<= 1024)
//                  GridIndex: blockIdx, gridDim, blockIdx * blockDim, SYCL
//                    global ids: reach the thread count of a launch
//                    (MaxLaunchThreads, default 2^32 - 1)
//                  Size: kernel parameters, values loaded from memory, calls
//                    (numel(), size(), stride()), anything unknown
//   calls          a call of a free function whose body is visible (not in a
//                  system header, at most 256 statements, not the analysed
//                  function itself) is bounded by its return statements,
//                  analysed in the callee with each parameter bound by its
//                  argument ('fastmodulo(j0 + j_sram, ne01)', which returns
//                  'n - q * d', is no larger than its int argument); up to
//                  MaxCallDepth bodies deep, otherwise a call is a Size
//   element cap    MaxElementCount, the largest tensor the project supports
//                  (default 2^40). Every GridIndex- or Size-derived value is
//                  at most the cap: valid offsets, sizes and strides never
//                  exceed the element count. A project that checks
//                  'numel() <= INT_MAX' on the host sets it to 2147483647.
//   wrap           an operation whose mathematical result can exceed the
//                  range of the type it is computed in: a product or shift
//                  ('a * b', 'a << b', '*=', '<<=') of two quantities that
//                  can both be large (or a grid index scaled by a constant),
//                  or an implicit integral conversion whose operand can
//                  exceed the target ('int n = numel').
//   address use    where an integer becomes part of an address: a subscript
//                  index, the integer side of pointer '+'/'-' (and '+=',
//                  '-='), an integer 'operator[]' argument (accessors), or the
//                  size argument of a memcpy/memset-like call; and what an
//                  offset helper (a function named like '*offset*' or
//                  '*index*') returns.
//   value exprs    for a local variable: its initialiser and the right-hand
//                  sides of its assignments inside the analysed function
//                  (nested lambdas included).
//
// The analysis never asserts on partial ASTs: expressions containing errors
// (RecoveryExpr), invalid declarations and dependent types give an unknown
// magnitude, and unknown never reports.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_MAGNITUDE_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_MAGNITUDE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kerneltidy {

enum class MagnitudeKind : uint8_t { Constant, Hardware, GridIndex, Size };

llvm::StringRef magnitudeKindName(MagnitudeKind K);

struct Magnitude {
  uint64_t Max = 0; ///< upper bound of |value|, saturating
  MagnitudeKind Kind = MagnitudeKind::Constant;
  bool Known = true; ///< false: errors, dependent types, not an integer

  static Magnitude constant(uint64_t V) { return {V, MagnitudeKind::Constant}; }
  static Magnitude unknown() { return {UINT64_MAX, MagnitudeKind::Size, false}; }
  bool isConstant() const { return Known && Kind == MagnitudeKind::Constant; }
  /// Size- or grid-derived: scales with the tensor.
  bool isLarge() const { return Known && Kind >= MagnitudeKind::GridIndex; }
};

/// The least upper bound in the lattice (larger bound, larger kind).
Magnitude join(const Magnitude &A, const Magnitude &B);

/// Width and signedness of an integer type (bool and enums included).
struct IntegerWidth {
  unsigned Bits = 0;
  bool Signed = false;
  /// Largest representable value: 2^31 - 1 for 'int', 2^32 - 1 for
  /// 'unsigned'.
  uint64_t maxValue() const;
};

/// The width of T when it is a non-dependent integer type.
std::optional<IntegerWidth> integerWidth(clang::QualType T,
                                         const clang::ASTContext &Ctx);

/// An integer type of 32 bits or fewer ('int', 'uint32_t', 'short', ...).
bool isNarrowIntegerType(clang::QualType T, const clang::ASTContext &Ctx);

/// An integer type of fewer than 32 bits ('uint8_t', 'short', 'char'; not
/// bool). A value held in one is bounded by 2^width by the programmer's
/// choice of type (a byte, a quantisation table index): converting into it
/// is no index-width wrap, and a wrap past 2^31 in what it is computed from
/// changes only bits it does not keep.
bool isSubWordIntegerType(clang::QualType T, const clang::ASTContext &Ctx);

/// How a value can wrap.
enum class WrapKind {
  None,
  Product,   ///< 'a * b', 'a << b', '*=', '<<=' past the type's range
  Narrowing, ///< an implicit integral conversion that can drop high bits
  LoopLimit, ///< a 32-bit loop counter whose limit can exceed its range
};

/// One operation that can wrap, with the bounds that show it.
struct Wrap {
  WrapKind Kind = WrapKind::None;
  const clang::Expr *Op = nullptr; ///< the BinaryOperator or ImplicitCastExpr
  clang::QualType ComputedIn;      ///< the 32-bit type the result lives in
  uint64_t Limit = 0;              ///< max value of ComputedIn
  Magnitude Result;                ///< the unwrapped (mathematical) bound
  Magnitude LHS, RHS;              ///< products: operand bounds
  explicit operator bool() const { return Kind != WrapKind::None; }
};

/// The smallest example that wraps a product 'L * R' (or 'L << R') past
/// Limit, as operand values: bounded operands take their bound, otherwise
/// the right operand takes 2. Empty when no values within the bounds wrap.
struct BoundaryShape {
  uint64_t LHS = 0, RHS = 0;
};
std::optional<BoundaryShape> boundaryShape(const Wrap &W);

struct MagnitudeOptions {
  /// The largest element count of any tensor (see "element cap").
  uint64_t MaxElementCount = uint64_t(1) << 40;
  /// The most threads one launch runs: bounds grid indices that no size
  /// scales ('blockIdx.x * blockDim.x + threadIdx.x'). Default 2^32 - 1:
  /// launches past that use grid-stride loops (PyTorch's GET_BLOCKS caps
  /// its grids; CUDA_KERNEL_LOOP_TYPE relies on it).
  uint64_t MaxLaunchThreads = (uint64_t(1) << 32) - 1;
  /// The most iterations one thread runs of a loop it steps alone (a
  /// counter that starts at a constant and only moves by small constants,
  /// 'for (int e = 0; e < top_k; ++e)'): reaching 2^31 that way takes one
  /// GPU thread over 10^8 serial iterations, which no kernel does, so such
  /// a counter's limit does not make it wrap. Counters that start at a
  /// thread index or step by the grid are not serial.
  uint64_t MaxSerialIterations = uint64_t(1) << 27;
  /// Local variables to treat as if declared 64-bit: lets a caller ask
  /// "would widening these fix it" before offering a fix.
  llvm::SmallPtrSet<const clang::VarDecl *, 8> AssumeWide;
  /// Bounds of the analysed function's parameters, when it is analysed as
  /// the callee of one call (see "calls" above): each argument's bound,
  /// converted to the parameter's type. Parameters the body writes are left
  /// out.
  llvm::DenseMap<const clang::ParmVarDecl *, Magnitude> ParamBounds;
  /// How many callee bodies deep this analysis is; calls are followed at
  /// most MaxCallDepth deep.
  unsigned CallDepth = 0;
  static constexpr unsigned MaxCallDepth = 2;
};

/// Magnitudes of the integer expressions of one function body.
class MagnitudeAnalysis {
public:
  MagnitudeAnalysis(const clang::FunctionDecl &Fn, clang::ASTContext &Ctx,
                    MagnitudeOptions Options = MagnitudeOptions());

  /// Bound on E's run-time value, after any wrap in E's own type.
  Magnitude of(const clang::Expr *E);

  /// Bound on the values assigned to a local variable, each converted to
  /// the variable's type (a loop counter's limit is not converted).
  Magnitude ofVariable(const clang::VarDecl *VD);

  /// The wrap at E itself (a product/shift or an integral conversion), if
  /// E is one.
  Wrap wrapAt(const clang::Expr *E);

  /// Every wrap inside E, not looking through variables, in source order.
  std::vector<Wrap> wrapsIn(const clang::Expr *E);

  /// The expressions that give VD its value in this function.
  llvm::ArrayRef<const clang::Expr *> valueExprs(const clang::VarDecl *VD);

  /// Compound assignments to VD ('v += e', 'v *= e', ...).
  llvm::ArrayRef<const clang::BinaryOperator *>
  compoundAssignments(const clang::VarDecl *VD);

  /// The condition operand that bounds a loop counter ('n' in 'i < n'), or
  /// null when VD is no loop counter.
  const clang::Expr *loopLimit(const clang::VarDecl *VD);

  /// VD is a loop counter of a 32-bit type whose limit can exceed that
  /// type: 'for (int i = ...; i < numel; ...)' with a 64-bit 'numel'.
  Wrap loopLimitWrap(const clang::VarDecl *VD);
  /// For a serial loop counter (see MaxSerialIterations), the largest value
  /// it reaches; nullopt for any other variable.
  std::optional<uint64_t> serialCounterBound(const clang::VarDecl *VD);

  /// The local variables E reads, directly (not through other variables).
  std::vector<const clang::VarDecl *> variablesIn(const clang::Expr *E);

  const MagnitudeOptions &options() const { return Options; }
  clang::ASTContext &context() const { return Ctx; }
  const clang::FunctionDecl &function() const { return Fn; }

private:
  struct VarInfo {
    std::vector<const clang::Expr *> Values;   // init and plain '=' RHS
    std::vector<const clang::BinaryOperator *> Compound; // 'v op= e'
    const clang::Expr *LoopLimit = nullptr;
    bool Escapes = false; // address taken: unknown writes
    bool Incremented = false; // '++v' / 'v--' seen
  };
  void collect(const clang::Stmt *S);
  void noteLoop(const clang::Stmt *Cond);
  Magnitude compute(const clang::Expr *E);
  bool hasNonConstantOperand(const clang::Expr *E);
  Magnitude binary(const clang::BinaryOperator *BO);
  Magnitude leaf(const clang::Expr *E);
  std::optional<Magnitude> returnBound(const clang::CallExpr *Call);
  Magnitude capped(Magnitude M) const;
  Magnitude storedIn(Magnitude M, clang::QualType T) const;
  Magnitude productOf(const Magnitude &L, const Magnitude &R, bool Shift) const;
  Magnitude productOf(const clang::BinaryOperator *BO, const Magnitude &L,
                      const Magnitude &R);

  const clang::FunctionDecl &Fn;
  clang::ASTContext &Ctx;
  MagnitudeOptions Options;
  llvm::DenseMap<const clang::VarDecl *, VarInfo> Vars;
  llvm::DenseMap<const clang::Expr *, Magnitude> ExprCache;
  llvm::DenseMap<const clang::VarDecl *, Magnitude> VarCache;
  llvm::SmallPtrSet<const clang::VarDecl *, 8> InProgress;
  std::vector<const clang::Stmt *> Loops; // during collect(): open loops
  llvm::SmallPtrSet<const clang::BinaryOperator *, 8> CompoundInLoop;
  bool TooDeep = false; // collect() gave up on a subtree (DepthLimit.h)
};

//===----------------------------------------------------------------------===//
// Rows of wider accesses
//===----------------------------------------------------------------------===//

/// The terms that a function scales by a row width: in
/// 'static_cast<int64_t>(token * nheads + head) * dim' or
/// '(int64_t)row * ld', the terms 'token * nheads', 'head' and 'row'. Such a
/// term counts rows of a wider access: the function itself multiplies it by
/// a row width to reach another buffer. When that product is computed in 64
/// bits, the same term held in 32 bits indexes a table with one entry per row
/// (per-token scales, row statistics, routing tables), and passes 2^31 only
/// when the wider buffer holds 2^31 rows, 2^31 times its row width in
/// elements (issue 23, class 1: "per-row and per-token tables").
///
/// Terms are compared by their factors, whatever their casts and order: a
/// product's factors are the variables, parameters, fields and literals it
/// multiplies ('static_cast<long long>(token) * nheads' and 'nheads * token'
/// are the same term). A factor that is none of these (a call, a subscript)
/// makes the term incomparable. A literal row width scales an element index,
/// not a row ('i * 4'), except in 64 bits from MinRowWidth up. One walk of
/// the body answers both questions below.
class RowsScaledInWideArithmetic {
public:
  static constexpr uint64_t MinRowWidth = 32;
  RowsScaledInWideArithmetic(const clang::FunctionDecl &Fn,
                             clang::ASTContext &Ctx);
  /// Whether the product or variable E (ignoring parentheses and casts) is
  /// a term scaled in 64 bits; On, when it is, is the product that scales
  /// it.
  bool contains(const clang::Expr *E,
                const clang::BinaryOperator **On = nullptr) const;
  bool containsVariable(const clang::VarDecl *VD,
                        const clang::BinaryOperator **On = nullptr) const;
  /// Whether the function multiplies VD by a runtime row width at all, in
  /// any width (a grid index that the kernel scales counts rows).
  bool scalesVariableAtAnyWidth(const clang::VarDecl *VD) const;

private:
  using Key = std::vector<uintptr_t>;
  struct Term {
    Key Factors;
    const clang::BinaryOperator *Scale;
    bool Wide; ///< scaled in 64 bits (by a runtime or large literal width)
    bool RuntimeWidth; ///< scaled by a width that is no constant
  };
  static std::optional<Key> keyOf(const clang::Expr *E);
  static Key keyOf(const clang::VarDecl *VD);
  const Term *find(const Key &K, bool WideOnly) const;
  std::vector<Term> Terms;
};

//===----------------------------------------------------------------------===//
// Address uses
//===----------------------------------------------------------------------===//

/// One place where an integer becomes part of an address.
struct AddressUse {
  const clang::Expr *Index = nullptr; ///< the integer expression
  const clang::Stmt *Use = nullptr;   ///< the subscript, '+', call, return
};

/// Every address use in Fn's body (nested lambdas included), in source
/// order.
std::vector<AddressUse> collectAddressUses(const clang::FunctionDecl &Fn,
                                           clang::ASTContext &Ctx);

/// A memcpy/memset-like function whose argument Index is a byte count
/// (memcpy, memmove, memset, cudaMemcpy*, hipMemcpy*, ...).
bool isSizeArgument(const clang::FunctionDecl *Callee, unsigned Index);

/// True when E holds a test that a size fits 32-bit indexing: a call named
/// like 'canUse32BitIndexMath', or a comparison of a non-constant with a
/// constant in [2^31 - 2, 2^32] (INT_MAX, INT32_MAX, UINT32_MAX,
/// numeric_limits<int>::max()).
bool isSizeLimitTest(const clang::Expr *E, clang::ASTContext &Ctx);

} // namespace kerneltidy

#endif
