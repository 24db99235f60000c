//===- PySyntax.cpp - tree-sitter parse into a flat tree ------------------===//
//
// One tree-sitter cursor walk per file copies the tree into PySyntaxTree's
// array. Symbol and field ids are mapped to PyKind/PyField once per process
// through tables built from the grammar's own names, so no string is compared
// per node.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/PySyntax.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <tree_sitter/api.h>

extern "C" const TSLanguage *tree_sitter_python(void);

namespace kerneltidy::triton {
namespace {

PyKind kindForName(llvm::StringRef Name) {
  return llvm::StringSwitch<PyKind>(Name)
      .Case("ERROR", PyKind::Error)
      .Case("module", PyKind::Module)
      .Case("comment", PyKind::Comment)
      .Case("function_definition", PyKind::FunctionDefinition)
      .Case("decorated_definition", PyKind::DecoratedDefinition)
      .Case("decorator", PyKind::Decorator)
      .Case("class_definition", PyKind::ClassDefinition)
      .Case("parameters", PyKind::Parameters)
      .Case("identifier", PyKind::Identifier)
      .Case("typed_parameter", PyKind::TypedParameter)
      .Case("default_parameter", PyKind::DefaultParameter)
      .Case("typed_default_parameter", PyKind::TypedDefaultParameter)
      .Case("type", PyKind::Type)
      .Case("block", PyKind::Block)
      .Case("expression_statement", PyKind::ExpressionStatement)
      .Case("assignment", PyKind::Assignment)
      .Case("augmented_assignment", PyKind::AugmentedAssignment)
      .Case("call", PyKind::Call)
      .Case("argument_list", PyKind::ArgumentList)
      .Case("keyword_argument", PyKind::KeywordArgument)
      .Case("attribute", PyKind::Attribute)
      .Case("binary_operator", PyKind::BinaryOperator)
      .Case("boolean_operator", PyKind::BooleanOperator)
      .Case("not_operator", PyKind::NotOperator)
      .Case("unary_operator", PyKind::UnaryOperator)
      .Case("comparison_operator", PyKind::ComparisonOperator)
      .Case("conditional_expression", PyKind::ConditionalExpression)
      .Case("parenthesized_expression", PyKind::ParenthesizedExpression)
      .Case("subscript", PyKind::Subscript)
      .Case("slice", PyKind::Slice)
      .Case("integer", PyKind::Integer)
      .Case("float", PyKind::Float)
      .Case("string", PyKind::String)
      .Case("true", PyKind::True)
      .Case("false", PyKind::False)
      .Case("none", PyKind::None)
      .Case("tuple", PyKind::Tuple)
      .Case("list", PyKind::List)
      .Case("pattern_list", PyKind::PatternList)
      .Case("tuple_pattern", PyKind::TuplePattern)
      .Case("expression_list", PyKind::ExpressionList)
      .Case("for_statement", PyKind::ForStatement)
      .Case("while_statement", PyKind::WhileStatement)
      .Case("if_statement", PyKind::IfStatement)
      .Case("elif_clause", PyKind::ElifClause)
      .Case("else_clause", PyKind::ElseClause)
      .Case("with_statement", PyKind::WithStatement)
      .Case("return_statement", PyKind::ReturnStatement)
      .Case("import_statement", PyKind::ImportStatement)
      .Case("import_from_statement", PyKind::ImportFromStatement)
      .Case("aliased_import", PyKind::AliasedImport)
      .Case("dotted_name", PyKind::DottedName)
      .Case("lambda", PyKind::Lambda)
      .Default(PyKind::Other);
}

PyField fieldForName(llvm::StringRef Name) {
  return llvm::StringSwitch<PyField>(Name)
      .Case("name", PyField::Name)
      .Case("parameters", PyField::Parameters)
      .Case("body", PyField::Body)
      .Case("left", PyField::Left)
      .Case("right", PyField::Right)
      .Case("operator", PyField::Operator)
      .Case("operators", PyField::Operator)
      .Case("function", PyField::Function)
      .Case("arguments", PyField::Arguments)
      .Case("object", PyField::Object)
      .Case("attribute", PyField::Attribute)
      .Case("value", PyField::Value)
      .Case("type", PyField::Type)
      .Case("condition", PyField::Condition)
      .Case("consequence", PyField::Consequence)
      .Case("alternative", PyField::Alternative)
      .Case("module_name", PyField::ModuleName)
      .Case("alias", PyField::Alias)
      .Case("subscript", PyField::Subscript)
      .Case("definition", PyField::Definition)
      .Case("return_type", PyField::ReturnType)
      .Default(PyField::Other);
}

/// Symbol and field tables for the Python grammar, built once.
struct GrammarTables {
  const TSLanguage *Language;
  std::vector<PyKind> Kinds;
  std::vector<PyField> Fields;
  /// Anonymous tokens that can be an operator (`+`, `<=`, `and`, `+=`);
  /// all other anonymous tokens are punctuation and never kept.
  std::vector<bool> OperatorTokens;
  /// Named symbols (what ts_node_is_named answers for a node showing that
  /// symbol, aliases included), read from a table instead of per node.
  std::vector<bool> NamedSymbols;
  /// The symbols a folded `a.b` token is turned back into (CompactText).
  TSSymbol Identifier = 0, Attribute = 0, Subscript = 0, Slice = 0, None = 0,
           KeywordArgument = 0, Integer = 0, Float = 0, True = 0, False = 0,
           DefaultParameter = 0, TypedParameter = 0, Type = 0;
  TSFieldId ObjectField = 0, AttributeField = 0, ValueField = 0,
            SubscriptField = 0, NameField = 0, TypeField = 0, LeftField = 0,
            RightField = 0, OperatorField = 0;
  TSSymbol BinaryOperator = 0;

  /// Whether W is a word the grammar spells out (a keyword, soft keyword or
  /// `__future__`): a name that must reach tree-sitter as written.
  /// The anonymous symbol of an arithmetic operator token (`+`, `//`).
  TSSymbol operatorSymbol(llvm::StringRef Op) const {
    return ts_language_symbol_for_name(Language, Op.data(), uint32_t(Op.size()),
                                       false);
  }
  bool isGrammarWord(llvm::StringRef W) const {
    if (W.size() > LongestWord)
      return false;
    if (W.size() >= 2 && !WordPrefixes.test(prefixOf(W)))
      return false; // most names, without hashing them
    return Words.contains(W);
  }
  static size_t prefixOf(llvm::StringRef W) {
    return size_t(static_cast<unsigned char>(W[0])) << 8 |
           static_cast<unsigned char>(W[1]);
  }
  llvm::StringSet<> Words;
  std::bitset<65536> WordPrefixes; // the first two characters of each word
  size_t LongestWord = 0;

