//===- StoreMaskMismatchRule.cpp - kernel-store-mask-mismatch on Triton ----===//
//
// Reported, two shapes:
//
//  1. Gated value, ungated address (the FlagGems nll_loss backward bug): the
//     *stored value* is `tl.where(p, v, 0)`, so the kernel treats lanes that
//     fail the *value predicate* p as invalid; the address reads a local
//     value that p tests (`tgt`, tested by `tgt == ignore_index`); and the
//     *store mask* lacks that test. Invalid lanes then store to an address
//     built from an out-of-range value (a sentinel), aliasing another row
//     or writing out of bounds. Caret on the store's pointer; notes at the
//     test and a fix that adds p to the mask.
//
//  2. Unpredicated axis: a load/store/atomic whose address reads a per-lane
//     offset (from tl.arange) that the kernel compares elsewhere against a
//     runtime bound (`cols < n_cols`), while the access's mask does not read
//     it: either no mask at all (an unmasked tail) or a 2-D mask that covers
//     one axis but not the other. The offset may also be an expression the
//     kernel never names (`i_t * BT + tl.arange(0, BT)`), bounded by a test
//     that masks a sibling access (`mask = i_t * BT + tl.arange(0, BT) < T`);
//     such an access is reported even under a tl.constexpr feature branch
//     (`if USE_GATE:`) unless that branch is a specialisation whose other
//     branch masks the same access.
//
// Not reported: addresses sanitised with tl.where (`safe = tl.where(p, t, 0)`),
// offsets wrapped into range with `%`, accesses in a branch on a tl.constexpr
// flag (`if EVEN_K:` specialisations), block pointers (boundary_check is
// their mask and the model does not know their shapes).
//
// Blind spots: a bound checked through a helper or an `assert`, masks built
// by helpers, and value predicates that are not a tl.where.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonRules.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

