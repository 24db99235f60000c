//===- TritonPredicates.cpp - masks, conditions and runtime bounds --------===//
//
// What FunctionAnalysis (TritonValues.h) reads of predicates: the atoms of a
// mask or condition, whether a value is loaded data, which comparisons bound
// a value by a runtime size, and whether a node sits under a branch on a
// compile-time constant.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/TritonValues.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

namespace kerneltidy::triton {

void FunctionAnalysis::predicateAtoms(
    NodeId Pred, llvm::SmallVectorImpl<NodeId> &Atoms) const {
  atomsImpl(Pred, Atoms, 64);
}

void FunctionAnalysis::atomsImpl(NodeId Pred,
                                 llvm::SmallVectorImpl<NodeId> &Atoms,
                                 unsigned Budget) const {
  const PySyntaxTree &T = tree();
  if (Pred == NoNode || Budget == 0)
    return;
  NodeId N = T.stripParens(Pred);
  auto Recurse = [&](NodeId C) { atomsImpl(C, Atoms, Budget - 1); };
  switch (T.kind(N)) {
  case PyKind::BooleanOperator:
    Recurse(T.field(N, PyField::Left));
    Recurse(T.field(N, PyField::Right));
    return;
  case PyKind::BinaryOperator: {
    llvm::StringRef Op = T.operatorText(N);
    if (Op == "&" || Op == "|" || Op == "^") {
      Recurse(T.field(N, PyField::Left));
      Recurse(T.field(N, PyField::Right));
      return;
    }
    break;
  }
  case PyKind::NotOperator:
    Recurse(T.firstNamedChild(N));
    return;
  case PyKind::UnaryOperator:
    if (T.operatorText(N) == "~") {
      NodeId Arg = NoNode;
      T.forEachNamedChild(N, [&](NodeId C) { Arg = C; });
      Recurse(Arg);
      return;
    }
    break;
  case PyKind::Subscript:
    Recurse(T.field(N, PyField::Value));
    return;
  case PyKind::Identifier: {
    const Binding *B = resolve(T.text(N), N);
    if (!B || B->Value == NoNode || B->Kind == BindingKind::LoopTarget)
      break;
    Recurse(B->Value);
    if (B->Kind == BindingKind::Augmented)
      if (const Binding *Prev = resolve(B->Name, B->Statement);
          Prev && Prev->Value != NoNode)
        Recurse(Prev->Value);
    return;
  }
  case PyKind::Call: {
    llvm::StringRef Callee = M.languageCallee(N);
    if (M.isConversion(N)) {
      Recurse(T.field(T.field(N, PyField::Function), PyField::Object));
      return;
    }
    if (Callee == "broadcast_to" || Callee == "expand_dims" ||
        Callee == "reshape" || Callee == "view") {
      Recurse(M.argument(N, 0, "input"));
      return;
    }
    break;
  }
  default:
    break;
  }
  if (std::find(Atoms.begin(), Atoms.end(), N) == Atoms.end())
    Atoms.push_back(N);
}

void FunctionAnalysis::dependencies(NodeId Expr, Dependencies &Out,
                                    unsigned Stops) const {
  const PySyntaxTree &T = tree();
  llvm::SmallVector<NodeId, 16> Work;
  if (Expr != NoNode)
    Work.push_back(Expr);
  while (!Work.empty()) {
    NodeId Root = Work.pop_back_val();
    for (NodeId N = Root, End = T.subtreeEnd(Root); N < End;) {
      PyKind K = T.kind(N);
      if (K == PyKind::Call) {
        llvm::StringRef Callee = M.languageCallee(N);
        bool Skip = Callee == "load";
        if (Stops & StopAtWhere)
          Skip |= Callee == "where";
        if (Stops & StopAtClamp)
          Skip |= Callee == "where" || Callee == "minimum" ||
                  Callee == "maximum" || Callee == "clamp";
        if ((Stops & StopAtOpaqueCall) && Callee.empty() &&
            !M.isConversion(N))
          Skip = true;
        if (Stops & StopAtNonIndex)
          Skip |= Callee == "sum" || Callee == "max" || Callee == "min" ||
                  Callee == "argmax" || Callee == "argmin" ||
                  Callee == "reduce" || Callee == "sort" ||
                  Callee == "cumsum" || Callee == "cumprod" ||
                  Callee == "xor_sum" || Callee == "histogram";
        if (Skip) {
          N = T.subtreeEnd(N);
          continue;
        }
      }
      if (K == PyKind::BinaryOperator && (Stops & StopAtClamp) &&
          T.operatorText(N) == "%") {
        N = T.subtreeEnd(N);
        continue;
      }
      if ((Stops & StopAtNonIndex) &&
          (K == PyKind::ComparisonOperator || K == PyKind::BooleanOperator ||
           K == PyKind::NotOperator)) {
        N = T.subtreeEnd(N);
        continue;
      }
      if (K == PyKind::Identifier) {
        const PyNode &Node = T.node(N);
        PyKind ParentKind = T.kind(Node.Parent);
        bool IsMemberName =
            ParentKind == PyKind::Attribute && Node.Field == PyField::Attribute;
        bool IsKeyword =
            ParentKind == PyKind::KeywordArgument && Node.Field == PyField::Name;
        bool IsCallee =
            ParentKind == PyKind::Call && Node.Field == PyField::Function;
        if (!IsMemberName && !IsKeyword && !IsCallee) {
          llvm::StringRef Name = T.text(N);
          Out.Names.insert(Name);
          const Binding *B = resolve(Name, N);
          if (B && (Stops & AllReachingBindings)) {
            uint32_t At = T.node(N).Start;
            for (unsigned I : F.BindingsByName.find(Name)->second) {
              const Binding &Other = F.Bindings[I];
              if (&Other != B && Other.VisibleFrom <= At &&
                  Out.Bindings.insert(&Other).second && Other.Value != NoNode)
                Work.push_back(Other.Value);
            }
          }
          // Bindings resolve backwards (`x = x + 1` reads the previous x),
          // so every binding is entered once.
          while (B && Out.Bindings.insert(B).second) {
            if (B->Value != NoNode)
              Work.push_back(B->Value);
            if (B->Kind != BindingKind::Augmented)
              break;
            B = resolve(B->Name, B->Statement);
          }
        }
      }
      ++N;
    }
  }
}

bool FunctionAnalysis::isLoadedData(const Binding &B) const {
  if (B.Value == NoNode)
    return false;
  const PySyntaxTree &T = tree();
  bool Loads = false;
  T.walk(B.Value, [&](NodeId N) {
    Loads |= T.kind(N) == PyKind::Call && M.languageCallee(N) == "load";
  });
  return Loads;
}

bool FunctionAnalysis::callsProgramId(NodeId Expr) const {
  const PySyntaxTree &T = tree();
  bool Found = false;
  T.walk(Expr, [&](NodeId N) {
    Found |= T.kind(N) == PyKind::Call && M.languageCallee(N) == "program_id";
  });
  return Found;
}

/// True when Expr reads no name but module members and literals
/// (`tl.full([1], 1024, tl.int64)`).
static bool readsNoName(const PySyntaxTree &T, NodeId Expr) {
  bool Reads = false;
  T.walk(Expr, [&](NodeId N) {
    if (T.kind(N) != PyKind::Identifier)
      return;
    NodeId P = T.node(N).Parent;
    if (T.kind(P) == PyKind::Attribute)
      return; // `tl.full`, `tl.int64`: a module and its member
    if (T.kind(P) == PyKind::KeywordArgument &&
        T.node(N).Field == PyField::Name)
      return; // `dtype=` of a call
    Reads = true;
  });
  return !Reads;
}

bool FunctionAnalysis::isSizeBound(NodeId Bound) const {
  // A size reads a runtime argument or a value computed from one; a bound
  // made of loop variables and constants (`o_i < i - 16`) is a triangular
  // or causal selection, and a loaded bound (`o_s < count[row]`) is data.
  // A bound that reads the program's position (`offs_n <= pid_m + diag`)
  // selects lanes, a triangle or a band; it does not bound an extent.
  const PySyntaxTree &T = tree();
  bool ReadsSize = false, ReadsData = false;
  bool ReadsPosition = callsProgramId(Bound);
  T.walk(Bound, [&](NodeId N) {
    if (T.kind(N) == PyKind::Call && M.languageCallee(N) == "load")
      ReadsData = true;
    if (T.kind(N) != PyKind::Identifier)
      return;
    const PyNode &Node = T.node(N);
    if (T.kind(Node.Parent) == PyKind::Attribute &&
        Node.Field == PyField::Attribute)
      return;
    llvm::StringRef Name = T.text(N);
    if (const Binding *B = resolve(Name, N)) {
      if (B->Kind == BindingKind::LoopTarget)
        return;
      if (B->Value != NoNode && callsProgramId(B->Value))
        ReadsPosition = true;
      // A name bound to a constant tensor (`tmp0 = tl.full([1], 1024,
      // tl.int64)`, TorchInductor's spelling of a literal): a constant.
      else if (B->Kind == BindingKind::Assign && B->Value != NoNode &&
               readsNoName(T, B->Value))
        return;
      else if (isLoadedData(*B))
        ReadsData = true;
      else
        ReadsSize = true;
      return;
    }
    if (const TritonParam *P = F.param(Name))
      ReadsSize |= !P->IsConstexpr;
  });
  return ReadsSize && !ReadsData && !ReadsPosition;
}

NodeId FunctionAnalysis::upperBoundSide(NodeId Cmp) const {
  const PySyntaxTree &T = tree();
  Cmp = T.stripParens(Cmp);
  if (T.kind(Cmp) != PyKind::ComparisonOperator)
    return NoNode;
  llvm::StringRef Op = T.operatorText(Cmp);
  if (Op != "<" && Op != "<=" && Op != ">" && Op != ">=")
    return NoNode;
  llvm::SmallVector<NodeId, 2> Sides;
  T.forEachNamedChild(Cmp, [&](NodeId C) { Sides.push_back(C); });
  if (Sides.size() != 2)
    return NoNode;
  // `i < n` and `n > i`: the bound is on the right of < and the left of >.
  return (Op == "<" || Op == "<=") ? Sides[1] : Sides[0];
}

const llvm::DenseMap<const Binding *, FunctionAnalysis::BoundTest> &
FunctionAnalysis::runtimeBounds() {
  if (BoundsReady)
    return Bounds;
  BoundsReady = true;
  const PySyntaxTree &T = tree();
  for (NodeId Cmp : F.Comparisons) {
    NodeId Bound = upperBoundSide(Cmp);
    if (Bound == NoNode)
      continue;
    NodeId Index = T.firstNamedChild(Cmp);
    if (Index == Bound)
      T.forEachNamedChild(Cmp, [&](NodeId C) { Index = C; });
    NodeId Side = T.stripParens(Index);
    while (T.kind(Side) == PyKind::Subscript)
      Side = T.stripParens(T.field(Side, PyField::Value));
    if (T.kind(Side) == PyKind::BinaryOperator) {
      // `i_t * BT + tl.arange(0, BT) < T`: an index the kernel never names.
      ValueFacts BoundFacts = facts(Bound);
      if (facts(Side).PerLane && !BoundFacts.CompileTime &&
          !BoundFacts.PerLane && isSizeBound(Bound))
        InlineBounds.push_back({Side, BoundTest{Cmp, Bound}});
      continue;
    }
    if (T.kind(Side) != PyKind::Identifier)
      continue;
    const Binding *B = resolve(T.text(Side), Side);
    if (!B || !facts(Side).PerLane)
      continue;
    ValueFacts BoundFacts = facts(Bound);
    if (BoundFacts.CompileTime || BoundFacts.PerLane)
      continue;
    if (isSizeBound(Bound))
      Bounds.insert({B, BoundTest{Cmp, Bound}});
  }
  return Bounds;
}

bool FunctionAnalysis::underConstexprBranch(NodeId Node) const {
  const PySyntaxTree &T = tree();
  for (NodeId P = T.node(Node).Parent; P != NoNode && P != F.Definition;
       P = T.node(P).Parent) {
    PyKind K = T.kind(P);
    if (K != PyKind::IfStatement && K != PyKind::ElifClause)
      continue;
    NodeId Cond = T.field(P, PyField::Condition);
    if (Cond == NoNode || T.contains(Cond, Node))
      continue;
    Dependencies Deps;
    dependencies(Cond, Deps, StopAtNone);
    for (llvm::StringRef Name : Deps.Names)
      if (const TritonParam *Param = F.param(Name);
          Param && Param->IsConstexpr)
        return true;
  }
  return false;
}

} // namespace kerneltidy::triton
