//===- Predicates.h - validity predicates and value gates -------*- C++ -*-===//
//
// What a kernel body says about which values are valid, on the Clang AST.
//
// Vocabulary (shared with the Triton model, which implements the same rule on
// its own tree):
//   * a *condition* is a boolean expression known to be true (or, with
//     Positive == false, known to be false) at some point: the condition of
//     an enclosing 'if' or loop, the arm of a '?:', the left side of '&&',
//     an early 'return'/'continue', an 'assert' that precedes the point;
//   * an *atom* is one comparison a condition decomposes into ('t !=
//     ignore_index', 'row < n') after '!', '&&', De Morgan and boolean locals
//     ('valid = in_bounds && t != ignore_index') are looked through;
//   * a *value gate* is a condition that decides whether a value is real or a
//     neutral constant ('valid ? g : 0', 'g * valid', 'if (valid) g = ...');
//   * an *access* is a store, an atomic or a load; its *address* is the
//     lvalue or pointer it goes through; its *dependencies* are the variables
//     the address is computed from, local definitions followed, each with
//     the conditions that hold on the path from that variable to the address
//     ('safe = valid ? t : 0' reaches 't' only under 'valid').
//
// Everything is intraprocedural and syntactic: no aliasing, no reassignment
// between a check and a use, no calls followed. Every function tolerates
// invalid code (RecoveryExpr, dependent types): it yields less, never crashes.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_PREDICATES_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_PREDICATES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <vector>

namespace kerneltidy {

/// A boolean expression known to be true (Positive) or false at a point.
struct Condition {
  const clang::Expr *Cond = nullptr;
  bool Positive = true;
  /// Where it comes from: the IfStmt, loop, ConditionalOperator, '&&',
  /// multiplication or assert that establishes it (for notes).
  const clang::Stmt *Site = nullptr;
};

/// One comparison, normalised so that the polarity of its condition is
/// folded into Op ('!(t == ii)' is 't != ii'). Other boolean leaves ('mask[i]',
/// 'is_valid(t)') are kept as opaque atoms.
struct Atom {
  const clang::Expr *Origin = nullptr; // the comparison or leaf in source
  const clang::Expr *LHS = nullptr;    // comparison operands (null: opaque)
  const clang::Expr *RHS = nullptr;
  clang::BinaryOperatorKind Op = clang::BO_EQ;
  bool Positive = true; // opaque atoms only
  bool isComparison() const { return LHS && RHS; }
};

/// How an atom constrains one variable V, with V moved to the left.
enum class BoundKind { None, Lower, Upper, NotEqual, Equal };

/// A variable an address or value is computed from.
struct Dependency {
  const clang::VarDecl *Var = nullptr;
  const clang::DeclRefExpr *Use = nullptr;
  /// Conditions that hold on the path from this use to the address.
  std::vector<Condition> PathFacts;
  /// Reached through min/max/clamp: taken as a deliberate clamp.
  bool Clamped = false;
};

enum class AccessKind { Store, Atomic, Load };

/// A memory access inside a function body.
struct Access {
  AccessKind Kind = AccessKind::Store;
  const clang::Expr *Expr = nullptr;    // the assignment, call or load
  const clang::Expr *Address = nullptr; // lvalue or pointer written/read
  const clang::Expr *Value = nullptr;   // stored value (null: none/unknown)
  /// The base object when it is a named variable ('out' in 'out[i]').
  const clang::ValueDecl *Base = nullptr;
  llvm::StringRef Callee; // atomics: 'atomicAdd', 'fetch_add', ...
};

/// The validity facts of one function body (a CUDA/HIP kernel or device
/// function, or a SYCL kernel lambda's call operator). Build it once per
/// body; queries are cached where it pays.
class FunctionPredicates {
public:
  FunctionPredicates(const clang::Stmt *Body, clang::ASTContext &Ctx);

  /// Stores, atomics and loads in the body (nested lambdas excluded), in
  /// source order.
  const std::vector<Access> &accesses() const { return Accesses; }

  /// Conditions that hold whenever S executes: enclosing 'if' branches and
  /// loop bodies, '?:' arms, '&&'/'||' right-hand sides, and, in enclosing
  /// blocks before S, 'if (c) return/continue/break/trap;' and asserts.
  std::vector<Condition> controlFacts(const clang::Stmt *S) const;

  /// The variables E is computed from, following local variables'
  /// initialisers and assignments (the conditions of an assignment's
  /// context become path facts of what it reaches).
  std::vector<Dependency> dependencies(const clang::Expr *E) const;

  /// The value gates of a stored value, following local variables.
  std::vector<Condition> valueGates(const clang::Expr *Value) const;

  /// Loads a value is computed from (following locals), without the loads
  /// that only feed addresses.
  std::vector<const clang::Expr *> loadsFeeding(const clang::Expr *Value) const;

  /// Decomposes a condition into the atoms that must all hold. Disjunctions
  /// contribute nothing.
  std::vector<Atom> atoms(const Condition &C) const;
  std::vector<Atom> atoms(llvm::ArrayRef<Condition> Cs) const;

  /// Whether V's value comes from memory of integral type ('t = target[i]',
  /// 'e = (int)topk_ids[k] - start'): an index read from an index tensor.
  bool isLoadedIndex(const clang::VarDecl *V) const;

  /// Whether V is the induction variable of a 'for' loop declared in its
  /// init: it counts through the loop's range.
  bool isLoopCounter(const clang::VarDecl *V) const;

