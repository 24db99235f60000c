//===- PySyntax.h - a flat, read-only Python syntax tree --------*- C++ -*-===//
//
// tree-sitter parses the file once; the tree is then copied into one flat
// array of nodes (kind, field, byte range, parent/child/sibling links) so that
// every later walk is plain array indexing: tree-sitter's own child and
// sibling queries are linear in the number of siblings, and the model walks
// the same statements many times. Syntax errors do not stop the parse: the
// ERROR nodes are kept and whatever parsed cleanly is usable.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_TRITON_PYSYNTAX_H
#define KERNEL_TIDY_LIB_FRONTEND_TRITON_PYSYNTAX_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct TSTree;

namespace kerneltidy::triton {

class CompactText; // PySyntax.cpp: the parsed parts of a file, end to end

/// The node kinds the model looks at; everything else is Other.
enum class PyKind : uint8_t {
  Other,
  Error,
  Module,
  Comment,
  FunctionDefinition,
  DecoratedDefinition,
  Decorator,
  ClassDefinition,
  Parameters,
  Identifier,
  TypedParameter,
  DefaultParameter,
  TypedDefaultParameter,
  Type,
  Block,
  ExpressionStatement,
  Assignment,
  AugmentedAssignment,
  Call,
  ArgumentList,
  KeywordArgument,
  Attribute,
  BinaryOperator,
  BooleanOperator,
  NotOperator,
  UnaryOperator,
  ComparisonOperator,
  ConditionalExpression,
  ParenthesizedExpression,
  Subscript,
  Slice,
  Integer,
  Float,
  String,
  True,
  False,
  None,
  Tuple,
  List,
  PatternList,
  TuplePattern,
  ExpressionList,
  ForStatement,
  WhileStatement,
  IfStatement,
  ElifClause,
  ElseClause,
  WithStatement,
  ReturnStatement,
  ImportStatement,
  ImportFromStatement,
  AliasedImport,
  DottedName,
  Lambda,
};

/// Field names the model asks for (tree-sitter-python's names).
enum class PyField : uint8_t {
  None,
  Name,
  Parameters,
  Body,
  Left,
  Right,
  Operator,
  Function,
  Arguments,
  Object,
  Attribute,
  Value,
  Type,
  Condition,
  Consequence,
  Alternative,
  ModuleName,
  Alias,
  Subscript,
  Definition,
  ReturnType,
  Other,
};

using NodeId = uint32_t;
constexpr NodeId NoNode = ~NodeId(0);

struct PyNode {
  uint32_t Start = 0, End = 0; // byte range
  uint32_t Line = 0;           // 0-based row of Start
  uint32_t Column = 0;         // 0-based byte column of Start
  NodeId Parent = NoNode, FirstChild = NoNode, NextSibling = NoNode;
  PyKind Kind = PyKind::Other;
  PyField Field = PyField::None; // the field this node fills in its parent
  bool Named = false;  // anonymous nodes are kept only when they fill a field
  uint16_t Symbol = 0; // tree-sitter symbol (operators are told apart by it)
};

/// A top-level statement of a file, found by a lexical scan (brackets,
/// strings, comments and line continuations are respected): from the first
/// line of its decorators to the start of the next top-level statement.
struct TopLevelSpan {
  uint32_t Begin = 0, End = 0; // bytes
  uint32_t Line = 0;           // 0-based row of Begin
  uint32_t EndLine = 0;        // 0-based row of End
  /// Where the statement proper starts (after its decorators).
  uint32_t StatementBegin = 0;
};

/// Splits Source into top-level statements without parsing it; linear and
/// allocation-light (one vector). Text before the first statement (blank
/// lines, comments) belongs to no span.
std::vector<TopLevelSpan> scanTopLevel(llvm::StringRef Source);

/// A byte range handed to tree-sitter, with the row and byte column of both
/// ends (the flat tree maps node positions back through them).
struct ParseRange {
  uint32_t Begin = 0, End = 0;
  uint32_t BeginLine = 0, BeginColumn = 0;
  uint32_t EndLine = 0, EndColumn = 0;
};

/// The ranges that cover Spans (sorted, disjoint; adjacent ones merge). With
/// WithoutDecoratorArguments, the text between the parentheses of a call in
/// a span's decorators is left out: `@triton.autotune(configs=[...], key=..)`
/// reaches tree-sitter as `@triton.autotune()` (autotune configurations are
/// a few percent of a kernel file's tokens, and nothing reads them).
std::vector<ParseRange> parseRangesOf(llvm::StringRef Source,
                                      const std::vector<TopLevelSpan> &Spans,
                                      bool WithoutDecoratorArguments);

/// Ranges without what no rule reads and tree-sitter's Python scanner steps
/// through a character at a time: every comment (with the comment lines
/// right after it) up to, not including, its newline, and the body of every
/// triple-quoted string (docstrings), whose quotes stay. Suppressions are
/// read from the text, not the tree; a string node still spans its body.
std::vector<ParseRange> withoutTrivia(llvm::StringRef Source,
                                      const std::vector<ParseRange> &Ranges);

/// One parsed Python file. Source must outlive the tree.
class PySyntaxTree {
public:
  /// Parses Source; returns null only when tree-sitter itself gives up
  /// (allocation failure, cancelled), never for syntax errors. With Spans,
  /// only those parts of the file are parsed (positions stay those of the
  /// whole file); Spans must be sorted and disjoint.
  static std::unique_ptr<PySyntaxTree>
  parse(llvm::StringRef Source,
        const std::vector<TopLevelSpan> *Spans = nullptr);
  /// How tree-sitter reads the ranges: as written, or condensed (fewer
  /// tokens and characters for the same tree: `name.attr`, `[:, None]`,
  /// runs of arguments and binary operations of two tokens folded into one
  /// name and rebuilt in the copy, names shortened, positions mapped back).
  /// CondensedOrPlain parses a file whose condensed text has syntax errors
  /// again as written (error recovery sees other tokens); Condensed does
  /// not, to check the condensed parse itself.
  enum class Reading { Plain, Condensed, CondensedOrPlain };
  /// Parses only Ranges (sorted, disjoint; see parseRangesOf). The tree is
  /// the same node for node whichever the Reading.
  static std::unique_ptr<PySyntaxTree>
  parse(llvm::StringRef Source, const std::vector<ParseRange> &Ranges,
        Reading How = Reading::CondensedOrPlain);

