//===- PySyntax.cpp - tree-sitter parse into a flat tree ------------------===//
//
// One tree-sitter cursor walk per file copies the tree into PySyntaxTree's
// array (copyTree), turning the folds of the condensed text (CompactText)
// back into the nodes they stand for; and the tree's queries. The grammar
// tables are PyGrammar.cpp's, the parse PyParseArena.cpp's, the choice of
// what to parse PyTopLevel.cpp's.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/PySyntax.h"
#include <cctype>
#include "lib/frontend/triton/PyCompactText.h"
#include "lib/frontend/triton/PySyntaxInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <cstdint>
#include <cstring>

namespace kerneltidy::triton {
namespace {

std::vector<PyNode> &nodeCache() {
  static thread_local std::vector<PyNode> Cache;
  return Cache;
}

std::vector<NodeId> &endCache() {
  static thread_local std::vector<NodeId> Cache;
  return Cache;
}

} // namespace

std::optional<size_t>
PySyntaxTree::firstDifference(const PySyntaxTree &Other) const {
  size_t Common = std::min(size(), Other.size());
  for (size_t I = 0; I < Common; ++I) {
    const PyNode &X = Nodes[I], &Y = Other.Nodes[I];
    if (X.Start != Y.Start || X.End != Y.End || X.Line != Y.Line ||
        X.Column != Y.Column || X.Parent != Y.Parent ||
        X.FirstChild != Y.FirstChild || X.NextSibling != Y.NextSibling ||
        X.Kind != Y.Kind || X.Field != Y.Field || X.Named != Y.Named ||
        X.Symbol != Y.Symbol || SubtreeEnd[I] != Other.SubtreeEnd[I])
      return I;
  }
  if (size() != Other.size())
    return Common;
  return std::nullopt;
}

PySyntaxTree::~PySyntaxTree() {
  if (Nodes.capacity() > nodeCache().capacity())
    Nodes.swap(nodeCache());
  if (SubtreeEnd.capacity() > endCache().capacity())
    SubtreeEnd.swap(endCache());
}

std::unique_ptr<PySyntaxTree>
PySyntaxTree::parse(llvm::StringRef Source,
                    const std::vector<TopLevelSpan> *Spans) {
  if (!Spans) // one range over the whole file: parsed in place, no copy
    return parse(Source, std::vector<ParseRange>{
                             {0, uint32_t(Source.size()), 0, 0, 0, 0}});
  return parse(Source, parseRangesOf(Source, *Spans,
                                     /*WithoutDecoratorArguments=*/false));
}

std::unique_ptr<PySyntaxTree>
PySyntaxTree::parse(llvm::StringRef Source,
                    const std::vector<ParseRange> &Spans, Reading How) {
  bool Condense = How != Reading::Plain;
  const GrammarTables &G = grammar();
  std::unique_ptr<PySyntaxTree> Result;
  if (Spans.size() == 1 && Spans[0].Begin == 0 &&
      Spans[0].End == Source.size()) {
    withParsedTree(Source, G.Language, [&](TSTree *Tree) {
      Result = copyTree(Source, Tree, nullptr);
    });
  } else {
    CompactText Compact(Source, Spans, Condense);
    withParsedTree(Compact.text(), G.Language, [&](TSTree *Tree) {
      Result = copyTree(Source, Tree, &Compact);
    });
    // The condensed text parses to the same tree as long as the code is
    // valid; tree-sitter's error recovery sees other tokens, so a file with
    // errors is parsed again as written, for the tree of the text itself.
    if (How == Reading::CondensedOrPlain && Result && Result->hasErrors())
      return parse(Source, Spans, Reading::Plain);
  }
  return Result;
}

size_t PySyntaxTree::parseWithoutCopy(llvm::StringRef Source,
                                      const std::vector<ParseRange> &Ranges) {
  CompactText Compact(Source, Ranges, /*Condense=*/true);
  size_t Children = 0;
  withParsedTree(Compact.text(), grammar().Language, [&](TSTree *Tree) {
    Children = ts_node_child_count(ts_tree_root_node(Tree));
  });
  return Children;
}

std::unique_ptr<PySyntaxTree> PySyntaxTree::copyTree(llvm::StringRef Source,
                                                     TSTree *Tree,
                                                     CompactText *Compact) {
  const GrammarTables &G = grammar();
  auto Result = std::unique_ptr<PySyntaxTree>(new PySyntaxTree());
  Result->Source = Source;
  TSNode Root = ts_tree_root_node(Tree);
  Result->HasErrors = ts_node_has_error(Root);

  // The node arrays are reused across files of one thread: a large file's
  // arrays would otherwise be mapped and unmapped once per file.
  std::vector<PyNode> &Nodes = Result->Nodes;
  std::vector<NodeId> &Ends = Result->SubtreeEnd;
  Nodes.swap(nodeCache());
  Ends.swap(endCache());
  Nodes.clear();
  Ends.clear();
  // Per depth: the node at that depth and the last child appended under it.
  std::vector<std::pair<NodeId, NodeId>> Stack;
  Stack.reserve(64);
  TSTreeCursor Cursor = ts_tree_cursor_new(Root);
  static const std::vector<uint32_t> NoFolds;
  const std::vector<uint32_t> &Folds = Compact ? Compact->folds() : NoFolds;
  size_t NextFold = 0; // identifiers come in increasing order of start
  // A folded `name_attr` identifier becomes attribute(object: name,
  // attribute: attr), as tree-sitter would have parsed `name.attr` (the dot
  // is punctuation, never kept). Split is the dot's offset in the token.
  auto Unfold = [&](PyNode &P, uint32_t Split, NodeId Id) {
    PyNode Name = P, Attr = P;
    P.Symbol = G.Attribute;
    P.Kind = G.Kinds[G.Attribute];
    Name.Parent = Attr.Parent = Id;
    Name.End = P.Start + Split;
    Name.Field = G.Fields[G.ObjectField];
    Name.NextSibling = Id + 2;
    Attr.Start = P.Start + Split + 1;
    Attr.Column = P.Column + Split + 1;
    Attr.Field = G.Fields[G.AttributeField];
    P.FirstChild = Id + 1;
    return std::make_pair(Name, Attr);
  };
  size_t NextBroadcast = 0; // the first whose end is past the last start
  static const std::vector<CompactText::MemberRun> NoRuns;
  static const std::vector<CompactText::RunMember> NoRunMembers;
  const std::vector<CompactText::MemberRun> &Runs =
      Compact ? Compact->runs() : NoRuns;
  const std::vector<CompactText::RunMember> &RunMembers =
      Compact ? Compact->runMembers() : NoRunMembers;
  // Appends Q as the last child of Parent (Last: its last child so far).
  auto AddChild = [&](PyNode Q, NodeId Parent, NodeId &Last) {
    NodeId Id = NodeId(Nodes.size());
    Q.Parent = Parent;
    if (Last == NoNode)
      Nodes[Parent].FirstChild = Id;
    else
      Nodes[Last].NextSibling = Id;
    Last = Id;
    Nodes.push_back(Q);
    Ends.push_back(Id + 1);
    return Id;
  };
  using BroadcastFold = CompactText::BroadcastFold;
  static const std::vector<BroadcastFold> NoBroadcasts;
  const std::vector<BroadcastFold> &Broadcasts =
      Compact ? Compact->broadcasts() : NoBroadcasts;
  // The broadcast folded into the name [Start, End), or null.
  auto NameBroadcast = [&](uint32_t Start,
                           uint32_t End) -> const BroadcastFold * {
    auto It = std::lower_bound(
        Broadcasts.begin(), Broadcasts.end(), End,
        [](const BroadcastFold &B, uint32_t E) { return B.End < E; });
    if (It != Broadcasts.end() && It->End == End && It->OnName &&
        It->NameStart == Start)
      return &*It;
    return nullptr;
  };
  // subscript(value: the name, subscript: slice, subscript: none) for the
  // name with broadcast B, as the last child of Parent.
  auto AddBroadcast = [&](const BroadcastFold &B, uint32_t Line,
                          uint32_t Column, PyField Field, NodeId Parent,
                          NodeId &Last) {
    PyNode Sub;
    Sub.Start = B.NameStart;
    Sub.End = B.End;
    Sub.Line = Line;
    Sub.Column = Column;
    Sub.Symbol = G.Subscript;
    Sub.Kind = G.Kinds[G.Subscript];
    Sub.Named = true;
    Sub.Field = Field;
    NodeId SubId = AddChild(Sub, Parent, Last);
    NodeId SubLast = NoNode;
    PyNode Name = Sub;
    Name.End = B.Bracket;
    Name.Symbol = G.Identifier;
    Name.Kind = G.Kinds[G.Identifier];
    Name.Field = G.Fields[G.ValueField];
    AddChild(Name, SubId, SubLast);
    uint32_t BracketColumn = Column + (B.Bracket - B.NameStart);
    for (int K = 0; K < 2; ++K) {
      bool IsSlice = (K == 0) == (B.Colon < B.NoneAt);
      uint32_t At = IsSlice ? B.Colon : B.NoneAt;
      PyNode Q = Sub;
      Q.Start = B.Bracket + At;
      Q.End = Q.Start + (IsSlice ? 1 : 4);
      Q.Column = BracketColumn + At;
      Q.Symbol = IsSlice ? G.Slice : G.None;
      Q.Kind = G.Kinds[Q.Symbol];
      Q.Field = G.Fields[G.SubscriptField];
      AddChild(Q, SubId, SubLast);
    }
    Ends[SubId] = NodeId(Nodes.size());
  };
  // A leaf [Start, End) of symbol Sym, or the attribute of a folded dot in
  // it, or the subscript of a broadcast folded into it, as the last child
  // of Parent.
  // A named node rebuilt from a fold: its span, start and symbol.
  auto NamedNode = [&](uint32_t Start, uint32_t End, uint32_t Line,
                       uint32_t Column, TSSymbol Sym, PyField Field) {
    PyNode Q;
    Q.Start = Start;
    Q.End = End;
    Q.Line = Line;
    Q.Column = Column;
    Q.Symbol = Sym;
    Q.Kind = G.Kinds[Sym];
    Q.Named = true;
    Q.Field = Field;
    return Q;
  };
  auto AddToken = [&](uint32_t Start, uint32_t End, uint32_t Line,
                      uint32_t Column, TSSymbol Sym, PyField Field,
                      NodeId Parent, NodeId &Last) {
    PyNode Q = NamedNode(Start, End, Line, Column, Sym, Field);
    if (Sym == G.Identifier)
      if (const BroadcastFold *B = NameBroadcast(Start, End)) {
        AddBroadcast(*B, Line, Column, Field, Parent, Last);
        return;
      }
    auto Fold = std::lower_bound(Folds.begin(), Folds.end(), Start);
    if (Sym != G.Identifier || Fold == Folds.end() || *Fold >= End) {
      AddChild(Q, Parent, Last);
      return;
    }
    uint32_t Split = *Fold - Start;
    auto [Object, Attr] = Unfold(Q, Split, NodeId(Nodes.size()));
    NodeId Id = AddChild(Q, Parent, Last);
    Nodes.push_back(Object);
    Nodes.push_back(Attr);
    Ends.push_back(Id + 2);
    Ends.push_back(Id + 3);
    Ends[Id] = Id + 3;
  };
  size_t NextRun = 0;
  static const std::vector<CompactText::BinaryFold> NoBinaries;
  const std::vector<CompactText::BinaryFold> &Binaries =
      Compact ? Compact->binaries() : NoBinaries;
  size_t NextBinary = 0;
  // Folded broadcasts being copied: the subscript's node and its fold.
  std::vector<std::pair<NodeId, const BroadcastFold *>> OpenBroadcasts;
  // Appends the cursor's node unless it is punctuation: anonymous tokens
  // are kept only when they fill a field (the operator of an expression).
  auto Append = [&]() -> bool {
    TSNode N = ts_tree_cursor_current_node(&Cursor);
    TSSymbol Sym = ts_node_symbol(N);
    // Symbols past the table are tree-sitter's own (ERROR), named.
    bool Named = Sym >= G.NamedSymbols.size() || G.NamedSymbols[Sym];
    if (!Named && !G.OperatorTokens[Sym])
      return false;
    TSFieldId F = ts_tree_cursor_current_field_id(&Cursor);
    if (!Named && F == 0)
      return false;
    PyNode P;
    P.Start = ts_node_start_byte(N);
    P.End = ts_node_end_byte(N);
    bool Empty = P.Start == P.End;
    TSPoint Point = ts_node_start_point(N);
    if (Compact) {
      Compact->toSource(P.Start, P.End, Point);
      if (Empty)
        P.End = P.Start;
    }
    // A name with a broadcast folded into it: its subscript.
    if (Sym == G.Identifier && !Broadcasts.empty() && !Stack.empty())
      if (const BroadcastFold *B = NameBroadcast(P.Start, P.End)) {
        AddBroadcast(*B, Point.row, Point.column,
                     F < G.Fields.size() ? G.Fields[F] : PyField::Other,
                     Stack.back().first, Stack.back().second);
        return false; // built whole: nothing to enter
      }
    // A folded `name_attr` identifier: the offset of its dot (file offsets
    // from here on). Identifiers come in increasing order of start.
    uint32_t Split = 0;
    if (Sym == G.Identifier && NextFold < Folds.size()) {
      if (NextFold > 0 && Folds[NextFold - 1] >= P.Start)
        NextFold =
            size_t(std::lower_bound(Folds.begin(), Folds.end(), P.Start) -
                   Folds.begin());
      while (NextFold < Folds.size() && Folds[NextFold] < P.Start)
        ++NextFold;
      if (NextFold < Folds.size() && Folds[NextFold] < P.End)
        Split = Folds[NextFold++] - P.Start;
    }
    // A folded run of names: the identifier spanning `a, b, c` is each of
    // them, siblings under the argument list or the parameters.
    if (Sym == G.Identifier && NextRun < Runs.size()) {
      while (NextRun < Runs.size() && Runs[NextRun].Begin < P.Start)
        ++NextRun;
      if (NextRun < Runs.size() && Runs[NextRun].Begin == P.Start &&
          Runs[NextRun].End == P.End) {
        const CompactText::MemberRun &Run = Runs[NextRun++];
        NodeId Parent = Stack.back().first;
        NodeId &Last = Stack.back().second;
        PyField Field = F < G.Fields.size() ? G.Fields[F] : PyField::Other;
        for (uint32_t K = 0; K < Run.Count; ++K) {
          const CompactText::RunMember &M = RunMembers[Run.First + K];
          if (M.ValueStart == M.End) { // a token
            AddToken(M.Start, M.End, M.Line, M.Column, M.Symbol, Field, Parent,
                     Last);
            continue;
          }
          // keyword_argument / default_parameter (name: name, value: token)
          // or typed_parameter (name, type: type(token)).
          PyNode Pair =
              NamedNode(M.Start, M.End, M.Line, M.Column, M.Symbol, Field);
          NodeId PairId = AddChild(Pair, Parent, Last);
          NodeId PairLast = NoNode;
          bool Typed = M.Symbol == G.TypedParameter;
          AddToken(M.Start, M.NameEnd, M.Line, M.Column, G.Identifier,
                   Typed ? PyField::None : G.Fields[G.NameField], PairId,
                   PairLast);
          uint32_t ValueColumn = M.Column + (M.ValueStart - M.Start);
          if (Typed) {
            PyNode TypeNode = Pair;
            TypeNode.Start = M.ValueStart;
            TypeNode.Column = ValueColumn;
            TypeNode.Symbol = G.Type;
            TypeNode.Kind = G.Kinds[G.Type];
            TypeNode.Field = G.Fields[G.TypeField];
            NodeId TypeId = AddChild(TypeNode, PairId, PairLast);
            NodeId TypeLast = NoNode;
            AddToken(M.ValueStart, M.End, M.Line, ValueColumn, M.ValueSymbol,
                     PyField::None, TypeId, TypeLast);
            Ends[TypeId] = NodeId(Nodes.size());
          } else {
            AddToken(M.ValueStart, M.End, M.Line, ValueColumn, M.ValueSymbol,
                     G.Fields[G.ValueField], PairId, PairLast);
          }
          Ends[PairId] = NodeId(Nodes.size());
        }
        return false; // leaves: nothing to enter
      }
    }
    // A folded binary operation: the identifier spanning `a * b`.
    if (Sym == G.Identifier && NextBinary < Binaries.size()) {
      while (NextBinary < Binaries.size() &&
             Binaries[NextBinary].Start < P.Start)
        ++NextBinary;
      if (NextBinary < Binaries.size() &&
          Binaries[NextBinary].Start == P.Start &&
          Binaries[NextBinary].End == P.End) {
        const CompactText::BinaryFold &B = Binaries[NextBinary++];
        NodeId &Last = Stack.back().second;
        PyNode Op = NamedNode(B.Start, B.End, B.Line, B.Column,
                              G.BinaryOperator,
                              F < G.Fields.size() ? G.Fields[F] : PyField::Other);
        NodeId OpId = AddChild(Op, Stack.back().first, Last);
        NodeId OpLast = NoNode;
        AddToken(B.Start, B.LeftEnd, B.Line, B.Column, B.Left,
                 G.Fields[G.LeftField], OpId, OpLast);
        PyNode Token;
        Token.Start = B.OpStart;
        Token.End = B.OpEnd;
        Token.Line = B.Line;
        Token.Column = B.Column + (B.OpStart - B.Start);
        Token.Symbol = B.Op;
        Token.Kind = G.Kinds[B.Op];
        Token.Named = false;
        Token.Field = G.Fields[G.OperatorField];
        AddChild(Token, OpId, OpLast);
        AddToken(B.RightStart, B.End, B.Line,
                 B.Column + (B.RightStart - B.Start), B.Right,
                 G.Fields[G.RightField], OpId, OpLast);
        Ends[OpId] = NodeId(Nodes.size());
        return false; // built whole: nothing to enter
      }
    }
    // The attribute that ends where a folded broadcast ends is that
    // subscript; its object is the value, its name the slice and the None.
    const BroadcastFold *Broadcast = nullptr;
    if (Sym == G.Attribute && NextBroadcast < Broadcasts.size()) {
      while (NextBroadcast < Broadcasts.size() &&
             Broadcasts[NextBroadcast].End <= P.Start)
        ++NextBroadcast;
      auto It = std::lower_bound(
          Broadcasts.begin() + NextBroadcast, Broadcasts.end(), P.End,
          [](const BroadcastFold &B, uint32_t E) { return B.End < E; });
      if (It != Broadcasts.end() && It->End == P.End)
        Broadcast = &*It;
    }
    bool InBroadcast = !OpenBroadcasts.empty() && !Stack.empty() &&
                       OpenBroadcasts.back().first == Stack.back().first;
    if (InBroadcast && F == G.AttributeField) {
      // The name of underscores: the slice and the None, in text order.
      const BroadcastFold &B = *OpenBroadcasts.back().second;
      NodeId Parent = OpenBroadcasts.back().first;
      OpenBroadcasts.pop_back();
      uint32_t Bracket = P.Start - 1, BracketColumn = Point.column - 1;
      PyNode Parts[2];
      for (int K = 0; K < 2; ++K) {
        bool IsSlice = (K == 0) == (B.Colon < B.NoneAt);
        uint32_t At = IsSlice ? B.Colon : B.NoneAt;
        PyNode &Q = Parts[K];
        Q.Start = Bracket + At;
        Q.End = Q.Start + (IsSlice ? 1 : 4);
        Q.Line = Point.row;
        Q.Column = BracketColumn + At;
        Q.Symbol = IsSlice ? G.Slice : G.None;
        Q.Kind = G.Kinds[Q.Symbol];
        Q.Named = true;
        Q.Field = G.Fields[G.SubscriptField];
        AddChild(Q, Parent, Stack.back().second);
      }
      return false; // nothing to enter
    }
    P.Line = Point.row;
    P.Column = Point.column;
    P.Symbol = Sym;
    P.Kind = Sym < G.Kinds.size() ? G.Kinds[Sym] : PyKind::Other;
    if (Empty && ts_node_is_missing(N)) // missing: zero width
      P.Kind = PyKind::Error;
    P.Named = Named;
    P.Field = F < G.Fields.size() ? G.Fields[F] : PyField::Other;
    if (InBroadcast && F == G.ObjectField)
      P.Field = G.Fields[G.ValueField];
    NodeId Id = NodeId(Nodes.size());
    if (Broadcast) {
      P.Symbol = G.Subscript;
      P.Kind = G.Kinds[G.Subscript];
      OpenBroadcasts.push_back({Id, Broadcast});
    }
    if (!Stack.empty()) {
      P.Parent = Stack.back().first;
      NodeId &Last = Stack.back().second;
      if (Last == NoNode)
        Nodes[P.Parent].FirstChild = Id;
      else
        Nodes[Last].NextSibling = Id;
      Last = Id;
    }
    if (Split) {
      auto [Name, Attr] = Unfold(P, Split, Id);
      Nodes.push_back(P);
      Nodes.push_back(Name);
      Nodes.push_back(Attr);
      Ends.push_back(Id + 3);
      Ends.push_back(Id + 2);
      Ends.push_back(Id + 3);
      Stack.push_back({Id, Id + 2});
      return true;
    }
    Nodes.push_back(P);
    Ends.push_back(Id + 1);
    Stack.push_back({Id, NoNode});
    return true;
  };
  auto Finish = [&]() {
    NodeId Done = Stack.back().first;
    Stack.pop_back();
    Ends[Done] = NodeId(Nodes.size());
  };
  bool Appended = Append(); // the root is named
  while (true) {
    // Only appended nodes are entered; skipped tokens are leaves.
    if (Appended && ts_tree_cursor_goto_first_child(&Cursor)) {
      Appended = Append();
      continue;
    }
    if (Appended)
      Finish();
    bool Moved = false;
    while (true) {
      if (ts_tree_cursor_goto_next_sibling(&Cursor)) {
        Appended = Append();
        Moved = true;
        break;
      }
      if (!ts_tree_cursor_goto_parent(&Cursor))
        break;
      Finish(); // a parent is entered only when it was appended
    }
    if (!Moved)
      break;
  }
  ts_tree_cursor_delete(&Cursor);
  return Result;
}

NodeId PySyntaxTree::field(NodeId N, PyField F) const {
  if (N == NoNode)
    return NoNode;
  for (NodeId C = Nodes[N].FirstChild; C != NoNode; C = Nodes[C].NextSibling)
    if (Nodes[C].Field == F)
      return C;
  return NoNode;
}

NodeId PySyntaxTree::firstNamedChild(NodeId N) const {
  if (N == NoNode)
    return NoNode;
  for (NodeId C = Nodes[N].FirstChild; C != NoNode; C = Nodes[C].NextSibling)
    if (Nodes[C].Named && Nodes[C].Kind != PyKind::Comment)
      return C;
  return NoNode;
}

unsigned PySyntaxTree::countNamedChildren(NodeId N) const {
  unsigned Count = 0;
  forEachNamedChild(N, [&](NodeId) { ++Count; });
  return Count;
}

llvm::StringRef PySyntaxTree::operatorText(NodeId N) const {
  if (N == NoNode)
    return {};
  NodeId Op = field(N, PyField::Operator);
  if (Op != NoNode)
    return text(Op);
  // not_operator and friends: the first anonymous child is the keyword.
  for (NodeId C = Nodes[N].FirstChild; C != NoNode; C = Nodes[C].NextSibling)
    if (!Nodes[C].Named)
      return text(C);
  return {};
}

NodeId PySyntaxTree::stripParens(NodeId N) const {
  while (N != NoNode && Nodes[N].Kind == PyKind::ParenthesizedExpression) {
    NodeId Inner = firstNamedChild(N);
    if (Inner == NoNode)
      break;
    N = Inner;
  }
  return N;
}

std::string textWithoutBlanks(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    if (!std::isspace(static_cast<unsigned char>(C)) && C != '\\')
      Out.push_back(C);
  return Out;
}

} // namespace kerneltidy::triton