  GrammarTables() : Language(tree_sitter_python()) {
    Identifier = ts_language_symbol_for_name(Language, "identifier", 10, true);
    Attribute = ts_language_symbol_for_name(Language, "attribute", 9, true);
    ObjectField = ts_language_field_id_for_name(Language, "object", 6);
    AttributeField = ts_language_field_id_for_name(Language, "attribute", 9);
    Subscript = ts_language_symbol_for_name(Language, "subscript", 9, true);
    Slice = ts_language_symbol_for_name(Language, "slice", 5, true);
    None = ts_language_symbol_for_name(Language, "none", 4, true);
    ValueField = ts_language_field_id_for_name(Language, "value", 5);
    SubscriptField = ts_language_field_id_for_name(Language, "subscript", 9);
    NameField = ts_language_field_id_for_name(Language, "name", 4);
    KeywordArgument =
        ts_language_symbol_for_name(Language, "keyword_argument", 16, true);
    Integer = ts_language_symbol_for_name(Language, "integer", 7, true);
    DefaultParameter =
        ts_language_symbol_for_name(Language, "default_parameter", 17, true);
    TypedParameter =
        ts_language_symbol_for_name(Language, "typed_parameter", 15, true);
    Type = ts_language_symbol_for_name(Language, "type", 4, true);
    TypeField = ts_language_field_id_for_name(Language, "type", 4);
    LeftField = ts_language_field_id_for_name(Language, "left", 4);
    RightField = ts_language_field_id_for_name(Language, "right", 5);
    OperatorField = ts_language_field_id_for_name(Language, "operator", 8);
    BinaryOperator =
        ts_language_symbol_for_name(Language, "binary_operator", 15, true);
    Float = ts_language_symbol_for_name(Language, "float", 5, true);
    True = ts_language_symbol_for_name(Language, "true", 4, true);
    False = ts_language_symbol_for_name(Language, "false", 5, true);
    uint32_t SymbolCount = ts_language_symbol_count(Language);
    Kinds.resize(SymbolCount, PyKind::Other);
    OperatorTokens.resize(SymbolCount, false);
    NamedSymbols.resize(SymbolCount, false);
    for (uint32_t S = 0; S < SymbolCount; ++S) {
      const char *Name = ts_language_symbol_name(Language, TSSymbol(S));
      if (!Name)
        continue;
      Kinds[S] = kindForName(Name);
      llvm::StringRef N(Name);
      bool Punctuation =
          N == "(" || N == ")" || N == "[" || N == "]" || N == "{" ||
          N == "}" || N == "," || N == ":" || N == "." || N == ";" ||
          N == "=" || N == "@" || N == "\"" || N == "def" || N == "return" ||
          N == "for" || N == "if" || N == "else" || N == "elif" ||
          N == "while" || N == "import" || N == "from" || N == "as" ||
          N == "class" || N == "->" || N == "lambda" || N == "pass";
      OperatorTokens[S] = !Punctuation;
      NamedSymbols[S] =
          ts_language_symbol_type(Language, TSSymbol(S)) == TSSymbolTypeRegular;
      if (ts_language_symbol_type(Language, TSSymbol(S)) ==
              TSSymbolTypeAnonymous &&
          !N.empty() &&
          llvm::all_of(N, [](char C) { return llvm::isAlnum(C) || C == '_'; }))
        Words.insert(N);
    }
    // Named tokens spelled as words (`none` is `None`), and soft keywords
    // whatever the grammar version makes of them.
    for (const char *W : {"None", "True", "False", "match", "case", "type",
                          "print", "exec", "async", "await", "__future__"})
      Words.insert(W);
    for (const auto &W : Words) {
      LongestWord = std::max(LongestWord, W.getKey().size());
      if (W.getKey().size() >= 2)
        WordPrefixes.set(prefixOf(W.getKey()));
    }
    uint32_t FieldCount = ts_language_field_count(Language);
    Fields.resize(FieldCount + 1, PyField::None);
    for (uint32_t F = 1; F <= FieldCount; ++F)
      if (const char *Name =
              ts_language_field_name_for_id(Language, TSFieldId(F)))
        Fields[F] = fieldForName(Name);
  }
};

const GrammarTables &grammar() {
  static const GrammarTables Tables;
  return Tables;
}

/// Everything tree-sitter allocates while one file is parsed, released at
/// once. tree-sitter allocates and frees a node at a time (a third of its
/// parse time went to malloc, free and the final ts_tree_delete walk): here
/// an allocation is a pointer bump in one reserved region, a free of arena
/// memory does nothing, and the whole region is reused for the next file.
/// Installed with ts_set_allocator, so it serves only tree-sitter; memory
/// from before (or beyond) the arena goes to malloc and free as usual.
class ParseArena {
public:
  ParseArena() {
    void *P = mmap(nullptr, ReservedBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (P != MAP_FAILED)
      Base = static_cast<char *>(P);
  }
  ~ParseArena() {
    if (Base)
      munmap(Base, ReservedBytes);
  }
  ParseArena(const ParseArena &) = delete;
  ParseArena &operator=(const ParseArena &) = delete;

  bool usable() const { return Base != nullptr; }
  bool owns(const void *P) const {
    return Base && P >= Base && P < Base + ReservedBytes;
  }
  /// Whether some allocation did not fit and went to malloc instead.
  bool overflowed() const { return Overflowed; }

  /// A 16-byte aligned block of N bytes, or null when the region is full.
  void *allocate(size_t N) {
    size_t Need = Header + ((N + 15) & ~size_t(15));
    if (!Base || Need > ReservedBytes - Used) {
      Overflowed = true;
      return nullptr;
    }
    char *Block = Base + Used;
    reinterpret_cast<size_t *>(Block)[0] = N;
    Last = Block + Header;
    Used += Need;
    return Last;
  }

  /// Grows P (owned by the arena) to N bytes: in place when it is the last
  /// block handed out, which is how tree-sitter's growing arrays use it.
  void *reallocate(void *P, size_t N) {
    size_t Old = sizeOf(P);
    if (P == Last) {
      size_t Begin = size_t(static_cast<char *>(P) - Base);
      size_t End = Begin + ((N + 15) & ~size_t(15));
      if (End <= ReservedBytes) {
        reinterpret_cast<size_t *>(static_cast<char *>(P) - Header)[0] = N;
        Used = End;
        return P;
      }
    }
    void *Q = allocate(N);
    if (!Q)
      Q = std::malloc(N);
    if (Q)
      std::memcpy(Q, P, std::min(Old, N));
    return Q;
  }

  /// Forgets every block; pages past the first KeptBytes go back to the
  /// system so that one huge file does not pin its peak for the process.
  void reset() {
    if (Used > KeptBytes)
      madvise(Base + KeptBytes, Used - KeptBytes, MADV_DONTNEED);
    Used = 0;
    Last = nullptr;
    Overflowed = false;
  }

private:
  static constexpr size_t ReservedBytes = size_t(1) << 30;
  static constexpr size_t KeptBytes = size_t(32) << 20;
  static constexpr size_t Header = 16;
  size_t sizeOf(const void *P) const {
    return reinterpret_cast<const size_t *>(static_cast<const char *>(P) -
                                            Header)[0];
  }
  char *Base = nullptr;
  size_t Used = 0;
  void *Last = nullptr;
  bool Overflowed = false;
};

/// The calling thread's arena, and whether its parse is using it now.
ParseArena &threadArena() {
  static thread_local ParseArena Arena;
  return Arena;
}
thread_local bool ArenaActive = false;

[[noreturn]] void outOfMemory() {
  std::fprintf(stderr, "kernel-tidy: out of memory while parsing\n");
  std::abort();
}

void *arenaMalloc(size_t N) {
  if (ArenaActive)
    if (void *P = threadArena().allocate(N))
      return P;
  void *P = std::malloc(N);
  if (!P && N)
    outOfMemory();
  return P;
}

void *arenaCalloc(size_t Count, size_t Size) {
  if (ArenaActive && (Size == 0 || Count <= SIZE_MAX / Size))
    if (void *P = threadArena().allocate(Count * Size))
      return std::memset(P, 0, Count * Size);
  void *P = std::calloc(Count, Size);
  if (!P && Count && Size)
    outOfMemory();
  return P;
}

void *arenaRealloc(void *P, size_t N) {
  if (!P)
    return arenaMalloc(N);
  ParseArena &A = threadArena();
  void *Q = A.owns(P) ? A.reallocate(P, N) : std::realloc(P, N);
  if (!Q && N)
    outOfMemory();
  return Q;
}

void arenaFree(void *P) {
  if (!threadArena().owns(P))
    std::free(P);
}

/// Parses Source with a parser made for this file inside the
/// thread's arena, hands the tree to Use, then drops the parser, the tree
/// and everything else tree-sitter allocated for it at once.
template <typename UseTree>
bool withParsedTree(llvm::StringRef Source, const TSLanguage *Language,
                    UseTree Use) {
  static std::once_flag Installed;
  std::call_once(Installed, [] {
    ts_set_allocator(arenaMalloc, arenaCalloc, arenaRealloc, arenaFree);
  });
  ParseArena &A = threadArena();
  // A nested parse (none today) allocates in the outer parse's arena and
  // leaves the reset to it, which would otherwise drop the outer tree; a
  // thread whose region could not be reserved uses malloc throughout.
  bool UseArena = A.usable() && !ArenaActive;
  if (UseArena)
    ArenaActive = true;
  TSParser *Parser = ts_parser_new();
  ts_parser_set_language(Parser, Language);
  TSTree *Tree = ts_parser_parse_string(Parser, nullptr, Source.data(),
                                        uint32_t(Source.size()));
  if (Tree)
    Use(Tree);
  // The grammar's scanner object itself is calloc'd: always delete the
  // parser. The tree's nodes are freed one by one only when some of them
  // may live outside the arena (it overflowed, or was not ours to reset).
  ts_parser_delete(Parser);
  if (Tree && (!UseArena || A.overflowed()))
    ts_tree_delete(Tree);
  if (UseArena) {
    ArenaActive = false;
    A.reset();
  }
  return Tree != nullptr;
}

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

namespace {

/// Whether Line (from a line start) opens a clause that continues the
/// compound statement before it.
bool continuesCompoundStatement(llvm::StringRef Line) {
  for (llvm::StringRef Keyword : {"else", "elif", "except", "finally"})
    if (Line.starts_with(Keyword) &&
        (Line.size() == Keyword.size() ||
         !(llvm::isAlnum(Line[Keyword.size()]) || Line[Keyword.size()] == '_')))
      return true;
  return false;
}

/// The bytes the lexical scans must look at, in code and in strings.
struct LexicalStops {
  bool InCode[256] = {};
  bool InString[256] = {};
  constexpr LexicalStops() {
    for (unsigned char C :
         {'#', '"', '\'', '(', ')', '[', ']', '{', '}', '\\', '\n'})
      InCode[C] = true;
    for (unsigned char C : {'"', '\'', '\\', '\n'})
      InString[C] = true;
  }
};
constexpr LexicalStops Lexical;

/// A string literal, found from its opening quote.
struct StringLiteral {
  /// Its last character: the closing quote; for an unterminated
  /// single-quoted string the character before the newline that ends it
  /// (the tokenizer ends it there too); else the last one before Limit.
  uint32_t Last = 0;
  bool Triple = false;
  bool Terminated = false;
};

/// The string literal whose opening quote is at Open, ending before Limit.
/// Escapes are skipped; Line and LineStart follow the newlines inside it.
/// The one string scanner of the lexical passes below (the top-level split,
/// decorator arguments, trivia), so that they agree on where strings end.
StringLiteral scanString(llvm::StringRef Source, uint32_t Open, uint32_t Limit,
                         uint32_t &Line, uint32_t &LineStart) {
  const char *Data = Source.data();
  char Quote = Data[Open];
  StringLiteral S;
  S.Triple =
      Open + 2 < Limit && Data[Open + 1] == Quote && Data[Open + 2] == Quote;
  for (uint32_t I = Open + (S.Triple ? 3 : 1); I < Limit;) {
    // Most bytes are neither quotes, escapes nor newlines: step over them.
    while (I < Limit && !Lexical.InString[static_cast<unsigned char>(Data[I])])
      ++I;
    if (I == Limit)
      break;
    char C = Data[I];
    if (C == '\\') {
      if (I + 1 < Limit && Data[I + 1] == '\n') {
        ++Line;
        LineStart = I + 2;
      }
      I += 2;
    } else if (C == '\n') {
      if (!S.Triple) {
        S.Last = I - 1;
        return S;
      }
      ++Line;
      LineStart = ++I;
    } else if (C == Quote &&
               (!S.Triple || (I + 2 < Limit && Data[I + 1] == Quote &&
                              Data[I + 2] == Quote))) {
      S.Last = I + (S.Triple ? 2 : 0);
      S.Terminated = true;
      return S;
    } else {
      ++I;
    }
  }
  S.Last = Limit - 1;
  return S;
}

} // namespace

std::vector<TopLevelSpan> scanTopLevel(llvm::StringRef Source) {
  std::vector<TopLevelSpan> Spans;
  const char *Data = Source.data();
  uint32_t Size = uint32_t(Source.size());
  int Depth = 0;          // open brackets
  bool Continued = false; // previous line ended with a backslash
  bool InDecorators = false;
  uint32_t Line = 0;
  uint32_t LineStart = 0; // kept by scanString; nothing here needs it
  for (uint32_t I = 0; I < Size;) {
    // At a line start outside brackets (a string never spans the end of
    // this loop's line): a new statement?
    if (Depth == 0 && !Continued) {
      char C = Data[I];
      if (C != ' ' && C != '\t' && C != '\n' && C != '\r' && C != '#' &&
          C != '\f') {
        bool IsDecorator = C == '@';
        if (!InDecorators && !Spans.empty() &&
            continuesCompoundStatement(Source.substr(I))) {
          // `else:`, `elif`, `except`, `finally`: a clause of the statement
          // before (a kernel defined under `else:` belongs to its `if`).
        } else if (InDecorators) {
          // Further decorators, then the definition they decorate.
          if (!IsDecorator) {
            Spans.back().StatementBegin = I;
            InDecorators = false;
          }
        } else {
          if (!Spans.empty()) {
            Spans.back().End = I;
            Spans.back().EndLine = Line;
          }
          TopLevelSpan S;
          S.Begin = S.StatementBegin = I;
          S.Line = Line;
          Spans.push_back(S);
          InDecorators = IsDecorator;
        }
      }
    }
    // Scan the rest of the line.
    Continued = false;
    for (; I < Size; ++I) {
      // Most bytes are none of the characters below: step over them fast.
      while (I < Size && !Lexical.InCode[static_cast<unsigned char>(Data[I])])
        ++I;
      if (I == Size)
        break;
      char C = Data[I];
      if (C == '#') {
        while (I + 1 < Size && Data[I + 1] != '\n')
          ++I;
        continue; // the newline is handled next round
      }
      if (C == '"' || C == '\'') {
        I = scanString(Source, I, Size, Line, LineStart).Last;
        continue;
      }
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if ((C == ')' || C == ']' || C == '}') && Depth > 0)
        --Depth;
      else if (C == '\\' && I + 1 < Size &&
               (Data[I + 1] == '\n' || Data[I + 1] == '\r')) {
        Continued = true;
      } else if (C == '\n') {
        ++Line;
        ++I;
        break;
      }
    }
  }
  if (!Spans.empty()) {
    Spans.back().End = Size;
    Spans.back().EndLine = Line;
  }
  return Spans;
}

namespace {

/// Index of the ')' closing the '(' at Open, before Limit, or Limit when
/// there is none. Strings (single, triple, with escapes) and comments are
/// skipped; Line and LineStart follow the newlines passed.
uint32_t closingParen(llvm::StringRef Source, uint32_t Open, uint32_t Limit,
                      uint32_t &Line, uint32_t &LineStart) {
  int Depth = 0;
  for (uint32_t I = Open; I < Limit; ++I) {
    char C = Source[I];
    if (C == '\n') {
      ++Line;
      LineStart = I + 1;
    } else if (C == '#') {
      while (I + 1 < Limit && Source[I + 1] != '\n')
        ++I;
    } else if (C == '"' || C == '\'') {
      StringLiteral S = scanString(Source, I, Limit, Line, LineStart);
      if (!S.Terminated)
        return Limit; // an unterminated string: leave the call alone
      I = S.Last;
    } else if (C == '(' || C == '[' || C == '{') {
      ++Depth;
    } else if (C == ')' || C == ']' || C == '}') {
      if (--Depth == 0)
        return C == ')' ? I : Limit;
    }
  }
  return Limit;
}

} // namespace

std::vector<ParseRange> parseRangesOf(llvm::StringRef Source,
                                      const std::vector<TopLevelSpan> &Spans,
                                      bool WithoutDecoratorArguments) {
  std::vector<ParseRange> Out;
  Out.reserve(Spans.size());
  auto Add = [&](uint32_t Begin, uint32_t BeginLine, uint32_t BeginColumn,
                 uint32_t End, uint32_t EndLine, uint32_t EndColumn) {
    if (!Out.empty() && Out.back().End == Begin) {
      Out.back().End = End;
      Out.back().EndLine = EndLine;
      Out.back().EndColumn = EndColumn;
      return;
    }
    Out.push_back({Begin, End, BeginLine, BeginColumn, EndLine, EndColumn});
  };
  for (const TopLevelSpan &S : Spans) {
    uint32_t From = S.Begin, FromLine = S.Line, FromColumn = 0;
    if (WithoutDecoratorArguments) {
      uint32_t Line = S.Line, LineStart = S.Begin;
      for (uint32_t I = S.Begin; I < S.StatementBegin; ++I) {
        char C = Source[I];
        if (C == '\n') {
          ++Line;
          LineStart = I + 1;
        } else if (C == '#') {
          while (I + 1 < S.StatementBegin && Source[I + 1] != '\n')
            ++I;
        } else if (C == '(') {
          uint32_t OpenLine = Line, OpenColumn = I + 1 - LineStart;
          uint32_t Close =
              closingParen(Source, I, S.StatementBegin, Line, LineStart);
          if (Close == S.StatementBegin)
            break; // unbalanced: keep the rest as it is
          if (Close > I + 1) {
            Add(From, FromLine, FromColumn, I + 1, OpenLine, OpenColumn);
            From = Close;
            FromLine = Line;
            FromColumn = Close - LineStart;
          }
          I = Close;
        }
      }
    }
    // Spans end where the next statement starts (a line start) or at the
    // end of the file, which may be mid-line.
    uint32_t EndColumn = 0;
    if (S.End == Source.size()) {
      size_t LastNewline = Source.rfind('\n');
      uint32_t LineStart =
          LastNewline == llvm::StringRef::npos ? 0 : uint32_t(LastNewline + 1);
      EndColumn = uint32_t(Source.size()) - LineStart;
    }
    Add(From, FromLine, FromColumn, S.End, S.EndLine, EndColumn);
  }
  return Out;
}

std::vector<ParseRange> withoutTrivia(llvm::StringRef Source,
                                      const std::vector<ParseRange> &Ranges) {
  std::vector<ParseRange> Out;
  Out.reserve(Ranges.size() * 2);
  for (const ParseRange &R : Ranges) {
    ParseRange Piece = R;
    uint32_t Line = R.BeginLine;
    uint32_t LineStart = R.Begin - R.BeginColumn;
    // Ends the current piece at From and starts the next one at To.
    auto Cut = [&](uint32_t From, uint32_t FromLine, uint32_t FromColumn,
                   uint32_t To, uint32_t ToLine, uint32_t ToColumn) {
      Piece.End = From;
      Piece.EndLine = FromLine;
      Piece.EndColumn = FromColumn;
      if (Piece.End > Piece.Begin)
        Out.push_back(Piece);
      Piece.Begin = To;
      Piece.BeginLine = ToLine;
      Piece.BeginColumn = ToColumn;
    };
    for (uint32_t I = R.Begin; I < R.End; ++I) {
      while (I < R.End &&
             !Lexical.InCode[static_cast<unsigned char>(Source[I])])
        ++I;
      if (I == R.End)
        break;
      char C = Source[I];
      if (C == '\n') {
        ++Line;
        LineStart = I + 1;
        continue;
      }
      if (C == '"' || C == '\'') {
        uint32_t BodyBegin = I + 3, BodyLine = Line;
        uint32_t BodyColumn = BodyBegin - LineStart;
        StringLiteral S = scanString(Source, I, R.End, Line, LineStart);
        if (S.Triple && S.Terminated && S.Last - 2 > BodyBegin) {
          uint32_t BodyEnd = S.Last - 2; // where the closing quotes start
          Cut(BodyBegin, BodyLine, BodyColumn, BodyEnd, Line,
              BodyEnd - LineStart);
        }
        I = S.Last;
        continue;
      }
      if (C != '#')
        continue;
      // The comment, and the comment lines right after it, to the last
      // one's newline (kept: it ends the statement).
      uint32_t From = I, FromLine = Line, FromColumn = I - LineStart;
      uint32_t Newline = I;
      while (Newline < R.End && Source[Newline] != '\n')
        ++Newline;
      for (uint32_t Next = Newline + 1; Next < R.End;) {
        uint32_t J = Next;
        while (J < R.End && (Source[J] == ' ' || Source[J] == '\t'))
          ++J;
        if (J >= R.End || Source[J] != '#')
          break;
        while (J < R.End && Source[J] != '\n')
          ++J;
        ++Line;
        LineStart = Next;
        Newline = J;
        Next = J + 1;
      }
      Cut(From, FromLine, FromColumn, Newline, Line, Newline - LineStart);
      I = Newline - 1; // the newline is counted next round
    }
    Piece.End = R.End;
    Piece.EndLine = R.EndLine;
    Piece.EndColumn = R.EndColumn;
    if (Piece.End > Piece.Begin)
      Out.push_back(Piece);
  }
  return Out;
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

/// The parts of a file that tree-sitter reads, copied end to end into one
/// text, and the way back from an offset in that text to the file.
/// tree-sitter's included ranges would do the same without a copy, but its
/// lexer looks the current range up linearly each time it backtracks, about
/// once per token: with a range boundary at every cut comment that cost more
/// than the copy.
///
/// With Condense, the text is condensed for tree-sitter, whose cost is per
/// token and per character, into the same tree with fewer of both; the copy
/// (copyTree) rebuilds what was folded, from file offsets:
/// - `name.attr` (two plain identifiers joined by a dot, not themselves part
///   of a longer dotted chain on the left) becomes the one identifier
///   `name_attr`, turned back into its attribute node. A Triton kernel is
///   largely `tl.load`, `tl.arange`, `x.to` and `ptr.dtype`. Left alone:
///   import lines (a dotted name there is a `dotted_name`), `case`
///   patterns, a name right before `[` (an annotation's `name[...]` is a
///   generic type, `a.b[...]` a subscript), a name right before `=` or `:`
///   (`f(a.b=1)` and `def f(a.b: c)` are errors), and keywords on either
///   side.
/// - the broadcasts `[:, None]` and `[None, :]` (with or without the space)
///   after a name, `)` or `]` become `.` and a name of underscores, turned
///   back into the subscript (value, slice, none);
/// - names become `a`; runs of arguments or parameters in a call's or a
///   def's parentheses (`a, 0, b=c, d: e`), and binary operations of two
///   tokens with nothing binding tighter around them (`a * b`), one `a`
///   each (shortenNames).
/// A fold inside a string or comment is harmless: no identifier node starts
/// there, so the copy never looks at it.
class CompactText {
public:
  CompactText(llvm::StringRef Source, const std::vector<ParseRange> &Ranges,
              bool Condense) {
    size_t Size = 0;
    for (const ParseRange &R : Ranges)
      Size += R.End - R.Begin;
    Text.reserve(Size);
    Pieces.reserve(Ranges.size());
    uint32_t Row = 0, RowStart = 0; // in the text
    for (const ParseRange &R : Ranges) {
      if (R.End <= R.Begin)
        continue;
      uint32_t Begin = uint32_t(Text.size());
      Pieces.push_back({Begin, R.Begin, R.End - R.Begin, Row, Begin - RowStart,
                        R.BeginLine, R.BeginColumn, R.End - R.Begin});
      Text.append(Source.data() + R.Begin, R.End - R.Begin);
      for (const char *P = Text.data() + Begin, *E = Text.data() + Text.size();
           (P = static_cast<const char *>(std::memchr(P, '\n', E - P))); ++P) {
        ++Row;
        RowStart = uint32_t(P - Text.data()) + 1;
      }
    }
    if (Condense) {
      foldDottedNames();
      foldsToSource();
      shortenNames();
    }
  }
  llvm::StringRef text() const { return Text; }

  /// File offsets of the dots folded away, increasing.
  const std::vector<uint32_t> &folds() const { return Folds; }

  /// A broadcast subscript folded into an attribute: `[` at Bracket, the
  /// `]` ends at End (file offsets); the slice's `:` and the `None` are at
  /// Colon and NoneAt (offsets from Bracket).
  struct BroadcastFold {
    uint32_t Bracket, End;
    uint8_t Colon, NoneAt;
    /// Folded into the name before it (`x[:, None]` became the one name
    /// `x_________`, from NameStart), not into an attribute of `.` and a name.
    bool OnName = false;
    uint32_t NameStart = 0;
  };
  /// Ordered by Bracket (and so by End).
  const std::vector<BroadcastFold> &broadcasts() const { return Broadcasts; }

  /// A run of arguments or parameters folded into one name: Count members
  /// from First in runMembers(); file offsets Begin (the first's) to End
  /// (the last's end).
  struct MemberRun {
    uint32_t Begin, End, First, Count;
  };
  /// One member: a token (Symbol identifier, integer, float, true, false,
  /// none), or a pair (Symbol keyword_argument, default_parameter or
  /// typed_parameter) of the name [Start, NameEnd) and the token
  /// [ValueStart, End) of symbol ValueSymbol. A name or value that holds a
  /// folded dot is an attribute. File offsets, on one line.
  struct RunMember {
    uint32_t Start, End, Line, Column;
    TSSymbol Symbol;
    uint32_t NameEnd, ValueStart;
    TSSymbol ValueSymbol;
  };
  /// A binary operation of two tokens folded into one name: left token
  /// [Start, LeftEnd), operator [OpStart, OpEnd), right [RightStart, End).
  /// File offsets, on one line; a name holding a folded dot is an
  /// attribute.
  struct BinaryFold {
    uint32_t Start, End, Line, Column;
    uint32_t LeftEnd, OpStart, OpEnd, RightStart;
    TSSymbol Left, Op, Right;
  };
  /// Ordered by Start.
  const std::vector<BinaryFold> &binaries() const { return Binaries; }

  /// Ordered by Begin.
  const std::vector<MemberRun> &runs() const { return Runs; }
  const std::vector<RunMember> &runMembers() const { return RunMembers; }

  /// The file offsets of a node's Start and End in the text. A start at a
  /// piece boundary is the start of the piece after, an end the end of the
  /// piece before. Starts come in (mostly) increasing order, as a pre-order
  /// walk asks for them: the piece of the last start is where to look first.
  void toSource(uint32_t &Start, uint32_t &End, TSPoint &StartPoint) {
    if (Pieces.empty()) {
      Start = End = 0;
      StartPoint = {0, 0};
      return;
    }
    auto FirstAfter = [&](size_t From, uint32_t Offset, bool Inclusive) {
      return size_t(std::partition_point(Pieces.begin() + From, Pieces.end(),
                                         [&](const Piece &P) {
                                           return Inclusive
                                                      ? P.TextBegin <= Offset
                                                      : P.TextBegin < Offset;
                                         }) -
                    Pieces.begin());
    };
    if (Start < Pieces[Current].TextBegin) // out of order: look it up
      Current = FirstAfter(0, Start, true) - 1;
    while (Current + 1 < Pieces.size() &&
           Pieces[Current + 1].TextBegin <= Start)
      ++Current;
    // Most nodes end in the piece they start in or the next one; a large
    // one spans many when names are shortened.
    size_t Last = Current;
    if (Last + 1 < Pieces.size() && Pieces[Last + 1].TextBegin < End) {
      ++Last;
      if (Last + 1 < Pieces.size() && Pieces[Last + 1].TextBegin < End)
        Last = FirstAfter(Last + 1, End, false) - 1;
    }
    const Piece &P = Pieces[Current];
    Start = at(P, Start);
    End = at(Pieces[Last], End);
    // Rows shift by the piece's; columns only on the piece's first row.
    if (StartPoint.row == P.TextRow)
      StartPoint = {P.SourceRow, P.SourceColumn + (StartPoint.column -
                                                   std::min(StartPoint.column,
                                                            P.TextColumn))};
    else
      StartPoint.row = P.SourceRow + (StartPoint.row - P.TextRow);
  }

private:
  /// A stretch of the text and the stretch of the file it stands for: the
  /// same characters, or (a shortened name) one character for a name.
  struct Piece {
    uint32_t TextBegin, SourceBegin, Length;
    uint32_t TextRow, TextColumn;     // where it starts in the text
    uint32_t SourceRow, SourceColumn; // ... and in the file
    uint32_t SourceLength;            // Length, or the name's
  };
  static uint32_t at(const Piece &P, uint32_t Offset) {
    uint32_t Into = std::min(Offset - std::min(Offset, P.TextBegin), P.Length);
    return P.SourceBegin + (Into == P.Length ? P.SourceLength : Into);
  }
  /// Character classes by table: the scans below look at every character.
  enum : uint8_t { NameStartClass = 1, NameClass = 2, DigitClass = 4 };
  static const std::array<uint8_t, 256> &charClasses() {
    static const std::array<uint8_t, 256> Table = [] {
      std::array<uint8_t, 256> T{};
      for (int C = 0; C < 256; ++C) {
        bool Letter =
            (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
        bool Digit = C >= '0' && C <= '9';
        T[C] = (Letter ? NameStartClass : 0) |
               (Letter || Digit || C >= 0x80 ? NameClass : 0) |
               (Digit ? DigitClass : 0);
      }
      return T;
    }();
    return Table;
  }
  static bool isNameStart(char C) {
    return charClasses()[static_cast<unsigned char>(C)] & NameStartClass;
  }
  static bool isNameChar(char C) {
    return charClasses()[static_cast<unsigned char>(C)] & NameClass;
  }
  static bool isDigit(char C) {
    return charClasses()[static_cast<unsigned char>(C)] & DigitClass;
  }
  void foldDottedNames() {
    const char *T = Text.data();
    uint32_t N = uint32_t(Text.size());
    size_t PieceIndex = 0;
    bool SkipLine = false, Continued = false;
    unsigned SkipDepth = 0; // brackets open on skipped lines
    for (uint32_t I = 0; I < N;) {
      char C = T[I];
      if (C == '\n' || I == 0) {
        // A line's first word decides whether its names may fold; a line
        // ended by a backslash, or inside brackets opened on a skipped line
        // (`from m import (\n a,\n b)`), hands its decision on.
        uint32_t J = C == '\n' ? I + 1 : I;
        bool Inherit = SkipLine && (Continued || SkipDepth > 0);
        while (J < N && (T[J] == ' ' || T[J] == '\t'))
          ++J;
        uint32_t W = J;
        while (W < N && isNameChar(T[W]))
          ++W;
        llvm::StringRef First(T + J, W - J);
        SkipLine =
            Inherit || First == "import" || First == "from" || First == "case";
        if (!SkipLine)
          SkipDepth = 0;
        Continued = false;
        if (C == '\n') {
          I = J;
          continue;
        }
      }
      if (SkipLine && (C == '(' || C == '[' || C == '{'))
        ++SkipDepth;
      else if (SkipLine && SkipDepth && (C == ')' || C == ']' || C == '}'))
        --SkipDepth;
      if (C == '\\' && I + 1 < N && T[I + 1] == '\n') {
        Continued = true;
        ++I;
        continue;
      }
      if (C == '[' && I > 0 && !SkipLine &&
          (isNameChar(T[I - 1]) || T[I - 1] == ')' || T[I - 1] == ']')) {
        llvm::StringRef Rest(T + I, N - I);
        BroadcastFold B{I, 0, 0, 0};
        if (Rest.starts_with("[:, None]"))
          B = {I, I + 9, 1, 4};
        else if (Rest.starts_with("[:,None]"))
          B = {I, I + 8, 1, 3};
        else if (Rest.starts_with("[None, :]"))
          B = {I, I + 9, 7, 1};
        else if (Rest.starts_with("[None,:]"))
          B = {I, I + 8, 6, 1};
        // In an annotation (`a: x[...]`, `-> x[...]`) a name followed by
        // `[` is a generic type, which takes no slice: left alone after `:`
        // or `>`, when a name (not an attribute) comes before the bracket.
        // After another folded broadcast (`x[:, None][None, :]`) or a
        // number (`1[:, None]`: `1.___` would lex as a float): no fold.
        if (B.End && !Broadcasts.empty() && Broadcasts.back().End == I)
          B.End = 0;
        if (B.End && isNameChar(T[I - 1])) {
          uint32_t K = I;
          while (K > 0 && isNameChar(T[K - 1]))
            --K;
          if (isDigit(T[K]))
            B.End = 0;
          while (K > 0 && (T[K - 1] == ' ' || T[K - 1] == '\t'))
            --K;
          if (K > 0 && (T[K - 1] == ':' || T[K - 1] == '>'))
            B.End = 0;
          // A plain name (not an attribute's, a number, a keyword, or after
          // a splat or `await`) takes the broadcast into itself: one token,
          // which runs and binary operations can fold further.
          uint32_t NameStart = I;
          while (NameStart > 0 && isNameChar(T[NameStart - 1]))
            --NameStart;
          llvm::StringRef Name(T + NameStart, I - NameStart);
          bool Plain = isNameStart(T[NameStart]) &&
                       !grammar().isGrammarWord(Name) &&
                       llvm::all_of(Name, [](char C) {
                         return static_cast<unsigned char>(C) < 0x80;
                       });
          if (Plain && (K == 0 || (T[K - 1] != '.' && T[K - 1] != '*' &&
                                   !(K >= 5 && llvm::StringRef(T + K - 5, 5) ==
                                                   "await")))) {
            B.OnName = true;
            B.NameStart = NameStart;
          }
        }
        while (B.End && PieceIndex + 1 < Pieces.size() &&
               Pieces[PieceIndex + 1].TextBegin <= I)
          ++PieceIndex;
        if (B.OnName && B.NameStart < Pieces[PieceIndex].TextBegin)
          B.OnName = false;
        // `x[:, None]y` is an error; folded, the underscores would join `y`.
        if (B.End && B.End < N &&
            (isNameChar(T[B.End]) || T[B.End] == '"' || T[B.End] == '\''))
          B.End = 0;
        if (B.End &&
            B.End <= Pieces[PieceIndex].TextBegin + Pieces[PieceIndex].Length) {
          Text[I] = B.OnName ? '_' : '.';
          std::memset(&Text[I + 1], '_', B.End - I - 1);
          Broadcasts.push_back(B);
          I = B.End;
          continue;
        }
      }
      if (!isNameStart(C)) {
        ++I;
        continue;
      }
      // A name: foldable when nothing name-like or a dot is right before it.
      uint32_t Begin = I;
      while (I < N && isNameChar(T[I]))
        ++I;
      bool Foldable =
          !SkipLine && I + 1 < N && T[I] == '.' && isNameStart(T[I + 1]) &&
          (Begin == 0 || (!isNameChar(T[Begin - 1]) && T[Begin - 1] != '.'));
      if (!Foldable)
        continue;
      // After a dot across blanks (`x . a.b` goes on the chain), a splat
      // (`*a.b`, `**a.b`) or `await` (tree-sitter binds the prefix to the
      // first name: `(*a).b`): no fold there.
      {
        uint32_t K = Begin;
        while (K > 0 && (T[K - 1] == ' ' || T[K - 1] == '\t'))
          --K;
        if (K > 0 && T[K - 1] == '.') // `x . a.b`: the chain goes on
          continue;
        if (K > 0 && T[K - 1] == '*') {
          uint32_t L = K - 1;
          while (L > 0 && (T[L - 1] == ' ' || T[L - 1] == '\t'))
            --L;
          if (L == 0 ||
              !(isNameChar(T[L - 1]) || T[L - 1] == ')' || T[L - 1] == ']'))
            continue;
        }
        if (K >= 5 && llvm::StringRef(T + K - 5, 5) == "await" &&
            (K == 5 || !isNameChar(T[K - 6])))
          continue;
      }
      uint32_t Dot = I, End = I + 1;
      while (End < N && isNameChar(T[End]))
        ++End;
      // Both names plain ASCII words, neither a keyword, both in one piece
      // (positions inside a token map back to the file only within one).
      bool Plain = true;
      for (uint32_t K = Begin; K < End; ++K)
        Plain &= K == Dot || static_cast<unsigned char>(T[K]) < 0x80;
      while (PieceIndex + 1 < Pieces.size() &&
             Pieces[PieceIndex + 1].TextBegin <= Begin)
        ++PieceIndex;
      const Piece &P = Pieces[PieceIndex];
      // `name[...]` in an annotation is a generic_type, `a.b[...]` a
      // subscript: no fold before a bracket.
      // Nor before `=` or `:`: `f(a.b=1)` and `def f(a.b: c)` are errors,
      // `f(a_b=1)` and `def f(a_b: c)` are not.
      uint32_t Next = End;
      while (Next < N && (T[Next] == ' ' || T[Next] == '\t'))
        ++Next;
      bool Assigned = Next + 1 < N && ((T[Next] == '=' && T[Next + 1] != '=') ||
                                       T[Next] == ':');
      if (Plain && End <= P.TextBegin + P.Length && !Assigned &&
          (End == N || T[End] != '[') &&
          !grammar().isGrammarWord(llvm::StringRef(T + Begin, Dot - Begin)) &&
          !grammar().isGrammarWord(
              llvm::StringRef(T + Dot + 1, End - Dot - 1))) {
        Text[Dot] = '_';
        Folds.push_back(Dot);
      }
      I = End; // the name after the dot never starts a fold of its own
    }
  }

  /// The folds' text offsets as file offsets (the text is the file's
  /// characters until names are shortened, piece by piece).
  void foldsToSource() {
    size_t PieceIndex = 0;
    auto Map = [&](uint32_t Offset) {
      while (PieceIndex + 1 < Pieces.size() &&
             Pieces[PieceIndex + 1].TextBegin <= Offset)
        ++PieceIndex;
      return Pieces[PieceIndex].SourceBegin +
             (Offset - Pieces[PieceIndex].TextBegin);
    };
    for (uint32_t &Dot : Folds)
      Dot = Map(Dot);
    PieceIndex = 0;
    for (BroadcastFold &B : Broadcasts) {
      uint32_t Length = B.End - B.Bracket, NameLength = B.Bracket - B.NameStart;
      B.Bracket = Map(B.Bracket);
      B.End = B.Bracket + Length;
      B.NameStart = B.Bracket - NameLength; // within the bracket's piece
    }
  }

  /// Whether a folded dot lies in the file range [Begin, End).
  bool foldedWithin(uint32_t Begin, uint32_t End) const {
    auto Fold = std::lower_bound(Folds.begin(), Folds.end(), Begin);
    return Fold != Folds.end() && *Fold < End;
  }

  /// The symbol tree-sitter gives a keyword argument's value T[0, N) when it
  /// is one token we fold: a name, True/False/None, a plain decimal integer
  /// or float; 0 for anything else (left as it is).
  static TSSymbol valueSymbol(const char *T, uint32_t N) {
    const GrammarTables &G = grammar();
    llvm::StringRef V(T, N);
    if (isNameStart(T[0])) {
      for (char C : V)
        if (!isNameChar(C) || static_cast<unsigned char>(C) >= 0x80)
          return 0;
      if (V == "True")
        return G.True;
      if (V == "False")
        return G.False;
      if (V == "None")
        return G.None;
      return G.isGrammarWord(V) ? 0 : G.Identifier;
    }
    // [0-9]+, or [0-9]+.[0-9]* / .[0-9]+ with an optional e[+-]?[0-9]+.
    uint32_t I = 0, IntDigits = 0, FracDigits = 0;
    for (; I < N && isDigit(T[I]); ++I)
      ++IntDigits;
    if (I == N)
      return IntDigits ? G.Integer : 0;
    bool Dot = T[I] == '.';
    if (Dot)
      for (++I; I < N && isDigit(T[I]); ++I)
        ++FracDigits;
    if (IntDigits + FracDigits == 0)
      return 0;
    if (I < N && (T[I] == 'e' || T[I] == 'E')) {
      ++I;
      if (I < N && (T[I] == '+' || T[I] == '-'))
        ++I;
      uint32_t ExpDigits = 0;
      for (; I < N && isDigit(T[I]); ++I)
        ++ExpDigits;
      if (!ExpDigits)
        return 0;
      Dot = true; // an exponent makes a float
    }
    return I == N && Dot ? G.Float : 0;
  }

  /// The text tree-sitter reads, condensed (after foldDottedNames): every
  /// name of two or more characters becomes `a`, and a keyword argument
  /// `name=value` with a one-token value becomes one `a`. tree-sitter's
  /// lexer costs about a hundred instructions per character and its parser
  /// a few thousand per token, and no rule of the grammar looks at a name's
  /// spelling except to tell a keyword: every word the grammar spells out is
  /// kept (GrammarTables::isGrammarWord), and so are a string's prefix
  /// (`rb"`), the letters of a number (`1e5`, `0x1F`), non-ASCII names and
  /// whatever is inside a string or comment. A keyword argument is folded
  /// only between the parentheses of a call (not a `def`'s, nor after a
  /// `lambda` in them, nor on a `case` line). Each condensed stretch is a
  /// piece of its own, so every position still maps back to the file.
  void shortenNames() {
    const GrammarTables &G = grammar();
    std::string Out;
    Out.reserve(Text.size());
    std::vector<Piece> Split;
    Split.reserve(Pieces.size() * 4 + 16);
    uint32_t OutRow = 0, OutRowStart = 0;
    // Brackets open at this point: a call's parentheses (where keyword
    // arguments and runs of names fold), a def's (runs of names), or
    // anything else. A parenthesis after a keyword (`if (a, b)`, `except
    // (A, B)`) is a tuple's or a group's: anything else.
    enum : uint8_t { CallParen, DefParen, OtherBracket };
    std::vector<uint8_t> Brackets;
    char Previous = '\n'; // the last character outside strings, not blank
    const char KeywordMark = '\x01'; // Previous after a keyword
    bool DefPending = false, CaseLine = false;
    char Quote = 0; // inside a string: its quote, Triple for three of them
    bool Triple = false;
    for (const Piece &P : Pieces) {
      const char *T = Text.data() + P.TextBegin;
      uint32_t N = P.Length;
      // The file row of T[I], and the offset whose column is 0 on it (the
      // piece's first row starts SourceColumn before the piece).
      uint32_t Row = P.SourceRow;
      int64_t RowStart = -int64_t(P.SourceColumn);
      uint32_t From = 0, FromRow = Row; // T[From, I) not yet in a piece
      int64_t FromRowStart = RowStart;
      auto Emit = [&](uint32_t Begin, uint32_t End, uint32_t SourceRow,
                      int64_t SourceRowStart, bool Name) {
        uint32_t At = uint32_t(Out.size());
        uint32_t Length = Name ? 1 : End - Begin;
        Split.push_back({At, P.SourceBegin + Begin, Length, OutRow,
                         At - OutRowStart, SourceRow,
                         uint32_t(int64_t(Begin) - SourceRowStart),
                         End - Begin});
        if (Name) {
          Out.push_back('a');
          return;
        }
        Out.append(T + Begin, End - Begin);
        for (const char *C = Out.data() + At, *E = Out.data() + Out.size();
             (C = static_cast<const char *>(std::memchr(C, '\n', E - C)));
             ++C) {
          ++OutRow;
          OutRowStart = uint32_t(C - Out.data()) + 1;
        }
      };
      auto Condense = [&](uint32_t Begin, uint32_t End) {
        if (Begin > From)
          Emit(From, Begin, FromRow, FromRowStart, false);
        Emit(Begin, End, Row, RowStart, true);
        From = End;
        FromRow = Row;
        FromRowStart = RowStart;
      };
      // The end of a one-token member of a run at K: a name or a number.
      auto MemberEnd = [&](uint32_t K) {
        uint32_t E = K;
        if (isNameStart(T[K])) {
          while (E < N && isNameChar(T[E]))
            ++E;
        } else if (isDigit(T[K]) ||
                   (T[K] == '.' && K + 1 < N && isDigit(T[K + 1]))) {
          for (++E; E < N; ++E) {
            char D = T[E];
            if (!isNameChar(D) && D != '.' &&
                !((D == '+' || D == '-') &&
                  (T[E - 1] == 'e' || T[E - 1] == 'E')))
              break;
          }
        }
        return E;
      };
      uint32_t I = 0;
      auto SkipSpaces = [&](uint32_t J) {
        while (J < N && (T[J] == ' ' || T[J] == '\t'))
          ++J;
        return J;
      };
      // `a * b` at Begin, both one token (a name, a plain decimal number,
      // True/False/None), with nothing binding tighter on either side: the
      // caller knows what comes before (an opening bracket, `,`, `:`, an
      // assignment's or comparison's `=`, a statement's start); after it
      // must come the end
      // of the expression (a closing bracket, `,`, `:`, `;`, a statement's
      // end) or an operator that binds looser (comparisons, bitwise,
      // shifts; `+`/`-` after either kind, and `*`, `/`, `//`, `%` after a
      // multiplicative one, all left-associative). One name stands for the
      // binary_operator. On a fold, I is past it.
      auto TryBinary = [&](uint32_t Begin) {
        uint32_t LeftEnd = MemberEnd(Begin);
        TSSymbol Left =
            LeftEnd > Begin ? valueSymbol(T + Begin, LeftEnd - Begin) : 0;
        uint32_t J = SkipSpaces(LeftEnd);
        if (!Left || J + 1 >= N)
          return false;
        char O = T[J];
        bool Multiplicative = O == '*' || O == '/' || O == '%';
        uint32_t OpEnd = J + 1;
        if (O == '/' && T[J + 1] == '/')
          OpEnd = J + 2;
        if ((O != '+' && O != '-' && !Multiplicative) || OpEnd >= N ||
            T[OpEnd] == '=' || (O == '*' && T[J + 1] == '*') ||
            (O == '-' && T[J + 1] == '>'))
          return false;
        uint32_t V = SkipSpaces(OpEnd);
        uint32_t RightEnd = V < N ? MemberEnd(V) : V;
        TSSymbol Right = RightEnd > V ? valueSymbol(T + V, RightEnd - V) : 0;
        uint32_t K = SkipSpaces(RightEnd);
        if (!Right || K >= N)
          return false;
        char X = T[K], Y = K + 1 < N ? T[K + 1] : '\0';
        bool Closes;
        switch (X) {
        case ')':
        case ']':
        case '}':
        case ',':
        case ':':
        case ';':
        case '<':
        case '>':
          Closes = true;
          break;
        case '\n':
          Closes = Brackets.empty();
          break;
        case '=':
        case '!':
          Closes = Y == '=';
          break;
        case '&':
        case '|':
        case '^':
          Closes = Y != '=';
          break;
        case '+':
        case '-':
          Closes = Y != '=' && !(X == '-' && Y == '>');
          break;
        case '*':
        case '%':
          Closes = Multiplicative && Y != '=' && Y != '*';
          break;
        case '/':
          Closes = Multiplicative && Y != '=' &&
                   !(Y == '/' && K + 2 < N && T[K + 2] == '=');
          break;
        default:
          Closes = false;
        }
        if (!Closes)
          return false;
        uint32_t Base = P.SourceBegin;
        Binaries.push_back({Base + Begin, Base + RightEnd, Row,
                            uint32_t(int64_t(Begin) - RowStart), Base + LeftEnd,
                            Base + J, Base + OpEnd, Base + V, Left,
                            G.operatorSymbol(llvm::StringRef(T + J, OpEnd - J)),
                            Right});
        Condense(Begin, RightEnd);
        I = RightEnd;
        return true;
      };
      // Whether an operand may start here, after Before: see TryBinary.
      auto BinaryMayStart = [&](char Before) {
        if (CaseLine)
          return false;
        switch (Before) {
        case '(':
        case '[':
        case ',':
        case ':':
        case '\n':
          return true;
        case '=': // an assignment's, or a comparison's: both bind looser
          return true;
        default:
          return false;
        }
      };
      // A run of members at Begin, `a, b, 0, c=d, e: f`, each followed by
      // `,` or `)`, in a call's parentheses (InDef false) or a def's: a
      // member is one token (a name; in a call also a plain decimal number
      // or True/False/None), or a name and one such token joined by `=`
      // (keyword argument; default parameter in a def) or, in a def, by
      // `:` (typed parameter). The value may be a folded dotted name. Each
      // member is a child of the argument list or the parameters, with no
      // field, so one name stands for them all; a lone member folds only
      // when it is such a pair. On a fold, I is past the run.
      auto TryRun = [&](uint32_t Begin, bool InDef) {
        uint32_t RunRow = Row;
        int64_t RunRowStart = RowStart;
        // Blanks and line breaks from J; the rows they cross are counted.
        auto SkipBlanks = [&](uint32_t J) {
          for (; J < N; ++J) {
            if (T[J] == '\n') {
              ++RunRow;
              RunRowStart = J + 1;
            } else if (T[J] != ' ' && T[J] != '\t' && T[J] != '\r') {
              break;
            }
          }
          return J;
        };
        uint32_t Base = P.SourceBegin;
        size_t First = RunMembers.size();
        bool Pair = false;
        uint32_t End = Begin, EndRow = Row;
        int64_t EndRowStart = RowStart;
        for (uint32_t K = Begin;;) {
          uint32_t KEnd = MemberEnd(K);
          uint32_t MemberRow = RunRow;
          int64_t MemberRowStart = RunRowStart;
          TSSymbol Symbol = KEnd > K ? valueSymbol(T + K, KEnd - K) : 0;
          RunMember M{Base + K,    Base + KEnd,
                      MemberRow,   uint32_t(int64_t(K) - MemberRowStart),
                      Symbol,      Base + KEnd,
                      Base + KEnd, 0};
          uint32_t J = SkipSpaces(KEnd);
          bool Joined =
              J + 1 < N && Symbol == G.Identifier &&
              ((T[J] == '=' && T[J + 1] != '=') || (InDef && T[J] == ':'));
          if (Joined) {
            uint32_t V = SkipSpaces(J + 1);
            uint32_t VEnd = V < N ? MemberEnd(V) : V;
            TSSymbol Value = VEnd > V ? valueSymbol(T + V, VEnd - V) : 0;
            if (!Value || (T[J] == ':' && Value != G.Identifier))
              break;
            M.Symbol = T[J] == ':' ? G.TypedParameter
                       : InDef     ? G.DefaultParameter
                                   : G.KeywordArgument;
            M.ValueStart = Base + V;
            M.End = Base + VEnd;
            M.ValueSymbol = Value;
            KEnd = VEnd;
          }
          uint32_t After = SkipBlanks(KEnd);
          if (!Symbol || (InDef && !Joined && Symbol != G.Identifier) ||
              After >= N || (T[After] != ',' && T[After] != ')') ||
              (!Joined && Symbol != G.Identifier &&
               foldedWithin(M.Start, M.End)))
            break;
          RunMembers.push_back(M);
          Pair |= Joined;
          End = KEnd;
          EndRow = MemberRow;
          EndRowStart = MemberRowStart;
          if (T[After] != ',')
            break;
          K = SkipBlanks(After + 1);
          if (K >= N)
            break;
        }
        size_t Count = RunMembers.size() - First;
        if (Count == 0 || (Count == 1 && !Pair)) {
          RunMembers.resize(First);
          return false;
        }
        Runs.push_back(
            {Base + Begin, Base + End, uint32_t(First), uint32_t(Count)});
        Condense(Begin, End);
        I = End;
        Row = FromRow = EndRow;
        RowStart = FromRowStart = EndRowStart;
        return true;
      };
      for (; I < N;) {
        char C = T[I];
        if (C == '\n') {
          ++Row;
          RowStart = ++I;
          if (Quote && !Triple)
            Quote = 0; // unterminated: Python ends it here, with an error
          if (Brackets.empty()) {
            CaseLine = false;
            Previous = '\n';
          }
          continue;
        }
        if (Quote) { // inside a string, maybe continued from the last piece
          if (C == '\\') {
            I += (I + 1 < N && T[I + 1] != '\n') ? 2 : 1;
            continue;
          }
          if (C == Quote && (!Triple || (I + 2 < N && T[I + 1] == Quote &&
                                         T[I + 2] == Quote))) {
            I += Triple ? 3 : 1;
            Quote = 0;
            Previous = C;
            continue;
          }
          ++I;
          continue;
        }
        if (C == ' ' || C == '\t' || C == '\r' || C == '\\' || C == '\f') {
          ++I;
          continue;
        }
        if (C == '#') { // a comment the cuts left: to the newline
          while (I < N && T[I] != '\n')
            ++I;
          continue;
        }
        if (C == '"' || C == '\'') {
          Triple = I + 2 < N && T[I + 1] == C && T[I + 2] == C;
          Quote = C;
          I += Triple ? 3 : 1;
          continue;
        }
        if (isDigit(C) || (C == '.' && I + 1 < N && isDigit(T[I + 1]))) {
          if (!CaseLine && !Brackets.empty() && Brackets.back() == CallParen &&
              (Previous == '(' || Previous == ',') &&
              TryRun(I, /*InDef=*/false)) {
            Previous = 'a';
            continue;
          }
          if (BinaryMayStart(Previous) && TryBinary(I)) {
            Previous = 'a';
            continue;
          }
          // A number, with its letters, dots and exponent sign.
          for (++I; I < N; ++I) {
            char D = T[I];
            if (!isNameChar(D) && D != '.' &&
                !((D == '+' || D == '-') &&
                  (T[I - 1] == 'e' || T[I - 1] == 'E')))
              break;
          }
          Previous = '0';
          continue;
        }
        if (!isNameChar(C)) {
          if (C == '(') {
            bool Call =
                isNameChar(Previous) || Previous == ')' || Previous == ']';
            Brackets.push_back(DefPending ? DefParen
                               : Call     ? CallParen
                                          : OtherBracket);
            DefPending = false;
          } else if (C == '[' || C == '{') {
            Brackets.push_back(OtherBracket);
          } else if ((C == ')' || C == ']' || C == '}') && !Brackets.empty()) {
            Brackets.pop_back();
          }
          Previous = C;
          ++I;
          continue;
        }
        uint32_t Begin = I;
        bool Ascii = true;
        for (; I < N && isNameChar(T[I]); ++I)
          Ascii &= static_cast<unsigned char>(T[I]) < 0x80;
        char Before = Previous;
        Previous = 'a';
        if (I < N && (T[I] == '\'' || T[I] == '"'))
          continue; // a string's prefix
        llvm::StringRef Word(T + Begin, I - Begin);
        bool GrammarWord = G.isGrammarWord(Word);
        if (GrammarWord) {
          Previous = KeywordMark;
          if (Word == "def")
            DefPending = true;
          else if (Word == "lambda" && !Brackets.empty())
            Brackets.back() = OtherBracket; // its parameters follow
          else if (Word == "case" && (Before == '\n' || Before == ':'))
            CaseLine = true;
        }
        // A run of arguments or parameters `a, b=c, d: e`: see TryRun.
        if (Ascii && !CaseLine && !Brackets.empty() &&
            Brackets.back() != OtherBracket &&
            (Before == '(' || Before == ',') &&
            TryRun(Begin, Brackets.back() == DefParen))
          continue;
        // `a * b`: see TryBinary.
        if (Ascii && BinaryMayStart(Before) && TryBinary(Begin))
          continue;
        if (I - Begin < 2 || !Ascii || GrammarWord ||
            (Begin > 0 && T[Begin - 1] == '\\'))
          continue;
        Condense(Begin, I);
      }
      if (N > From)
        Emit(From, N, FromRow, FromRowStart, false);
    }
    Text = std::move(Out);
    Pieces = std::move(Split);
    Current = 0;
  }

  std::string Text;
  std::vector<Piece> Pieces;
  std::vector<uint32_t> Folds;
  std::vector<BroadcastFold> Broadcasts;
  std::vector<MemberRun> Runs;
  std::vector<BinaryFold> Binaries;
  std::vector<RunMember> RunMembers;
  size_t Current = 0;
};

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
  auto AddToken = [&](uint32_t Start, uint32_t End, uint32_t Line,
                      uint32_t Column, TSSymbol Sym, PyField Field,
                      NodeId Parent, NodeId &Last) {
    PyNode Q;
    Q.Start = Start;
    Q.End = End;
    Q.Line = Line;
    Q.Column = Column;
    Q.Symbol = Sym;
    Q.Kind = G.Kinds[Sym];
    Q.Named = true;
    Q.Field = Field;
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
          PyNode Pair;
          Pair.Start = M.Start;
          Pair.End = M.End;
          Pair.Line = M.Line;
          Pair.Column = M.Column;
          Pair.Symbol = M.Symbol;
          Pair.Kind = G.Kinds[M.Symbol];
          Pair.Named = true;
          Pair.Field = Field;
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
        PyNode Op;
        Op.Start = B.Start;
        Op.End = B.End;
        Op.Line = B.Line;
        Op.Column = B.Column;
        Op.Symbol = G.BinaryOperator;
        Op.Kind = G.Kinds[G.BinaryOperator];
        Op.Named = true;
        Op.Field = F < G.Fields.size() ? G.Fields[F] : PyField::Other;
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
        Q.Parent = Parent;
        NodeId Id = NodeId(Nodes.size());
        NodeId &Last = Stack.back().second;
        if (Last == NoNode)
          Nodes[Parent].FirstChild = Id;
        else
          Nodes[Last].NextSibling = Id;
        Last = Id;
        Nodes.push_back(Q);
        Ends.push_back(Id + 1);
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

} // namespace kerneltidy::triton