  /// tree-sitter's part of parse(Source, Ranges) alone, the tree dropped
  /// uncopied; returns the root's child count. For the benchmark's floor.
  static size_t parseWithoutCopy(llvm::StringRef Source,
                                 const std::vector<ParseRange> &Ranges);

  /// The first node (in pre-order) where this tree and Other differ in
  /// position, shape, kind, field, named-ness or grammar symbol; when one
  /// tree is a prefix of the other, the smaller size; nullopt when they are
  /// the same node for node. The check that a Reading keeps the tree (the
  /// error flag is compared by the caller).
  std::optional<size_t> firstDifference(const PySyntaxTree &Other) const;

  ~PySyntaxTree();
  llvm::StringRef source() const { return Source; }
  NodeId root() const { return 0; }
  size_t size() const { return Nodes.size(); }
  const PyNode &node(NodeId N) const { return Nodes[N]; }
  PyKind kind(NodeId N) const {
    return N == NoNode ? PyKind::Other : Nodes[N].Kind;
  }
  llvm::StringRef text(NodeId N) const {
    if (N == NoNode)
      return {};
    return Source.substr(Nodes[N].Start, Nodes[N].End - Nodes[N].Start);
  }
  bool hasErrors() const { return HasErrors; }

  /// First child filling Field, or NoNode.
  NodeId field(NodeId N, PyField F) const;
  /// First named child (skipping comments), or NoNode.
  NodeId firstNamedChild(NodeId N) const;
  /// Named children, comments skipped.
  template <typename Fn> void forEachNamedChild(NodeId N, Fn &&F) const {
    for (NodeId C = Nodes[N].FirstChild; C != NoNode; C = Nodes[C].NextSibling)
      if (Nodes[C].Named && Nodes[C].Kind != PyKind::Comment)
        F(C);
  }
  unsigned countNamedChildren(NodeId N) const;
  /// The operator token text of a binary/boolean/comparison/unary/augmented
  /// node ("+", "and", "<", "+=").
  llvm::StringRef operatorText(NodeId N) const;
  /// Skips parentheses.
  NodeId stripParens(NodeId N) const;
  /// True when Inner lies within Outer's byte range (or is Outer).
  bool contains(NodeId Outer, NodeId Inner) const {
    return Nodes[Inner].Start >= Nodes[Outer].Start &&
           Nodes[Inner].End <= Nodes[Outer].End;
  }
  /// All nodes in the subtree of N in pre-order (N first).
  template <typename Fn> void walk(NodeId N, Fn &&F) const {
    // The array is in pre-order: a subtree is a contiguous run of ids.
    for (NodeId I = N, E = subtreeEnd(N); I < E; ++I)
      F(I);
  }
  /// One past the last node id of N's subtree.
  NodeId subtreeEnd(NodeId N) const { return SubtreeEnd[N]; }
  /// True when N's subtree holds an identifier spelled Name (an attribute
  /// name `x.Name` included).
  bool mentionsName(NodeId N, llvm::StringRef Name) const {
    for (NodeId I = N, E = subtreeEnd(N); I < E; ++I)
      if (kind(I) == PyKind::Identifier && text(I) == Name)
        return true;
    return false;
  }

private:
  /// Copies tree-sitter's Tree into the flat array; the tree is of Source,
  /// or (with Compact) of the parts of it that Compact holds.
  static std::unique_ptr<PySyntaxTree>
  copyTree(llvm::StringRef Source, TSTree *Tree, CompactText *Compact);

  llvm::StringRef Source;
  std::vector<PyNode> Nodes;
  std::vector<NodeId> SubtreeEnd;
  bool HasErrors = false;
};

/// Text without blanks and line continuations, so that `i * BT + o` and
/// `i*BT + o` compare equal.
std::string textWithoutBlanks(llvm::StringRef S);

} // namespace kerneltidy::triton

#endif
