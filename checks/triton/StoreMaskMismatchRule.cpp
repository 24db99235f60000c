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
#include "lib/model/MaskEvidence.h"

#include "llvm/ADT/ArrayRef.h"
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

/// What a value predicate on a loaded index excludes: a value or a sign
/// (`tgt != ignore_index`, `e >= 0`, `e > -1`) or a range (`tgt < C`).
PredicateKind predicateKind(const PySyntaxTree &T, NodeId Atom) {
  Atom = T.stripParens(Atom);
  if (T.kind(Atom) != PyKind::ComparisonOperator)
    return PredicateKind::ExtentBound;
  llvm::StringRef Op = T.operatorText(Atom);
  if (Op == "==" || Op == "!=")
    return PredicateKind::Sentinel;
  llvm::SmallVector<NodeId, 2> Sides;
  T.forEachNamedChild(Atom, [&](NodeId C) { Sides.push_back(C); });
  if (Sides.size() != 2)
    return PredicateKind::ExtentBound;
  // `e >= 0` and `0 <= e`: the constant is on the lower side.
  NodeId Lower = (Op == ">" || Op == ">=") ? Sides[1] : Sides[0];
  NodeId Constant = T.stripParens(Lower);
  bool Negative = false;
  if (T.kind(Constant) == PyKind::UnaryOperator) {
    Negative = T.text(Constant).starts_with("-");
    Constant = T.stripParens(T.field(Constant, PyField::Other));
  }
  if (T.kind(Constant) == PyKind::Integer &&
      (Negative || T.text(Constant).trim() == "0"))
    return PredicateKind::Sentinel;
  return PredicateKind::ExtentBound;
}

/// Grades a finding by its evidence (lib/model/MaskEvidence.h) and adds the
/// tier's note.
void grade(RuleContext &Ctx, Finding &F, NodeId At, const MaskEvidence &E) {
  std::string Why;
  Confidence Tier = maskConfidence(E, Why);
  F.Confidence = confidenceName(Tier).str();
  Ctx.note(F, At, confidenceNote(Tier, Why));
}

/// Text without blanks, so that `i * BT + o` and `i*BT + o` compare equal.
std::string compact(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    if (C != ' ' && C != '\t' && C != '\n' && C != '\\')
      Out.push_back(C);
  return Out;
}

