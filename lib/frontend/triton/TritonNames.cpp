//===- TritonNames.cpp - which binding a name refers to -------------------===//
//
// Name resolution for FunctionAnalysis (TritonValues.h): the binding of a
// name visible at a use (by position, never one in another branch of an
// `if` that holds the use), the facts of a name through its bindings, the
// modules and functions an import alias stands for, and the definition an
// expression's names lead back to.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/TritonValues.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>

namespace kerneltidy::triton {

const Binding *FunctionAnalysis::resolve(llvm::StringRef Name,
                                         NodeId Use) const {
  auto It = F.BindingsByName.find(Name);
  if (It == F.BindingsByName.end())
    return nullptr;
  uint32_t At = tree().node(Use).Start;
  const Binding *Best = nullptr;
  for (unsigned I : It->second) {
    const Binding &B = F.Bindings[I];
    if (B.VisibleFrom <= At &&
        (!Best || B.VisibleFrom >= Best->VisibleFrom) &&
        !inExclusiveBranch(B.Target, Use))
      Best = &B;
  }
  return Best;
}

NodeId FunctionAnalysis::branchOf(NodeId If, NodeId N) const {
  const PySyntaxTree &T = tree();
  for (NodeId P = N; P != NoNode; P = T.node(P).Parent)
    if (T.node(P).Parent == If)
      return P;
  return NoNode;
}

bool FunctionAnalysis::inExclusiveBranch(NodeId Def, NodeId Use) const {
  // Def sits in one branch of an `if` (the consequence, an elif clause or
  // the else clause) and Use in another: the branches never both run.
  const PySyntaxTree &T = tree();
  for (NodeId P = T.node(Def).Parent; P != NoNode && P != F.Definition;
       P = T.node(P).Parent) {
    if (T.kind(P) != PyKind::IfStatement || !T.contains(P, Use))
      continue;
    NodeId DefBranch = branchOf(P, Def), UseBranch = branchOf(P, Use);
    return DefBranch != UseBranch &&
           DefBranch != T.field(P, PyField::Condition) &&
           UseBranch != T.field(P, PyField::Condition);
  }
  return false;
}

void FunctionAnalysis::reachingBindings(
    llvm::StringRef Name, NodeId Use,
    llvm::SmallVectorImpl<const Binding *> &Out) const {
  const PySyntaxTree &T = tree();
  auto It = F.BindingsByName.find(Name);
  if (It == F.BindingsByName.end())
    return;
  uint32_t At = T.node(Use).Start;
  llvm::SmallVector<const Binding *, 4> Candidates;
  for (unsigned I : It->second) {
    const Binding &B = F.Bindings[I];
    if (B.VisibleFrom <= At && !inExclusiveBranch(B.Target, Use))
      Candidates.push_back(&B);
  }
  // A later binding kills an earlier one when it runs on every path to the
  // use: no `if` or loop around it ends before the use.
  auto KillsOnEveryPath = [&](const Binding &Later) {
    for (NodeId P = T.node(Later.Target).Parent;
         P != NoNode && P != F.Definition; P = T.node(P).Parent) {
      PyKind K = T.kind(P);
      if ((K == PyKind::IfStatement || K == PyKind::ForStatement ||
           K == PyKind::WhileStatement) &&
          !T.contains(P, Use))
        return false;
    }
    return true;
  };
  for (const Binding *B : Candidates) {
    bool Killed = false;
    for (const Binding *Later : Candidates)
      Killed |= Later->VisibleFrom > B->VisibleFrom && KillsOnEveryPath(*Later);
    if (!Killed)
      Out.push_back(B);
  }
}

void FunctionAnalysis::joinBranchWrapSite(const Binding &B, NodeId Use,
                                          ValueFacts &V) {
  // The binding a use resolves to is the last one in source order; where it
  // sits in a branch of an `if` that ends before the use, the last binding
  // of the name in each other branch (or, without an else, the one before
  // the `if`) reaches the use too. A wrap on any path is a wrap.
  const PySyntaxTree &T = tree();
  auto It = F.BindingsByName.find(B.Name);
  for (NodeId P = T.node(B.Target).Parent;
       P != NoNode && P != F.Definition && V.WrapSite == NoNode;
       P = T.node(P).Parent) {
    if (T.kind(P) != PyKind::IfStatement || T.contains(P, Use))
      continue;
    NodeId Own = branchOf(P, B.Target);
    bool HasElse = false;
    T.forEachNamedChild(P, [&](NodeId C) {
      HasElse |= T.kind(C) == PyKind::ElseClause;
    });
    for (unsigned I : It->second) {
      const Binding &O = F.Bindings[I];
      if (&O == &B || !T.contains(P, O.Target))
        continue;
      NodeId Branch = branchOf(P, O.Target);
      if (Branch == Own || Branch == T.field(P, PyField::Condition))
        continue;
      bool Last = true;
      for (unsigned J : It->second)
        Last &= !(T.contains(Branch, F.Bindings[J].Target) &&
                  F.Bindings[J].VisibleFrom > O.VisibleFrom);
      if (!Last)
        continue;
      ValueFacts OF = bindingFacts(O);
      if (OF.WrapSite != NoNode) {
        V.WrapSite = OF.WrapSite;
        return;
      }
    }
    if (!HasElse)
      if (const Binding *Before = resolve(B.Name, P)) {
        ValueFacts OF = bindingFacts(*Before);
        if (OF.WrapSite != NoNode)
          V.WrapSite = OF.WrapSite;
      }
  }
}

ValueFacts FunctionAnalysis::nameFacts(NodeId Ident) {
  llvm::StringRef Name = tree().text(Ident);
  if (const Binding *B = resolve(Name, Ident)) {
    ValueFacts V = bindingFacts(*B);
    if (V.WrapSite == NoNode)
      joinBranchWrapSite(*B, Ident, V);
    return V;
  }
  if (const ValueFacts *P = paramFacts(Name))
    return *P;
  NodeId Global = M.moduleConstant(Name);
  if (Global != NoNode && !tree().contains(Global, Ident)) {
    ValueFacts V = facts(Global);
    V.CompileTime = true;
    V.Mag = Magnitude::Const;
    return V;
  }
  return ValueFacts(); // unknown
}

ValueFacts FunctionAnalysis::bindingFacts(const Binding &B) {
  unsigned Index = unsigned(&B - F.Bindings.data());
  auto It = BindingMemo.find(Index);
  if (It != BindingMemo.end())
    return It->second;
  // A placeholder first: should a binding ever be reached from its own
  // value, the inner visit sees unknown facts instead of recursing.
  BindingMemo[Index] = ValueFacts();
  ValueFacts V;
  switch (B.Kind) {
  case BindingKind::Assign:
  case BindingKind::Unpacked:
    V = facts(B.Value);
    break;
  case BindingKind::LoopTarget:
    V = rangeFacts(B.Value);
    break;
  case BindingKind::Augmented: {
    ValueFacts Prev;
    if (const Binding *P = resolve(B.Name, B.Statement))
      Prev = bindingFacts(*P);
    else if (const ValueFacts *Param = paramFacts(B.Name))
      Prev = *Param;
    llvm::StringRef Op = tree().operatorText(B.Statement);
    Op.consume_back("=");
    V = binaryFacts(B.Statement, Prev, Op, facts(B.Value));
    break;
  }
  }
  BindingMemo[Index] = V;
  return V;
}

namespace {

/// Modules whose `program_id` / `num_programs` return
/// `tl.program_id(axis).to(tl.int64)`, by the last component of their dotted
/// path: FlagGems' flag_gems.utils.triton_lang_extension (imported as `ext`
/// or `tle`, also relatively as `..utils.triton_lang_extension`).
bool isWideningModule(llvm::StringRef DottedPath) {
  return DottedPath.rsplit('.').second == "triton_lang_extension" ||
         DottedPath == "triton_lang_extension";
}

/// Calls Visit(Module, Name, Bound) for each name an import statement of
/// the file binds: `import a.b as x` gives ("", "a.b", "x"); `from a import
/// b as x` gives ("a", "b", "x"); `from a import b` gives ("a", "b", "b").
template <typename Fn>
void forEachImport(const PySyntaxTree &T, Fn &&Visit) {
  for (NodeId N = 0, E = NodeId(T.size()); N < E; ++N) {
    PyKind K = T.kind(N);
    if (K == PyKind::ImportStatement) {
      T.forEachNamedChild(N, [&](NodeId C) {
        if (T.kind(C) == PyKind::AliasedImport)
          Visit(llvm::StringRef(), T.text(T.field(C, PyField::Name)),
                T.text(T.field(C, PyField::Alias)));
      });
    } else if (K == PyKind::ImportFromStatement) {
      llvm::StringRef Module = T.text(T.field(N, PyField::ModuleName));
      T.forEachNamedChild(N, [&](NodeId C) {
        if (T.node(C).Field != PyField::Name)
          return;
        if (T.kind(C) == PyKind::AliasedImport)
          Visit(Module, T.text(T.field(C, PyField::Name)),
                T.text(T.field(C, PyField::Alias)));
        else
          Visit(Module, T.text(C), T.text(C));
      });
    }
  }
}

} // namespace

bool FunctionAnalysis::importsWideningModule(llvm::StringRef Alias) const {
  bool Widens = false;
  forEachImport(tree(), [&](llvm::StringRef Module, llvm::StringRef Name,
                            llvm::StringRef Bound) {
    Widens |= Bound == Alias && isWideningModule(Name);
  });
  return Widens;
}

bool FunctionAnalysis::importsWideningFunction(llvm::StringRef Alias) const {
  bool Widens = false;
  forEachImport(tree(), [&](llvm::StringRef Module, llvm::StringRef Name,
                            llvm::StringRef Bound) {
    Widens |= Bound == Alias && isWideningModule(Module) &&
              (Name == "program_id" || Name == "num_programs");
  });
  return Widens;
}

NodeId FunctionAnalysis::definition(NodeId Expr) const {
  const PySyntaxTree &T = tree();
  for (unsigned Step = 0; Step < 16; ++Step) {
    Expr = T.stripParens(Expr);
    if (T.kind(Expr) != PyKind::Identifier)
      return Expr;
    const Binding *B = resolve(T.text(Expr), Expr);
    if (!B || B->Kind != BindingKind::Assign || B->Value == NoNode)
      return Expr;
    Expr = B->Value;
  }
  return Expr;
}

NodeId FunctionAnalysis::underlying(NodeId Expr) const {
  const PySyntaxTree &T = tree();
  for (unsigned Step = 0; Step < 32; ++Step) {
    NodeId Next = definition(Expr);
    if (T.kind(Next) == PyKind::Subscript) {
      Next = T.field(Next, PyField::Value);
    } else if (T.kind(Next) == PyKind::Call) {
      llvm::StringRef Callee = M.languageCallee(Next);
      if (M.isConversion(Next))
        Next = T.field(T.field(Next, PyField::Function), PyField::Object);
      else if (Callee == "multiple_of" || Callee == "max_contiguous" ||
               Callee == "broadcast_to" || Callee == "expand_dims" ||
               Callee == "reshape" || Callee == "view")
        Next = M.argument(Next, 0, "input");
    }
    if (Next == Expr || Next == NoNode)
      return Expr;
    Expr = Next;
  }
  return Expr;
}

} // namespace kerneltidy::triton