  /// Whether E varies with the thread: it reads 'threadIdx'/'blockIdx' or a
  /// SYCL item's id, or a loop counter, directly or through the local
  /// definitions it reads.
  bool readsThreadPosition(const clang::Expr *E) const;

  /// How A constrains V ('t >= 0' is Lower, 'ii != t' is NotEqual); None if V
  /// is not one side of the comparison. Other receives the other side and
  /// NormalisedOp the operator with V on the left.
  static BoundKind boundOn(const Atom &A, const clang::VarDecl *V,
                           const clang::Expr **Other = nullptr,
                           clang::BinaryOperatorKind *NormalisedOp = nullptr);

  /// Whether Facts imply that the constraint A puts on V holds: the same
  /// comparison, a bound on the same side, V pinned by '==', V bounded on
  /// both sides, or integer constants that exclude A's sentinel.
  bool implies(llvm::ArrayRef<Atom> Facts, const Atom &A,
               const clang::VarDecl *V) const;

  /// Structural equality of two expressions (parens and casts ignored,
  /// integer constants by value).
  bool sameExpr(const clang::Expr *A, const clang::Expr *B) const;

  /// Whether E is a neutral constant for a gate: a literal, a constant
  /// expression, or a conversion of one ('__float2half(0.f)', 'T(0)').
  bool isConstantLike(const clang::Expr *E) const;

  clang::ASTContext &context() const { return Ctx; }

  /// The parent of S inside the body (null: S is the body or not in it),
  /// from a map of the body's children built on first use: callers walk up
  /// from an access without Clang's parent map of the whole unit.
  const clang::Stmt *localParent(const clang::Stmt *S) const;

  /// What a local variable of the body is set from: its initialiser and
  /// the right-hand sides of its assignments ('p += k' gives 'k'). Steps
  /// ('++p') set Stepped. Empty for variables declared elsewhere.
  llvm::SmallVector<const clang::Expr *, 4>
  definitionsOf(const clang::VarDecl *V, bool *Stepped = nullptr) const;

  /// The declaration statement of a variable declared in the body (null:
  /// declared elsewhere).
  const clang::DeclStmt *localDeclStmt(const clang::VarDecl *V) const;

private:
  struct Assignment {
    const clang::Expr *RHS; // null for ++/--
    const clang::Expr *Expr;
  };

  void index(const clang::Stmt *S);
  void addAccess(Access A);
  void collectDependencies(const clang::Expr *E, std::vector<Condition> &Path,
                           bool Clamped, std::vector<Dependency> &Out,
                           llvm::SmallVectorImpl<const clang::VarDecl *> &Stack,
                           unsigned &Budget) const;
  void collectGates(const clang::Expr *E, std::vector<Condition> &Out,
                    std::vector<const clang::Expr *> *Loads,
                    llvm::SmallVectorImpl<const clang::VarDecl *> &Stack,
                    unsigned &Budget) const;
  void atomize(const clang::Expr *E, bool Positive, std::vector<Atom> &Out,
               llvm::SmallVectorImpl<const clang::VarDecl *> &Stack) const;
  std::vector<Condition> computeControlFacts(const clang::Stmt *S) const;
  void addUnsignedLowerBound(const clang::Expr *Origin,
                             const clang::Expr *LHS, const clang::Expr *RHS,
                             clang::BinaryOperatorKind Op,
                             std::vector<Atom> &Out) const;
  const clang::Expr *singleDefinition(const clang::VarDecl *V) const;
  void buildParents() const;
  bool isLocalToBody(const clang::VarDecl *V) const;

  const clang::Stmt *Body;
  clang::ASTContext &Ctx;
  std::vector<Access> Accesses;
  bool IndexTooDeep = false; // index() gave up on a subtree (DepthLimit.h)
  llvm::DenseMap<const clang::VarDecl *, std::vector<Assignment>> Assignments;
  mutable const clang::Expr *Zero = nullptr; // the 0 of synthesised atoms
  mutable llvm::DenseMap<const clang::Stmt *, std::vector<Condition>>
      FactsCache;
  mutable llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> Parents;
  mutable llvm::DenseMap<const clang::VarDecl *, const clang::DeclStmt *>
      DeclStmts;
  mutable bool ParentsBuilt = false;
};

/// Whether the statement always leaves the enclosing block ('return',
/// 'continue', 'break', 'goto', a call to a noreturn or trap/abort/assert
/// function, or a block ending in one).
bool alwaysExits(const clang::Stmt *S);

/// The name of a call's callee, also for unresolved calls in templates.
llvm::StringRef calleeName(const clang::CallExpr *Call);

/// An lvalue that names memory through an address: 'p[i]', '*p', 'acc[i]',
/// 'p[i].x', 'p->x' (not 'this->x').
bool isMemoryLValue(const clang::Expr *E);

/// A comparison 'L op R' (<, <=, >, >=, ==, !=): a built-in one, or an
/// overloaded operator call, which is what a template holds where an operand
/// is dependent and the scope has overloads of the operator (the CUDA shim's
/// '<' for half types). The operator, with its operands in L and R; none
/// for any other statement.
std::optional<clang::BinaryOperatorKind> asComparison(const clang::Stmt *S,
                                                      const clang::Expr *&L,
                                                      const clang::Expr *&R);

/// A SYCL work-item query or CUDA lane query that gives the thread's
/// position ('get_global_id', 'get_local_id', 'get_group',
/// 'get_global_linear_id', 'get_local_linear_id', '__lane_id').
bool isThreadPositionQueryName(llvm::StringRef Callee);

} // namespace kerneltidy

#endif
