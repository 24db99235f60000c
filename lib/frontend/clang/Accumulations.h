//===- Accumulations.h - the sums a function body accumulates ---*- C++ -*-===//
//
// What one function body adds up, for the policy on 16-bit sums
// (lib/model/AccumulationEvidence.h):
//   atomic add          an atomic add (atomicAdd & scoped variants,
//                       gpuAtomicAdd, fastAtomicAdd, unsafeAtomicAdd,
//                       sycl::atomic_ref::fetch_add or +=, torch-xpu-ops'
//                       atomicAdd(sycl_global_ptr<T>(p), v)) with the element
//                       type of its target;
//   accumulator update  an update of a local variable (or an element of a
//                       local or shared array) from its own value ('s += x',
//                       's = s + x', 's = __hadd(s, x)'), with the loops
//                       around it inside the variable's scope, its warp
//                       shuffle and whether it reads its own array (a
//                       reduction tree);
//   division            'a / b' and 'a /= b' (normalisations).
// Also the questions the 16-bit accumulation policy asks of them: the
// narrowing conversion just before an addition, a constant term's
// magnitude, the accumulate type in scope ('accscalar_t', 'acc_t', ...).
//
// Device code only: lambdas are entered (SYCL kernels, extended CUDA
// lambdas) and judged as device code when CUDA marks them so or the
// language is not CUDA.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_ACCUMULATIONS_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_ACCUMULATIONS_H

#include "lib/model/AccumulationEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>
#include <vector>

namespace kerneltidy {

struct AtomicAdd {
  const clang::CallExpr *Call = nullptr; ///< or CXXOperatorCallExpr for 'ref += v'
  const clang::Expr *Target = nullptr;
  const clang::Expr *Value = nullptr;
  clang::QualType Element;
  const clang::FunctionDecl *Function = nullptr;
  /// The element index passed apart from the target ('fastAtomicAdd(p,
  /// index, numel, v)'); null when the target holds the whole address.
  const clang::Expr *Index = nullptr;
};

struct AccumulatorUpdate {
  const clang::Expr *Update = nullptr;
  const clang::VarDecl *Var = nullptr;
  bool ArrayElement = false;
  bool Compound = false;          ///< '+=' / '-='
  bool SelfCombining = false;     ///< RHS reads the same array (tree)
  /// Every loop around the update inside Var's scope, innermost first: the
  /// loops whose iterations can add to one element again (empty: the update
  /// does not repeat through a loop).
  llvm::SmallVector<const clang::Stmt *, 4> CountedLoops;
  const clang::CallExpr *Shuffle = nullptr;
  const clang::Expr *Term = nullptr;      ///< what is added ('x' in 's += x')
  const clang::FunctionDecl *Function = nullptr;
};

struct Division {
  const clang::Expr *Op = nullptr;
  const clang::Expr *Dividend = nullptr;
  const clang::Expr *Divisor = nullptr;
};

/// What one function body accumulates.
struct FunctionAccumulations {
  std::vector<AtomicAdd> Atomics;
  std::vector<AccumulatorUpdate> Updates;
  std::vector<Division> Divisions;
  /// Part of the body nests too deep to scan (DepthLimit.h): what was
  /// collected is incomplete, so the function is not judged.
  bool TooDeep = false;
};

/// Scans FD's body; Device: the body is device code (see above).
FunctionAccumulations scanAccumulations(const clang::FunctionDecl *FD,
                                        const clang::LangOptions &LO,
                                        bool Device);

/// Binary operands of an assignment-like expression, resolved or not.
struct Operands {
  enum Kind { None, AddAssign, SubAssign, Assign, DivAssign, Div } K = None;
  const clang::Expr *LHS = nullptr;
  const clang::Expr *RHS = nullptr;
  clang::SourceLocation OpLoc;
};
Operands operandsOf(const clang::Expr *E);

/// The type of the object an expression designates, looking through the
/// dependent expressions of a template pattern to the declarations:
/// '*p' with 'scalar_t *p' is 'scalar_t'.
clang::QualType objectType(const clang::Expr *E);

/// The variable or field an expression is rooted in: 'total_weight' in
/// '*total_weight', 'sycl_global_ptr<scalar_t>(total_weight)' or 'out[i]';
/// 'total_weight_' in a functor's '*total_weight_'.
const clang::ValueDecl *rootDecl(const clang::Expr *E);

/// The 16-bit additions that reach one element of U's accumulator
/// (lib/model/AccumulationEvidence.h): a loop that indexes the element is an
/// elementwise update, the butterfly loop of a shuffle is the shuffle's
/// 32 lanes, a constant loop multiplies, any other loop is data-sized.
AdditionCount additionsPerElement(const AccumulatorUpdate &U,
                                  const clang::ASTContext &Ctx);

class FunctionPredicates;

/// Where the element an atomic add targets comes from (AtomicTarget of
/// lib/model/AccumulationEvidence.h). FP holds the validity facts of the
/// body the atomic is in; its local definitions are followed.
AtomicTarget classifyAtomicTarget(const AtomicAdd &A,
                                  const FunctionPredicates &FP);

/// Whether T is spelled with a name that means an accumulate type
/// ('accscalar_t', 'acc_t', 'opmath_t', 'acc_type<...>'): a type the author
/// chose to be wide, whatever it resolved to.
bool spelledAsAccumulateType(clang::QualType T);

struct Narrowing {
  const clang::Expr *At = nullptr;      ///< the conversion
  const clang::Expr *Operand = nullptr; ///< the wider value
};

/// The conversion that produced Value, if it converts a wider floating
/// value (or, in a template, a value of another type) to the 16-bit type.
std::optional<Narrowing> findNarrowing(const clang::Expr *Value);

/// The magnitude of a term whose value is a non-zero constant ('1',
/// '__float2half(1.0f)', 'static_cast<scalar_t>(1)'), looking through
/// conversions.
std::optional<double> constantMagnitude(const clang::Expr *E,
                                        const clang::ASTContext &Ctx);

/// The accumulate type in scope at F: a template parameter or type alias
/// named like one, in F, its enclosing functions and classes. "" if none.
std::string accumulateTypeInScope(const clang::FunctionDecl *F);

} // namespace kerneltidy

#endif