/// Not an escape: `t = tl.load(p, mask=m, other=-1)` and the value test
/// `t != -1` excludes exactly the `other` that the load gives the lanes its
/// mask drops, and this access's mask repeats m: the lanes that can hold the
/// sentinel are masked off here too (lightllm's moe_align_kernel).
bool sentinelOfOwnMaskedLoad(RuleContext &Ctx, FunctionAnalysis &A,
                             const Binding &B, NodeId Atom,
                             llvm::ArrayRef<NodeId> AccessMaskAtoms) {
  const PySyntaxTree &T = Ctx.T;
  NodeId Cmp = T.stripParens(Atom);
  if (B.Value == NoNode || T.kind(Cmp) != PyKind::ComparisonOperator)
    return false;
  llvm::StringRef Op = T.operatorText(Cmp);
  if (Op != "!=" && Op != "==")
    return false;
  for (const MemoryAccess &Load : A.function().Accesses) {
    if (Load.Op != MemoryOp::Load || Load.Other == NoNode ||
        Load.Mask == NoNode || !T.contains(B.Value, Load.Call))
      continue;
    std::string Other = compact(T.text(T.stripParens(Load.Other)));
    bool TestsOther = false;
    T.forEachNamedChild(Cmp, [&](NodeId Side) {
      TestsOther |= compact(T.text(T.stripParens(Side))) == Other;
    });
    if (!TestsOther)
      continue;
    llvm::SmallVector<NodeId, 8> LoadAtoms;
    A.predicateAtoms(Load.Mask, LoadAtoms);
    if (!LoadAtoms.empty() &&
        llvm::all_of(LoadAtoms, [&](NodeId L) {
          return llvm::any_of(AccessMaskAtoms, [&](NodeId M) {
            return compact(T.text(M)) == compact(T.text(L));
          });
        }))
      return true;
  }
  return false;
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
    if (Used == NoNode ||
        sentinelOfOwnMaskedLoad(Ctx, A, *A.resolve(T.text(Used), Used), Atom,
                                MaskAtoms))
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
    MaskEvidence E;
    E.Shape = MaskShape::GatedValue;
    E.Source = IndexSource::Loaded;
    E.Predicate = predicateKind(T, Atom);
    grade(Ctx, F, Access.Pointer, E);
    return; // one finding per access
  }
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
    llvm::ArrayRef<NodeId> Roots, MaskTestsFn &&MaskTestsBound,
    llvm::SmallVectorImpl<std::pair<NodeId, llvm::StringRef>> &Missing) {
  const PySyntaxTree &T = Ctx.T;
  const auto &Inline = A.inlineRuntimeBounds();
  if (Inline.empty() || isMaskedSpecialisation(Ctx, A, Access))
    return;
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

/// `tl.arange(0, C)`, through parentheses: the width C, else NoNode.
NodeId bareArangeWidth(RuleContext &Ctx, NodeId Expr) {
  const PySyntaxTree &T = Ctx.T;
  Expr = T.stripParens(Expr);
  if (T.kind(Expr) != PyKind::Call || Ctx.M.languageCallee(Expr) != "arange")
    return NoNode;
  NodeId Start = Ctx.M.argument(Expr, 0, "start");
  if (Start == NoNode || T.text(T.stripParens(Start)) != "0")
    return NoNode;
  return Ctx.M.argument(Expr, 1, "end");
}

/// `pid` in `pid * C`: a name assigned from tl.program_id.
bool readsProgramId(RuleContext &Ctx, FunctionAnalysis &A, NodeId Name) {
  const Binding *B = A.resolve(Ctx.T.text(Name), Name);
  return B && B->Kind == BindingKind::Assign && B->Value != NoNode &&
         A.callsProgramId(B->Value);
}

/// Loop bound, not a validity predicate: `o = i + tl.arange(0, C)` for `i`
/// in `range(start, pid * C, C)` stays below the start of this program's own
/// block, which lies inside the extent the grid covers (the causal prefix
/// loops of attention kernels). A loop to `(pid + 1) * C` would pass it.
bool belowOwnBlock(RuleContext &Ctx, FunctionAnalysis &A, const Binding &B) {
  const PySyntaxTree &T = Ctx.T;
  if (B.Kind != BindingKind::Assign || B.Value == NoNode)
    return false;
  NodeId V = T.stripParens(B.Value);
  if (T.kind(V) != PyKind::BinaryOperator || T.operatorText(V) != "+")
    return false;
  NodeId Sides[2] = {T.stripParens(T.field(V, PyField::Left)),
                     T.stripParens(T.field(V, PyField::Right))};
  for (int I = 0; I < 2; ++I) {
    NodeId Loop = Sides[I], Lanes = Sides[1 - I];
    // `kv_i.to(tl.int64) + block_i`: the widened loop variable.
    while (T.kind(Loop) == PyKind::Call && Ctx.M.isConversion(Loop))
      Loop = T.stripParens(
          T.field(T.field(Loop, PyField::Function), PyField::Object));
    if (T.kind(Loop) != PyKind::Identifier)
      continue;
    // The lane block: `tl.arange(0, C)` or a name bound to it.
    NodeId Width = bareArangeWidth(Ctx, Lanes);
    if (Width == NoNode && T.kind(Lanes) == PyKind::Identifier)
      if (const Binding *L = A.resolve(T.text(Lanes), Lanes);
          L && L->Kind == BindingKind::Assign && L->Value != NoNode)
        Width = bareArangeWidth(Ctx, L->Value);
    const Binding *Target = A.resolve(T.text(Loop), Loop);
    if (Width == NoNode || !Target || Target->Kind != BindingKind::LoopTarget ||
        Target->Value == NoNode)
      continue;
    NodeId Range = T.stripParens(Target->Value);
    if (T.kind(Range) != PyKind::Call)
      continue;
    llvm::StringRef Callee = Ctx.M.languageCallee(Range);
    if (Callee.empty())
      Callee = T.text(T.field(Range, PyField::Function));
    if (Callee != "range" && Callee != "static_range")
      continue;
    NodeId End = Ctx.M.argument(Range, 1, "end");
    NodeId Step = Ctx.M.argument(Range, 2, "step");
    if (End == NoNode || Step == NoNode ||
        T.text(T.stripParens(Step)) != T.text(T.stripParens(Width)))
      continue;
    // `pid * C` (either order), with no addition that moves past the block.
    NodeId E = T.stripParens(End);
    if (T.kind(E) != PyKind::BinaryOperator || T.operatorText(E) != "*")
      continue;
    NodeId L = T.stripParens(T.field(E, PyField::Left));
    NodeId R = T.stripParens(T.field(E, PyField::Right));
    std::string W = T.text(T.stripParens(Width)).str();
    bool Ok = (T.text(R) == W && T.kind(L) == PyKind::Identifier &&
               readsProgramId(Ctx, A, L)) ||
              (T.text(L) == W && T.kind(R) == PyKind::Identifier &&
               readsProgramId(Ctx, A, R));
    if (Ok)
      return true;
  }
  return false;
}

/// Not an escape: `o = tl.arange(0, C)` indexes a row that the address lays
/// out C elements wide (`rows[:, None] * C + o[None, :]`): every lane stays
/// inside its row, whatever count the kernel compares `o` with to drop lanes
/// later. The row index must vary across lanes (another axis): a scalar
/// multiple of C (`(k + 1) * C`, the next block of a K loop) moves the lanes
/// along their own axis, past the bound in the last block.
bool rowAsWideAsLanes(RuleContext &Ctx, FunctionAnalysis &A,
                      const MemoryAccess &Access, const Binding &B) {
  const PySyntaxTree &T = Ctx.T;
  if (B.Kind != BindingKind::Assign || B.Value == NoNode)
    return false;
  NodeId Width = bareArangeWidth(Ctx, B.Value);
  if (Width == NoNode || T.kind(T.stripParens(Width)) != PyKind::Identifier)
    return false;
  std::string W = T.text(T.stripParens(Width)).str();
  bool Strided = false;
  T.walk(Access.Pointer, [&](NodeId N) {
    if (T.kind(N) != PyKind::BinaryOperator || T.operatorText(N) != "*")
      return;
    NodeId L = T.field(N, PyField::Left), R = T.field(N, PyField::Right);
    Strided |= (T.text(T.stripParens(L)) == W && A.facts(R).PerLane) ||
               (T.text(T.stripParens(R)) == W && A.facts(L).PerLane);
  });
  return Strided;
}

/// Padding, not an escape: the address lays its rows out by an extent the
/// kernel's own names call padded (`off_hb * seqlen_q_rounded + offs_m`,
/// `row * padded_cols`): the host rounded the rows up so that the last
/// block's tail lanes land in their own row's padding (flash-attention's Lse,
/// TMP and Delta). A row laid out by the bound itself (`row * n_cols`) is
/// not padded.
bool paddedLayout(RuleContext &Ctx, llvm::ArrayRef<NodeId> Roots) {
  const PySyntaxTree &T = Ctx.T;
  auto PaddedName = [](llvm::StringRef Name) {
    std::string L = Name.lower();
    llvm::StringRef N(L);
    return N.contains("rounded") || N.contains("padded") ||
           N.starts_with("pad_") || N.ends_with("_pad") ||
           N.contains("aligned");
  };
  bool Padded = false;
  for (NodeId Root : Roots)
    T.walk(Root, [&](NodeId N) {
      if (T.kind(N) != PyKind::BinaryOperator || T.operatorText(N) != "*")
        return;
      for (NodeId Side : {T.field(N, PyField::Left), T.field(N, PyField::Right)})
        Padded |= T.kind(T.stripParens(Side)) == PyKind::Identifier &&
                  PaddedName(T.text(T.stripParens(Side)));
    });
  return Padded;
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
  // The address, through the names it reads (a pointer built in steps).
  llvm::SmallVector<NodeId, 8> Roots = {Access.Pointer};
  for (const Binding *B : Address.Bindings)
    if (B->Value != NoNode)
      Roots.push_back(B->Value);
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
        WrappedBelowBound(B, Test.Bound) || belowOwnBlock(Ctx, A, *B) ||
        rowAsWideAsLanes(Ctx, A, Access, *B))
      continue;
    Missing.push_back({Test.Comparison, B->Name});
  }
  if (!Missing.empty() && A.underConstexprBranch(Access.Call))
    return;
  if (!Missing.empty() && paddedLayout(Ctx, Roots))
    return;
  if (Missing.empty())
    findInlineBound(Ctx, A, Access, Roots, MaskTestsBound, Missing);
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
  MaskEvidence E;
  E.Shape = MaskShape::UnmaskedLanes;
  E.Source = IndexSource::Computed;
  E.Predicate = PredicateKind::ExtentBound;
  grade(Ctx, F, Access.Pointer, E);
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