namespace kerneltidy::triton {
namespace {

const char *opName(const MemoryAccess &A) {
  switch (A.Op) {
  case MemoryOp::Load:
    return "tl.load";
  case MemoryOp::Store:
    return "tl.store";
  default:
    return nullptr;
  }
}

std::string accessName(const MemoryAccess &A) {
  if (const char *N = opName(A))
    return N;
  return "tl." + A.Callee.str();
}

bool isSimpleOperand(PyKind K) {
  return K == PyKind::Identifier || K == PyKind::Call ||
         K == PyKind::Attribute || K == PyKind::Subscript ||
         K == PyKind::ParenthesizedExpression;
}

std::string operand(const RuleContext &Ctx, NodeId N) {
  std::string Text = Ctx.T.text(N).str();
  return isSimpleOperand(Ctx.T.kind(N)) ? Text : "(" + Text + ")";
}

/// Local (bound in the function) names read directly by Expr.
void directLocalNames(FunctionAnalysis &A, NodeId Expr,
                      llvm::SmallVectorImpl<NodeId> &Out) {
  const PySyntaxTree &T = A.tree();
  T.walk(Expr, [&](NodeId N) {
    if (T.kind(N) != PyKind::Identifier)
      return;
    const PyNode &Node = T.node(N);
    if (T.kind(Node.Parent) == PyKind::Attribute &&
        Node.Field == PyField::Attribute)
      return;
    if (A.resolve(T.text(N), N))
      Out.push_back(N);
  });
}

/// `0`, `0.0`, `-1`, `float("-inf")`: the value invalid lanes get when the
/// where gates a value rather than selecting between two.
bool isNeutralLiteral(const PySyntaxTree &T, NodeId N) {
  N = T.stripParens(N);
  if (T.kind(N) == PyKind::UnaryOperator)
    N = T.stripParens(T.field(N, PyField::Other));
  PyKind K = T.kind(N);
  if (K == PyKind::Integer || K == PyKind::Float || K == PyKind::True ||
      K == PyKind::False)
    return true;
  return K == PyKind::Call && T.text(T.field(N, PyField::Function)) == "float";
}

bool sameAtom(const PySyntaxTree &T, NodeId A, NodeId B) {
  return A == B || T.text(A) == T.text(B);
}

/// Shape 1: the value is gated by tl.where(p, ...), the address is not.
void checkGatedValue(RuleContext &Ctx, FunctionAnalysis &A,
                     const MemoryAccess &Access) {
  const PySyntaxTree &T = Ctx.T;
  if (Access.Value == NoNode)
    return;
  NodeId Value = A.underlying(Access.Value);
  if (Ctx.M.languageCallee(Value) != "where")
    return;
  NodeId Pred = Ctx.M.argument(Value, 0, "condition");
  if (Pred == NoNode || !isNeutralLiteral(Ctx.T, Ctx.M.argument(Value, 2, "y")))
    return;
  llvm::SmallVector<NodeId, 8> ValueAtoms, MaskAtoms;
  A.predicateAtoms(Pred, ValueAtoms);
  if (Access.Mask != NoNode)
    A.predicateAtoms(Access.Mask, MaskAtoms);
  FunctionAnalysis::Dependencies Address;
  A.dependencies(Access.Pointer, Address, FunctionAnalysis::StopAtWhere);

  for (NodeId Atom : ValueAtoms) {
    if (llvm::any_of(MaskAtoms,
                     [&](NodeId M) { return sameAtom(T, M, Atom); }))
      continue;
    llvm::SmallVector<NodeId, 4> Names;
    directLocalNames(A, Atom, Names);
    // The tested value must be data the address reads: an index the
    // kernel computes itself (a diagonal test on tl.arange) is valid on
    // every lane; a value loaded from memory can hold a sentinel.
    NodeId Used = NoNode;
    for (NodeId N : Names) {
      const Binding *B = A.resolve(T.text(N), N);
      if (B && Address.Bindings.contains(B) && A.isLoadedData(*B)) {
        Used = N;
        break;
      }
    }
    if (Used == NoNode)
      continue;
    std::string Name = T.text(Used).str();
    std::string Op = accessName(Access);
    std::string MaskText =
        Access.Mask == NoNode ? std::string("no mask")
                              : "the mask '" + Ctx.quote(Access.Mask) + "'";
    Finding &F = Ctx.report(
        StoreMaskMismatchId, Access.Pointer,
        "address of '" + Op + "' uses '" + Name +
            "', which is not predicated by " + MaskText +
            "; only the stored value is gated by '" + Ctx.quote(Pred) + "'");
    Ctx.note(F, Atom,
             "lanes failing '" + Ctx.quote(Atom) + "' still " +
                 (Access.Op == MemoryOp::Store ? "store" : "write") +
                 " to an address built from '" + Name + "'");
    if (Access.Mask != NoNode) {
      Note &N = Ctx.note(F, Access.Mask,
                         "add the value predicate to the mask: '" +
                             Ctx.quote(Access.Mask) + " & " + Ctx.quote(Pred) +
                             "'");
      N.Fixes.push_back(Ctx.replacement(
          Access.Mask, operand(Ctx, Access.Mask) + " & " + operand(Ctx, Pred)));
    }
    return; // one finding per access
  }
}

/// Text without blanks, so that `i * BT + o` and `i*BT + o` compare equal.
std::string compact(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    if (C != ' ' && C != '\t' && C != '\n' && C != '\\')
      Out.push_back(C);
  return Out;
}

/// True when the access, unmasked, sits under a tl.constexpr `if` whose other
/// branch performs the same access with a mask: an `if EVEN_K:`
/// specialisation, where the unmasked branch is safe by construction.
bool isMaskedSpecialisation(RuleContext &Ctx, FunctionAnalysis &A,
                            const MemoryAccess &Access) {
  const PySyntaxTree &T = Ctx.T;
  if (!A.underConstexprBranch(Access.Call))
    return false;
  std::string Pointer = compact(T.text(Access.Pointer));
  for (const MemoryAccess &Other : A.function().Accesses)
    if (&Other != &Access && Other.Mask != NoNode &&
        compact(T.text(Other.Pointer)) == Pointer)
      return true;
  return false;
}

/// Shape 2 for an index the kernel never names: the access's address holds
/// a per-lane expression (`i_t * BT + tl.arange(0, BT)`) that the kernel
/// compares against a runtime bound elsewhere (`mask = ... < T`, used by its
/// sibling accesses), and its mask does not test that bound.
template <typename MaskTestsFn>
void findInlineBound(
    RuleContext &Ctx, FunctionAnalysis &A, const MemoryAccess &Access,
    MaskTestsFn &&MaskTestsBound,
    llvm::SmallVectorImpl<std::pair<NodeId, llvm::StringRef>> &Missing) {
  const PySyntaxTree &T = Ctx.T;
  const auto &Inline = A.inlineRuntimeBounds();
  if (Inline.empty() || isMaskedSpecialisation(Ctx, A, Access))
    return;
  // The address, through the names it reads (a pointer built in steps).
  llvm::SmallVector<NodeId, 8> Roots = {Access.Pointer};
  FunctionAnalysis::Dependencies Address;
  A.dependencies(Access.Pointer, Address,
                 FunctionAnalysis::StopAtClamp |
                     FunctionAnalysis::StopAtOpaqueCall |
                     FunctionAnalysis::StopAtNonIndex);
  for (const Binding *B : Address.Bindings)
    if (B->Value != NoNode)
      Roots.push_back(B->Value);
  // The test must mask a sibling access: the kernel itself says which
  // lanes are out of range.
  auto MasksSibling = [&](NodeId Comparison) {
    for (const MemoryAccess &Other : A.function().Accesses) {
      if (&Other == &Access || Other.Mask == NoNode)
        continue;
      llvm::SmallVector<NodeId, 8> Atoms;
      A.predicateAtoms(Other.Mask, Atoms);
      if (llvm::is_contained(Atoms, Comparison))
        return true;
    }
    return false;
  };
  for (const auto &[Index, Test] : Inline) {
    if (MaskTestsBound(Test.Bound) ||
        (Access.Mask != NoNode && T.contains(Access.Mask, Test.Comparison)) ||
        !MasksSibling(Test.Comparison))
      continue;
    std::string Want = compact(T.text(Index));
    bool Used = false;
    for (NodeId Root : Roots)
      T.walk(Root, [&](NodeId N) {
        Used |= T.kind(N) == PyKind::BinaryOperator && !T.contains(N, Index) &&
                compact(T.text(N)) == Want;
      });
    if (Used) {
      Missing.push_back({Test.Comparison, T.text(Index)});
      return;
    }
  }
}

/// Shape 2: a per-lane offset with a runtime bound that the mask ignores.
void checkUnpredicatedAxis(RuleContext &Ctx, FunctionAnalysis &A,
                           const MemoryAccess &Access) {
  const PySyntaxTree &T = Ctx.T;
  // atomic_cas takes no mask: nothing to predicate.
  if (Access.Op == MemoryOp::MakeBlockPtr || Access.BoundaryCheck != NoNode ||
      Access.Callee == "atomic_cas")
    return;
  NodeId Base = A.underlying(Access.Pointer);
  llvm::StringRef BaseCallee = Ctx.M.languageCallee(Base);
  if (BaseCallee == "make_block_ptr" || BaseCallee == "advance")
    return;
  const auto &Bounds = A.runtimeBounds();
  if (Bounds.empty() && A.inlineRuntimeBounds().empty())
    return;
  // Clamped (`%`, tl.minimum, tl.where) and opaque (helper-computed)
  // offsets are taken to be in range.
  unsigned Stops = FunctionAnalysis::StopAtClamp |
                   FunctionAnalysis::StopAtOpaqueCall |
                   FunctionAnalysis::StopAtNonIndex;
  FunctionAnalysis::Dependencies Address, Mask;
  A.dependencies(Access.Pointer, Address, Stops);
  if (Access.Mask != NoNode)
    A.dependencies(Access.Mask, Mask, FunctionAnalysis::AllReachingBindings);

  // A mask that tests some index against the same bound covers it (the
  // kernel may name the row index differently in the mask).
  llvm::SmallVector<NodeId, 8> MaskAtoms;
  if (Access.Mask != NoNode)
    A.predicateAtoms(Access.Mask, MaskAtoms);
  auto MaskTestsBound = [&](NodeId Bound) {
    return llvm::any_of(MaskAtoms, [&](NodeId Atom) {
      NodeId Other = A.upperBoundSide(Atom);
      return Other != NoNode && T.text(Other) == T.text(Bound);
    });
  };
  llvm::SmallVector<std::pair<NodeId, llvm::StringRef>, 4> Missing;
  // `h_2d = h[:, None]` is the same index as `h`: a mask on either covers
  // both.
  auto MaskCoversAlias = [&](const Binding *B) {
    for (unsigned Step = 0; B && Step < 8; ++Step) {
      if (Mask.Bindings.contains(B))
        return true;
      NodeId V = T.stripParens(B->Value);
      while (T.kind(V) == PyKind::Subscript || Ctx.M.isConversion(V))
        V = T.stripParens(T.kind(V) == PyKind::Subscript
                              ? T.field(V, PyField::Value)
                              : T.field(T.field(V, PyField::Function),
                                        PyField::Object));
      if (B->Kind != BindingKind::Assign || T.kind(V) != PyKind::Identifier)
        return false;
      B = A.resolve(T.text(V), V);
    }
    return false;
  };
  // `offs = (...) % M` is already below M: its bound `offs < M` holds on
  // every lane (the tutorial matmul's wrapped rows, with a sibling access
  // that masks the same index anyway).
  auto WrappedBelowBound = [&](const Binding *B, NodeId Bound) {
    if (B->Kind != BindingKind::Assign)
      return false;
    NodeId V = T.stripParens(B->Value);
    return T.kind(V) == PyKind::BinaryOperator && T.operatorText(V) == "%" &&
           T.text(T.stripParens(T.field(V, PyField::Right))) == T.text(Bound);
  };
  for (const auto &[B, Test] : Bounds) {
    if (!Address.Bindings.contains(B) || Mask.Names.contains(B->Name) ||
        MaskCoversAlias(B) || MaskTestsBound(Test.Bound) ||
        WrappedBelowBound(B, Test.Bound))
      continue;
    Missing.push_back({Test.Comparison, B->Name});
  }
  if (!Missing.empty() && A.underConstexprBranch(Access.Call))
    return;
  if (Missing.empty())
    findInlineBound(Ctx, A, Access, MaskTestsBound, Missing);
  if (Missing.empty())
    return;
  llvm::sort(Missing);
  auto [Cmp, Name] = Missing.front();
  std::string Op = accessName(Access);
  std::string Message;
  if (Access.Mask == NoNode)
    Message = "'" + Op + "' at offsets from '" + Name.str() +
              "' is not predicated: lanes past the bound '" + Ctx.quote(Cmp) +
              "' access memory out of range";
  else
    Message = "'" + Op + "' is not predicated on '" + Name.str() +
              "': its mask '" + Ctx.quote(Access.Mask) +
              "' covers another axis but not the bound '" + Ctx.quote(Cmp) +
              "'";
  // The fix uses the test as the kernel broadcasts it (`(o < T)[:, None]`),
  // so that it has the access's shape.
  NodeId Test = Cmp;
  for (NodeId P = T.node(Test).Parent; P != NoNode; P = T.node(P).Parent) {
    if (T.kind(P) == PyKind::ParenthesizedExpression) {
      Test = P;
      continue;
    }
    if (T.kind(P) == PyKind::Subscript && T.field(P, PyField::Value) == Test)
      Test = P;
    else
      Test = Cmp == Test ? Cmp : Test;
    break;
  }
  if (T.kind(Test) != PyKind::Subscript)
    Test = Cmp;
  Finding &F = Ctx.report(StoreMaskMismatchId, Access.Pointer, Message);
  Note &N = Ctx.note(F, Cmp,
                     "'" + Name.str() + "' is bounded here; " +
                         (Access.Mask == NoNode
                              ? "pass 'mask=" + Ctx.quote(Test) + "'"
                              : "add '" + Ctx.quote(Test) + "' to the mask"));
  if (Access.Mask == NoNode) {
    NodeId Args = T.field(Access.Call, PyField::Arguments);
    if (Args != NoNode && T.node(Args).End > T.node(Args).Start)
      N.Fixes.push_back(Ctx.insertion(T.node(Args).End - 1,
                                      ", mask=" + T.text(Test).str()));
  } else {
    N.Fixes.push_back(Ctx.replacement(
        Access.Mask, operand(Ctx, Access.Mask) + " & " + operand(Ctx, Test)));
  }
}

} // namespace

void runStoreMaskMismatch(RuleContext &Ctx) {
  llvm::DenseSet<NodeId> Seen;
  for (auto &AP : Ctx.Analyses) {
    FunctionAnalysis &A = *AP;
    for (const MemoryAccess &Access : A.function().Accesses) {
      if (!Seen.insert(Access.Call).second)
        continue;
      size_t Before = Ctx.Findings.size();
      if (Access.Op == MemoryOp::Store || Access.Op == MemoryOp::Atomic)
        checkGatedValue(Ctx, A, Access);
      if (Ctx.Findings.size() == Before)
        checkUnpredicatedAxis(Ctx, A, Access);
    }
  }
}

} // namespace kerneltidy::triton
