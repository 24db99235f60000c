//===- StoreMaskMismatchRule.cpp - kernel-store-mask-mismatch on Triton ----===//
//
// Reported, four shapes:
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
//  3. A chunk's rows spelt another way: the address holds a row whose
//     additive terms (names followed to their definitions) include those of
//     a row that a sibling access's mask bounds by a size (`o_t < T` with
//     `o_t = i_t * BT + tl.arange(0, BT)`; here `bos + i_t * BT + i_idx`),
//     and this access's mask neither tests that size nor reads the chunk
//     index: an unmasked atomic, or a mask on another axis (FLA de09abdf).
//
//  4. A gather through a loaded index that nothing in the kernel tests, under
//     a mask on the output lanes only. The source cannot say whether the
//     table holds an out-of-range entry; the policy keeps it low.
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

#include <functional>

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
    std::string Other = textWithoutBlanks(T.text(T.stripParens(Load.Other)));
    bool TestsOther = false;
    T.forEachNamedChild(Cmp, [&](NodeId Side) {
      TestsOther |= textWithoutBlanks(T.text(T.stripParens(Side))) == Other;
    });
    if (!TestsOther)
      continue;
    llvm::SmallVector<NodeId, 8> LoadAtoms;
    A.predicateAtoms(Load.Mask, LoadAtoms);
    if (!LoadAtoms.empty() &&
        llvm::all_of(LoadAtoms, [&](NodeId L) {
          return llvm::any_of(AccessMaskAtoms, [&](NodeId M) {
            return textWithoutBlanks(T.text(M)) == textWithoutBlanks(T.text(L));
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
  std::string Pointer = textWithoutBlanks(T.text(Access.Pointer));
  for (const MemoryAccess &Other : A.function().Accesses)
    if (&Other != &Access && Other.Mask != NoNode &&
        textWithoutBlanks(T.text(Other.Pointer)) == Pointer)
      return true;
  return false;
}

/// `tl.minimum`, `tl.maximum`, `tl.clamp`, `tl.where` and `%`: a row clamped
/// into range (`tl.minimum(i_t * BT + i_idx, T - 1)`).
bool isClamp(RuleContext &Ctx, NodeId N) {
  const PySyntaxTree &T = Ctx.T;
  if (T.kind(N) == PyKind::BinaryOperator)
    return T.operatorText(N) == "%";
  if (T.kind(N) != PyKind::Call)
    return false;
  llvm::StringRef C = Ctx.M.languageCallee(N);
  return C == "minimum" || C == "maximum" || C == "clamp" || C == "where";
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
    std::string Want = textWithoutBlanks(T.text(Index));
    bool Used = false;
    // A clamped row (`tl.minimum(i_t * BT + i_idx, T - 1)`) is in range.
    for (NodeId Root : Roots)
      for (NodeId N = Root, E = T.subtreeEnd(Root); N < E && !Used;) {
        if (isClamp(Ctx, N)) {
          N = T.subtreeEnd(N);
          continue;
        }
        Used |= T.kind(N) == PyKind::BinaryOperator && !T.contains(N, Index) &&
                textWithoutBlanks(T.text(N)) == Want;
        ++N;
      }
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

/// Not an escape: a lane range one lane wide. `xoffset + tl.arange(0,
/// XBLOCK)` with XBLOCK set to 1 by every autotune config of the kernel
/// (TorchInductor's persistent reductions, `triton.Config({"XBLOCK": 1,
/// "RBLOCK": 2048})`) is the program index itself: the launcher's grid,
/// `cdiv(xnumel, XBLOCK)` programs, bounds it, and there are no tail lanes
/// for a mask to drop. Every tl.arange the binding's value reads (through
/// names bound by plain assignment) must be one lane wide.
bool singleLaneAxis(RuleContext &Ctx, FunctionAnalysis &A, const Binding &B) {
  const PySyntaxTree &T = Ctx.T;
  unsigned Ranges = 0;
  bool Wide = false;
  std::function<void(NodeId, unsigned)> Walk = [&](NodeId N, unsigned Depth) {
    if (N == NoNode || Wide || Depth > 24)
      return;
    N = T.stripParens(N);
    if (T.kind(N) == PyKind::Identifier) {
      NodeId Def = A.definition(N);
      if (Def != N)
        Walk(Def, Depth + 1);
      return;
    }
    if (NodeId Width = bareArangeWidth(Ctx, N); Width != NoNode) {
      ++Ranges;
      Width = T.stripParens(Width);
      bool One = T.text(Width) == "1";
      if (!One && T.kind(Width) == PyKind::Identifier) {
        const TritonParam *P = A.function().param(T.text(Width));
        One = P && P->IsConstexpr &&
              A.function().configuredValue(P->Name) == 1;
      }
      Wide |= !One;
      return;
    }
    if (T.kind(N) == PyKind::Call && Ctx.M.languageCallee(N) == "arange") {
      Wide = true; // a range that does not start at 0
      return;
    }
    T.forEachNamedChild(N, [&](NodeId C) { Walk(C, Depth + 1); });
  };
  Walk(B.Value, 0);
  return Ranges > 0 && !Wide;
}

/// `pid` in `pid * C`: a name assigned from tl.program_id.
bool readsProgramId(RuleContext &Ctx, FunctionAnalysis &A, NodeId Name) {
  const Binding *B = A.resolve(Ctx.T.text(Name), Name);
  return B && B->Kind == BindingKind::Assign && B->Value != NoNode &&
         A.callsProgramId(B->Value);
}

/// True when Loop is a variable of `range(start, pid * C, C)` (C the width
/// of the lanes added to it): `Loop + tl.arange(0, C)` stays below the start
/// of this program's own block.
bool loopBelowOwnBlock(RuleContext &Ctx, FunctionAnalysis &A, NodeId Loop,
                       NodeId Width) {
  const PySyntaxTree &T = Ctx.T;
  const Binding *Target = A.resolve(T.text(Loop), Loop);
  if (Width == NoNode || !Target || Target->Kind != BindingKind::LoopTarget ||
      Target->Value == NoNode)
    return false;
  NodeId Range = T.stripParens(Target->Value);
  if (T.kind(Range) != PyKind::Call)
    return false;
  llvm::StringRef Callee = Ctx.M.languageCallee(Range);
  if (Callee.empty())
    Callee = T.text(T.field(Range, PyField::Function));
  if (Callee != "range" && Callee != "static_range")
    return false;
  NodeId End = Ctx.M.argument(Range, 1, "end");
  NodeId Step = Ctx.M.argument(Range, 2, "step");
  if (End == NoNode || Step == NoNode ||
      T.text(T.stripParens(Step)) != T.text(T.stripParens(Width)))
    return false;
  // `pid * C` (either order), with no addition that moves past the block.
  NodeId E = T.stripParens(End);
  if (T.kind(E) != PyKind::BinaryOperator || T.operatorText(E) != "*")
    return false;
  NodeId L = T.stripParens(T.field(E, PyField::Left));
  NodeId R = T.stripParens(T.field(E, PyField::Right));
  std::string W = T.text(T.stripParens(Width)).str();
  return (T.text(R) == W && T.kind(L) == PyKind::Identifier &&
          readsProgramId(Ctx, A, L)) ||
         (T.text(L) == W && T.kind(R) == PyKind::Identifier &&
          readsProgramId(Ctx, A, R));
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
    if (loopBelowOwnBlock(Ctx, A, Loop, Width))
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

/// The expressions a helper's callers built its address from: for each
/// parameter the address reads, the argument at the call and the bindings it
/// reads there, up the helper chain. flash-attention's backward advances
/// `LSE += off_hb * seqlen_q_rounded` in the kernel and loads
/// `LSE + offs_m_curr` in the helper it calls: the padding is the caller's.
void addCallerAddressRoots(RuleContext &Ctx, const FunctionAnalysis &A,
                           const FunctionAnalysis::Dependencies &Address,
                           llvm::SmallVectorImpl<NodeId> &Roots) {
  const FunctionAnalysis *Callee = &A;
  FunctionAnalysis::Dependencies Names = Address;
  while (FunctionAnalysis *Caller = Callee->caller()) {
    FunctionAnalysis::Dependencies Next;
    const JitFunction &F = Callee->function();
    for (unsigned I = 0; I < F.Params.size(); ++I) {
      if (!Names.Names.contains(F.Params[I].Name))
        continue;
      NodeId Arg = Ctx.M.argument(Callee->callSite(), I, F.Params[I].Name);
      if (Arg == NoNode)
        continue;
      Roots.push_back(Arg);
      FunctionAnalysis::Dependencies D;
      Caller->dependencies(Arg, D,
                           FunctionAnalysis::StopAtOpaqueCall |
                               FunctionAnalysis::AllReachingBindings);
      for (const Binding *B : D.Bindings)
        if (B->Value != NoNode)
          Roots.push_back(B->Value);
      for (llvm::StringRef N : D.Names)
        Next.Names.insert(N);
    }
    Names = std::move(Next);
    Callee = Caller;
  }
}

/// One additive term of a row index, normalised (see rowTerms).
struct RowTerm {
  std::string Key;
  NodeId Node = NoNode;
};

/// `x.to(...)`, broadcasting subscripts and parentheses around a term; sets
/// Broadcast when it drops a subscript.
NodeId stripRowWrappers(RuleContext &Ctx, NodeId E, bool &Broadcast) {
  const PySyntaxTree &T = Ctx.T;
  for (unsigned Step = 0; Step < 8; ++Step) {
    E = T.stripParens(E);
    if (T.kind(E) == PyKind::Subscript) {
      Broadcast = true;
      E = T.field(E, PyField::Value);
    } else if (T.kind(E) == PyKind::Call && Ctx.M.isConversion(E)) {
      E = T.field(T.field(E, PyField::Function), PyField::Object);
    } else {
      break;
    }
  }
  return E;
}

/// The additive terms of a row index, normalised so that two spellings of
/// one row compare equal: `i_t * BT + tl.arange(0, BT)`,
/// `(i_t * BT).to(tl.int64) + o_i` with `o_i = tl.arange(0, BT)`, and
/// `i_t * BT + i_idx` with `i_idx = o_i[:, None]` all give the terms
/// {`i_t*BT`, `arange(BT)`}. Names bound to a sum, a product or a lane range
/// are followed; other terms keep their text.
void rowTerms(RuleContext &Ctx, FunctionAnalysis &A, NodeId E,
              llvm::SmallVectorImpl<RowTerm> &Out, bool &Broadcast,
              unsigned Depth = 0) {
  const PySyntaxTree &T = Ctx.T;
  E = stripRowWrappers(Ctx, E, Broadcast);
  if (T.kind(E) == PyKind::BinaryOperator && T.operatorText(E) == "+" &&
      Depth < 8) {
    rowTerms(Ctx, A, T.field(E, PyField::Left), Out, Broadcast, Depth + 1);
    rowTerms(Ctx, A, T.field(E, PyField::Right), Out, Broadcast, Depth + 1);
    return;
  }
  if (NodeId Width = bareArangeWidth(Ctx, E); Width != NoNode) {
    Out.push_back({"arange(" + textWithoutBlanks(T.text(T.stripParens(Width))) + ")", E});
    return;
  }
  if (T.kind(E) == PyKind::Identifier && Depth < 8)
    if (const Binding *B = A.resolve(T.text(E), E);
        B && B->Kind == BindingKind::Assign && B->Value != NoNode) {
      bool Ignored = false;
      NodeId V = stripRowWrappers(Ctx, B->Value, Ignored);
      if ((T.kind(V) == PyKind::BinaryOperator &&
           (T.operatorText(V) == "+" || T.operatorText(V) == "*")) ||
          T.kind(V) == PyKind::Identifier ||
          bareArangeWidth(Ctx, V) != NoNode) {
        rowTerms(Ctx, A, B->Value, Out, Broadcast, Depth + 1);
        return;
      }
    }
  // The same text bound twice (`off` of two loops) is two rows: the key
  // names the binding each identifier of the term reads.
  std::string Key = textWithoutBlanks(T.text(E));
  T.walk(E, [&](NodeId N) {
    if (T.kind(N) != PyKind::Identifier)
      return;
    if (const Binding *B = A.resolve(T.text(N), N))
      Key += "@" + std::to_string(B->Target);
  });
  Out.push_back({Key, E});
}

/// A chunk's row index (`i_t * BT + tl.arange(0, BT)`, named or not) that
/// the kernel compares against a runtime size in the mask of some access.
struct BoundedRow {
  llvm::SmallVector<RowTerm, 4> Terms;
  NodeId Index = NoNode; // the compared side, subscripts stripped
  FunctionAnalysis::BoundTest Test;
};

/// The bounded rows of a function: one lane range plus scalar terms.
std::vector<BoundedRow> boundedRows(RuleContext &Ctx, FunctionAnalysis &A) {
  const PySyntaxTree &T = Ctx.T;
  std::vector<BoundedRow> Rows;
  llvm::DenseSet<NodeId> MaskAtoms;
  for (const MemoryAccess &Other : A.function().Accesses) {
    if (Other.Mask == NoNode)
      continue;
    llvm::SmallVector<NodeId, 8> Atoms;
    A.predicateAtoms(Other.Mask, Atoms);
    MaskAtoms.insert(Atoms.begin(), Atoms.end());
  }
  for (NodeId Cmp : A.function().Comparisons) {
    NodeId Bound = A.upperBoundSide(Cmp);
    if (Bound == NoNode || !MaskAtoms.contains(Cmp))
      continue;
    NodeId Index = T.firstNamedChild(Cmp);
    if (Index == Bound)
      T.forEachNamedChild(Cmp, [&](NodeId C) { Index = C; });
    while (T.kind(T.stripParens(Index)) == PyKind::Subscript)
      Index = T.field(T.stripParens(Index), PyField::Value);
    Index = T.stripParens(Index);
    ValueFacts BoundFacts = A.facts(Bound);
    if (BoundFacts.CompileTime || BoundFacts.PerLane || !A.isSizeBound(Bound) ||
        !A.facts(Index).PerLane)
      continue;
    BoundedRow Row;
    bool Broadcast = false;
    rowTerms(Ctx, A, Index, Row.Terms, Broadcast);
    unsigned Lanes = llvm::count_if(Row.Terms, [](const RowTerm &R) {
      return llvm::StringRef(R.Key).starts_with("arange(");
    });
    if (Lanes != 1 || Row.Terms.size() < 2)
      continue;
    Row.Index = Index;
    Row.Test = {Cmp, Bound};
    Rows.push_back(std::move(Row));
  }
  return Rows;
}

/// True when every term of Want occurs in Have (as a multiset).
bool containsTerms(llvm::ArrayRef<RowTerm> Have, llvm::ArrayRef<RowTerm> Want) {
  llvm::SmallVector<bool, 8> Used(Have.size(), false);
  for (const RowTerm &W : Want) {
    bool Found = false;
    for (unsigned I = 0; I < Have.size() && !Found; ++I)
      if (!Used[I] && Have[I].Key == W.Key)
        Used[I] = Found = true;
    if (!Found)
      return false;
  }
  return true;
}

/// True when Node sits under an `if` or `while` whose condition mentions
/// Bound (`if i_t * BT + BT <= T:`, a full-chunk branch).
bool underTestOf(RuleContext &Ctx, FunctionAnalysis &A, NodeId Node,
                 NodeId Bound) {
  const PySyntaxTree &T = Ctx.T;
  std::string Want = textWithoutBlanks(T.text(Bound));
  for (NodeId P = T.node(Node).Parent; P != NoNode && P != A.function().Definition;
       P = T.node(P).Parent) {
    PyKind K = T.kind(P);
    if (K != PyKind::IfStatement && K != PyKind::ElifClause &&
        K != PyKind::WhileStatement)
      continue;
    NodeId Cond = T.field(P, PyField::Condition);
    if (Cond == NoNode || T.contains(Cond, Node))
      continue;
    // Compared as text without blanks: a name or a whole bound expression.
    if (textWithoutBlanks(T.text(Cond)).find(Want) != std::string::npos)
      return true;
  }
  return false;
}

/// Shape 2 for a chunk's rows spelt another way: the address holds a row
/// (`(bos + i_t * BT + i_idx) * H`) whose terms include those of a row the
/// kernel bounds by a size in a sibling access's mask (`m_t = o_t < T` with
/// `o_t = (i_t * BT).to(tl.int64) + o_i`), not clamped, and this access's
/// mask does not test that size. The bound's own spelling is shape 2's
/// business (named or inline); this takes the rest.
struct RowEscape {
  FunctionAnalysis *Analysis = nullptr;
  const BoundedRow *Row = nullptr;
  NodeId At = NoNode; // the row expression in the address
  bool Broadcast = false;
};

/// True when the access's mask reads a name of the row's scalar terms (the
/// chunk index, not a compile-time block size).
bool maskReadsRowBase(RuleContext &Ctx, FunctionAnalysis &A,
                      const MemoryAccess &Access, const BoundedRow &Row) {
  const PySyntaxTree &T = Ctx.T;
  FunctionAnalysis::Dependencies Mask;
  A.dependencies(Access.Mask, Mask, FunctionAnalysis::AllReachingBindings);
  bool Reads = false;
  for (const RowTerm &Term : Row.Terms) {
    if (llvm::StringRef(Term.Key).starts_with("arange("))
      continue;
    T.walk(Term.Node, [&](NodeId N) {
      if (T.kind(N) != PyKind::Identifier)
        return;
      const TritonParam *P = A.function().param(T.text(N));
      if (P && P->IsConstexpr)
        return;
      Reads |= Mask.Names.contains(T.text(N));
    });
  }
  return Reads;
}

/// The narrowest part of the sum Chain that holds Row: an operand (`off` in
/// `Partial + off`) or a smaller sum, else Chain itself. The message quotes
/// it.
NodeId narrowestRow(RuleContext &Ctx, FunctionAnalysis &A, NodeId Chain,
                    const BoundedRow &Row) {
  const PySyntaxTree &T = Ctx.T;
  NodeId Best = Chain;
  size_t BestSize = T.text(Chain).size();
  for (NodeId N = Chain, E = T.subtreeEnd(Chain); N < E; ++N) {
    PyKind K = T.kind(N);
    if (N == Chain || (K != PyKind::Identifier &&
                       !(K == PyKind::BinaryOperator && T.operatorText(N) == "+")))
      continue;
    llvm::SmallVector<RowTerm, 8> Terms;
    bool Ignored = false;
    rowTerms(Ctx, A, N, Terms, Ignored);
    if (containsTerms(Terms, Row.Terms) && T.text(N).size() < BestSize) {
      Best = N;
      BestSize = T.text(N).size();
    }
  }
  return Best;
}

RowEscape findUnboundedRow(RuleContext &Ctx, FunctionAnalysis &A,
                           const MemoryAccess &Access,
                           llvm::ArrayRef<BoundedRow> Rows,
                           llvm::ArrayRef<NodeId> Roots,
                           const FunctionAnalysis::Dependencies &Address,
                           llvm::function_ref<bool(NodeId)> MaskTestsBound) {
  const PySyntaxTree &T = Ctx.T;
  if (Rows.empty() || isMaskedSpecialisation(Ctx, A, Access))
    return {};
  for (const BoundedRow &Row : Rows) {
    if (MaskTestsBound(Row.Test.Bound) ||
        (Access.Mask != NoNode && T.contains(Access.Mask, Row.Test.Comparison)) ||
        underTestOf(Ctx, A, Access.Call, Row.Test.Bound))
      continue;
    // Spelt as the bound spells it: shape 2 has decided already.
    if (T.kind(Row.Index) == PyKind::Identifier) {
      const Binding *B = A.resolve(T.text(Row.Index), Row.Index);
      if (B && Address.Bindings.contains(B))
        continue;
    }
    // A mask that reads the chunk index of the row (`i_t`, `h_block_idx`,
    // directly or through a name such as `h_in`) bounds that axis, perhaps
    // against another extent or after a transform.
    if (Access.Mask != NoNode && maskReadsRowBase(Ctx, A, Access, Row))
      continue;
    std::string Spelt = textWithoutBlanks(T.text(Row.Index));
    bool SameSpelling = false;
    for (NodeId Root : Roots)
      T.walk(Root, [&](NodeId N) {
        SameSpelling |= T.kind(N) == PyKind::BinaryOperator &&
                        textWithoutBlanks(T.text(N)) == Spelt;
      });
    if (SameSpelling)
      continue;
    for (NodeId Root : Roots) {
      for (NodeId N = Root, E = T.subtreeEnd(Root); N < E;) {
        // A loaded value is data: its own address is not this access's.
        if (isClamp(Ctx, N) || (T.kind(N) == PyKind::Call &&
                                Ctx.M.languageCallee(N) == "load")) {
          N = T.subtreeEnd(N);
          continue;
        }
        NodeId P = T.node(N).Parent;
        if (T.kind(N) == PyKind::BinaryOperator && T.operatorText(N) == "+" &&
            !(T.kind(P) == PyKind::BinaryOperator && T.operatorText(P) == "+")) {
          llvm::SmallVector<RowTerm, 8> Terms;
          bool Broadcast = false;
          rowTerms(Ctx, A, N, Terms, Broadcast);
          bool BelowOwnBlock = false;
          if (Terms.size() == 2)
            for (unsigned I = 0; I < 2; ++I)
              if (T.kind(Terms[I].Node) == PyKind::Identifier &&
                  llvm::StringRef(Terms[1 - I].Key).starts_with("arange("))
                BelowOwnBlock |= loopBelowOwnBlock(
                    Ctx, A, Terms[I].Node,
                    Ctx.M.argument(Terms[1 - I].Node, 1, "end"));
          if (!BelowOwnBlock && containsTerms(Terms, Row.Terms)) {
            N = narrowestRow(Ctx, A, N, Row);
            for (NodeId Q = T.node(N).Parent; Q != NoNode;
                 Q = T.node(Q).Parent) {
              if (T.kind(Q) == PyKind::ParenthesizedExpression)
                continue;
              Broadcast |= T.kind(Q) == PyKind::Subscript;
              break;
            }
            return {&A, &Row, N, Broadcast};
          }
        }
        ++N;
      }
    }
  }
  return {};
}

/// The operands of the sum R.At whose terms are the bounded row's, in
/// source order (`i_t * BT + i_idx` of `bos + i_t * BT + i_idx`).
std::string boundedPart(RuleContext &Ctx, const RowEscape &R) {
  const PySyntaxTree &T = Ctx.T;
  FunctionAnalysis &A = *R.Analysis;
  llvm::SmallVector<NodeId, 8> Operands;
  std::function<void(NodeId)> Flatten = [&](NodeId N) {
    N = T.stripParens(N);
    if (T.kind(N) == PyKind::BinaryOperator && T.operatorText(N) == "+") {
      Flatten(T.field(N, PyField::Left));
      Flatten(T.field(N, PyField::Right));
      return;
    }
    Operands.push_back(N);
  };
  Flatten(R.At);
  llvm::SmallVector<RowTerm, 4> Left(R.Row->Terms.begin(), R.Row->Terms.end());
  std::string Out;
  for (NodeId Op : Operands) {
    llvm::SmallVector<RowTerm, 4> Terms;
    bool Ignored = false;
    rowTerms(Ctx, A, Op, Terms, Ignored);
    if (!containsTerms(Left, Terms))
      continue;
    for (const RowTerm &Term : Terms)
      Left.erase(llvm::find_if(
          Left, [&](const RowTerm &L) { return L.Key == Term.Key; }));
    Out += (Out.empty() ? "" : " + ") + T.text(Op).str();
  }
  return Left.empty() && !Out.empty() ? Out : Ctx.quote(R.At);
}

/// Reports a RowEscape: the rows of the last chunk pass the bound.
void reportUnboundedRow(RuleContext &Ctx, const MemoryAccess &Access,
                        const RowEscape &R) {
  const PySyntaxTree &T = Ctx.T;
  NodeId Cmp = R.Row->Test.Comparison;
  std::string Op = accessName(Access);
  std::string Row = Ctx.quote(R.At);
  std::string Message =
      Access.Mask == NoNode
          ? "'" + Op + "' at rows '" + Row +
                "' is not predicated: rows of the last chunk past the bound '" +
                Ctx.quote(Cmp) + "' access memory out of range"
          : "'" + Op + "' is not predicated on the rows '" + Row +
                "': its mask '" + Ctx.quote(Access.Mask) +
                "' covers another axis but not the bound '" + Ctx.quote(Cmp) +
                "'";
  // A fix only where the test has the access's shape: neither the row nor
  // the test is broadcast.
  bool Plain = !R.Broadcast && !T.text(Cmp).contains('[');
  std::string How =
      Access.Mask == NoNode
          ? (Plain ? "pass 'mask=" + Ctx.quote(Cmp) + "'"
                   : "pass this bound, broadcast to the access, as its mask")
          : (Plain ? "add '" + Ctx.quote(Cmp) + "' to the mask"
                   : "add this bound, broadcast to the access, to the mask");
  // Clamping is a fix for a read only: a clamped write lands on row T - 1.
  // What is clamped is the part of the sum that the bound tests
  // (`bos + tl.minimum(i_t * BT + i_idx, T - 1)`, FLA de09abdf).
  if (Access.Op == MemoryOp::Load)
    How += ", or clamp the row with 'tl.minimum(" + boundedPart(Ctx, R) +
           ", " + Ctx.quote(R.Row->Test.Bound) + " - 1)'";
  Finding &F = Ctx.report(StoreMaskMismatchId, Access.Pointer, Message);
  Note &N = Ctx.note(F, Cmp, "the same rows are bounded here; " + How);
  if (Plain) {
    if (Access.Mask == NoNode) {
      NodeId Args = T.field(Access.Call, PyField::Arguments);
      if (Args != NoNode && T.node(Args).End > T.node(Args).Start)
        N.Fixes.push_back(Ctx.insertion(T.node(Args).End - 1,
                                        ", mask=" + T.text(Cmp).str()));
    } else {
      N.Fixes.push_back(Ctx.replacement(
          Access.Mask, operand(Ctx, Access.Mask) + " & " + operand(Ctx, Cmp)));
    }
  }
  MaskEvidence E;
  E.Shape = MaskShape::UnmaskedRows;
  E.Source = IndexSource::Computed;
  E.Predicate = PredicateKind::ExtentBound;
  grade(Ctx, F, Access.Pointer, E);
}

/// Shape 2: a per-lane offset with a runtime bound that the mask ignores.
void checkUnpredicatedAxis(RuleContext &Ctx, FunctionAnalysis &A,
                           const MemoryAccess &Access,
                           llvm::ArrayRef<BoundedRow> Rows) {
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
  // What the callers added to a pointer parameter counts for padding only;
  // the other tests read this function's own address. Built when a finding
  // is about to be made, not for every access.
  auto PaddedLayout = [&] {
    llvm::SmallVector<NodeId, 8> LayoutRoots(Roots.begin(), Roots.end());
    addCallerAddressRoots(Ctx, A, Address, LayoutRoots);
    return paddedLayout(Ctx, LayoutRoots);
  };
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
  // that masks the same index anyway), also when a hint rebinds it
  // (`rm = tl.max_contiguous(tl.multiple_of(rm, BM), BM)`, stream-K).
  auto WrappedBelowBound = [&](const Binding *B, NodeId Bound) {
    if (B->Kind != BindingKind::Assign)
      return false;
    NodeId V = T.stripParens(A.underlying(B->Value));
    return T.kind(V) == PyKind::BinaryOperator && T.operatorText(V) == "%" &&
           T.text(T.stripParens(T.field(V, PyField::Right))) == T.text(Bound);
  };
  // A coordinate decoded from a flat index the mask bounds (`n_idx =
  // offs_m[:, None] // (P * Q)`, `pq = offs_m % (P * Q)`, `p_idx = pq // Q`
  // under `offs_m < M_total`): the flat index walks the product of the
  // coordinates' extents, so the mask on it bounds each coordinate; a test
  // of the coordinate elsewhere (a load's `n_idx < N`) is defensive, not
  // the store's missing predicate (aiter's implicit-GEMM convolutions).
  std::function<bool(const Binding *, unsigned)> DecodedFromMasked =
      [&](const Binding *B, unsigned Depth) {
        if (!B || Depth > 6 || B->Kind != BindingKind::Assign)
          return false;
        NodeId V = T.stripParens(B->Value);
        if (T.kind(V) != PyKind::BinaryOperator ||
            (T.operatorText(V) != "//" && T.operatorText(V) != "%"))
          return false;
        NodeId Flat = T.stripParens(T.field(V, PyField::Left));
        while (T.kind(Flat) == PyKind::Subscript)
          Flat = T.stripParens(T.field(Flat, PyField::Value));
        if (T.kind(Flat) != PyKind::Identifier)
          return false;
        const Binding *FB = A.resolve(T.text(Flat), Flat);
        return (FB && Mask.Bindings.contains(FB)) || MaskCoversAlias(FB) ||
               DecodedFromMasked(FB, Depth + 1);
      };
  for (const auto &[B, Test] : Bounds) {
    if (!Address.Bindings.contains(B) || Mask.Names.contains(B->Name) ||
        MaskCoversAlias(B) || MaskTestsBound(Test.Bound) ||
        DecodedFromMasked(B, 0) || WrappedBelowBound(B, Test.Bound) ||
        belowOwnBlock(Ctx, A, *B) || rowAsWideAsLanes(Ctx, A, Access, *B) ||
        singleLaneAxis(Ctx, A, *B))
      continue;
    Missing.push_back({Test.Comparison, B->Name});
  }
  if (!Missing.empty() && A.underConstexprBranch(Access.Call))
    return;
  if (!Missing.empty() && PaddedLayout())
    return;
  if (Missing.empty())
    findInlineBound(Ctx, A, Access, Roots, MaskTestsBound, Missing);
  if (Missing.empty()) {
    RowEscape R = findUnboundedRow(Ctx, A, Access, Rows, Roots, Address,
                                   MaskTestsBound);
    if (R.Row && !PaddedLayout())
      reportUnboundedRow(Ctx, Access, R);
    return;
  }
  llvm::sort(Missing);
  auto [Cmp, Name] = Missing.front();
  std::string Op = accessName(Access);
  std::string Message;
  // `tl.load(p, None, ...)`: a mask written out as None masks nothing.
  bool ExplicitNone =
      Access.Mask != NoNode && T.kind(Access.Mask) == PyKind::None;
  if (Access.Mask == NoNode || ExplicitNone)
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
                         (Access.Mask == NoNode || ExplicitNone
                              ? "pass 'mask=" + Ctx.quote(Test) + "'"
                              : "add '" + Ctx.quote(Test) + "' to the mask"));
  if (ExplicitNone) {
    N.Fixes.push_back(Ctx.replacement(Access.Mask, T.text(Test).str()));
  } else if (Access.Mask == NoNode) {
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
  E.ExplicitNoMask = ExplicitNone;
  grade(Ctx, F, Access.Pointer, E);
}

/// Shape 3, the read side of a loaded index: a gather whose address reads a
/// per-lane index loaded from a table (`pos = tl.load(pos_ptr + offs,
/// mask=m)`; `tl.load(cos + pos * stride + cols, mask=m)`) that nothing in
/// the kernel compares, under a mask that does not read it. The source
/// cannot say whether the table holds a sentinel or an out-of-range entry
/// (a position table, an embedding id, a block table are in range by
/// contract), so the policy keeps it low.
void checkUncheckedGather(RuleContext &Ctx, FunctionAnalysis &A,
                          const MemoryAccess &Access) {
  const PySyntaxTree &T = Ctx.T;
  if (Access.Op != MemoryOp::Load || Access.Mask == NoNode ||
      Access.BoundaryCheck != NoNode)
    return;
  llvm::StringRef BaseCallee = Ctx.M.languageCallee(A.underlying(Access.Pointer));
  if (BaseCallee == "make_block_ptr" || BaseCallee == "advance")
    return;
  FunctionAnalysis::Dependencies Address, Mask;
  A.dependencies(Access.Pointer, Address,
                 FunctionAnalysis::StopAtClamp |
                     FunctionAnalysis::StopAtOpaqueCall |
                     FunctionAnalysis::StopAtNonIndex);
  A.dependencies(Access.Mask, Mask, FunctionAnalysis::AllReachingBindings);
  llvm::SmallVector<const Binding *, 4> Loaded;
  for (const Binding *B : Address.Bindings)
    if (B->Kind == BindingKind::Assign && B->Value != NoNode &&
        !Mask.Names.contains(B->Name))
      Loaded.push_back(B);
  llvm::sort(Loaded, [](const Binding *L, const Binding *R) {
    return L->Target < R->Target;
  });
  for (const Binding *B : Loaded) {
    bool Ignored = false;
    NodeId V = stripRowWrappers(Ctx, B->Value, Ignored);
    if (T.kind(V) != PyKind::Call || Ctx.M.languageCallee(V) != "load")
      continue;
    // A per-lane table entry, not a scalar (a sequence start, a length).
    const MemoryAccess *Table = nullptr;
    for (const MemoryAccess &L : A.function().Accesses)
      if (L.Call == V)
        Table = &L;
    if (!Table || Table->Pointer == NoNode || !A.facts(Table->Pointer).PerLane)
      continue;
    // Tested anywhere (a bound, a sentinel, a selector): not this shape.
    if (llvm::any_of(A.function().Comparisons, [&](NodeId Cmp) {
          return T.mentionsName(Cmp, B->Name);
        }))
      continue;
    std::string Name = B->Name.str();
    Finding &F = Ctx.report(
        StoreMaskMismatchId, Access.Pointer,
        "'tl.load' gathers at '" + Name +
            "', an index read from memory that nothing in the kernel bounds; "
            "its mask '" +
            Ctx.quote(Access.Mask) + "' covers the output lanes only");
    Ctx.note(F, V,
             "'" + Name +
                 "' is read here; if the table can hold a sentinel or an "
                 "out-of-range entry, add its bound to the mask or clamp it "
                 "with 'tl.minimum'");
    MaskEvidence E;
    E.Shape = MaskShape::ValidatedElsewhere;
    E.Source = IndexSource::Loaded;
    E.Predicate = PredicateKind::Unchecked;
    grade(Ctx, F, Access.Pointer, E);
    return;
  }
}

} // namespace

void runStoreMaskMismatch(RuleContext &Ctx) {
  llvm::DenseSet<NodeId> Seen;
  for (auto &AP : Ctx.Analyses) {
    FunctionAnalysis &A = *AP;
    std::vector<BoundedRow> Rows = boundedRows(Ctx, A);
    for (const MemoryAccess &Access : A.function().Accesses) {
      if (!Seen.insert(Access.Call).second)
        continue;
      size_t Before = Ctx.Findings.size();
      if (Access.Op == MemoryOp::Store || Access.Op == MemoryOp::Atomic)
        checkGatedValue(Ctx, A, Access);
      if (Ctx.Findings.size() == Before)
        checkUnpredicatedAxis(Ctx, A, Access, Rows);
      if (Ctx.Findings.size() == Before)
        checkUncheckedGather(Ctx, A, Access);
    }
  }
}

} // namespace kerneltidy::triton
