//===- PyGrammar.cpp - the Python grammar's symbols and fields ------------===//
//
// Symbol and field ids of the tree-sitter grammar are mapped to PyKind and
// PyField once per process, through tables built from the grammar's own
// names, so that no string is compared per node.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/PySyntaxInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

extern "C" const TSLanguage *tree_sitter_python(void);

namespace kerneltidy::triton {
namespace {

PyKind kindForName(llvm::StringRef Name) {
  static constexpr std::pair<llvm::StringLiteral, PyKind> Names[] = {
      {"ERROR", PyKind::Error}, {"module", PyKind::Module},
      {"comment", PyKind::Comment},
      {"function_definition", PyKind::FunctionDefinition},
      {"decorated_definition", PyKind::DecoratedDefinition},
      {"decorator", PyKind::Decorator},
      {"class_definition", PyKind::ClassDefinition},
      {"parameters", PyKind::Parameters}, {"identifier", PyKind::Identifier},
      {"typed_parameter", PyKind::TypedParameter},
      {"default_parameter", PyKind::DefaultParameter},
      {"typed_default_parameter", PyKind::TypedDefaultParameter},
      {"type", PyKind::Type}, {"block", PyKind::Block},
      {"expression_statement", PyKind::ExpressionStatement},
      {"assignment", PyKind::Assignment},
      {"augmented_assignment", PyKind::AugmentedAssignment},
      {"call", PyKind::Call}, {"argument_list", PyKind::ArgumentList},
      {"keyword_argument", PyKind::KeywordArgument},
      {"attribute", PyKind::Attribute},
      {"binary_operator", PyKind::BinaryOperator},
      {"boolean_operator", PyKind::BooleanOperator},
      {"not_operator", PyKind::NotOperator},
      {"unary_operator", PyKind::UnaryOperator},
      {"comparison_operator", PyKind::ComparisonOperator},
      {"conditional_expression", PyKind::ConditionalExpression},
      {"parenthesized_expression", PyKind::ParenthesizedExpression},
      {"subscript", PyKind::Subscript}, {"slice", PyKind::Slice},
      {"integer", PyKind::Integer}, {"float", PyKind::Float},
      {"string", PyKind::String}, {"true", PyKind::True},
      {"false", PyKind::False}, {"none", PyKind::None},
      {"tuple", PyKind::Tuple}, {"list", PyKind::List},
      {"pattern_list", PyKind::PatternList},
      {"tuple_pattern", PyKind::TuplePattern},
      {"expression_list", PyKind::ExpressionList},
      {"for_statement", PyKind::ForStatement},
      {"while_statement", PyKind::WhileStatement},
      {"if_statement", PyKind::IfStatement},
      {"elif_clause", PyKind::ElifClause}, {"else_clause", PyKind::ElseClause},
      {"with_statement", PyKind::WithStatement},
      {"return_statement", PyKind::ReturnStatement},
      {"import_statement", PyKind::ImportStatement},
      {"import_from_statement", PyKind::ImportFromStatement},
      {"aliased_import", PyKind::AliasedImport},
      {"dotted_name", PyKind::DottedName}, {"lambda", PyKind::Lambda}};
  for (const auto &[Spelling, Value] : Names)
    if (Name == Spelling)
      return Value;
  return PyKind::Other;
}

PyField fieldForName(llvm::StringRef Name) {
  static constexpr std::pair<llvm::StringLiteral, PyField> Names[] = {
      {"name", PyField::Name}, {"parameters", PyField::Parameters},
      {"body", PyField::Body}, {"left", PyField::Left},
      {"right", PyField::Right}, {"operator", PyField::Operator},
      {"operators", PyField::Operator}, {"function", PyField::Function},
      {"arguments", PyField::Arguments}, {"object", PyField::Object},
      {"attribute", PyField::Attribute}, {"value", PyField::Value},
      {"type", PyField::Type}, {"condition", PyField::Condition},
      {"consequence", PyField::Consequence},
      {"alternative", PyField::Alternative},
      {"module_name", PyField::ModuleName}, {"alias", PyField::Alias},
      {"subscript", PyField::Subscript}, {"definition", PyField::Definition},
      {"return_type", PyField::ReturnType}};
  for (const auto &[Spelling, Value] : Names)
    if (Name == Spelling)
      return Value;
  return PyField::Other;
}

} // namespace

GrammarTables::GrammarTables() : Language(tree_sitter_python()) {
  auto Symbol = [&](llvm::StringRef Name) {
    return ts_language_symbol_for_name(Language, Name.data(), Name.size(),
                                       true);
  };
  auto Field = [&](llvm::StringRef Name) {
    return ts_language_field_id_for_name(Language, Name.data(), Name.size());
  };
  Identifier = Symbol("identifier");
  Attribute = Symbol("attribute");
  ObjectField = Field("object");
  AttributeField = Field("attribute");
  Subscript = Symbol("subscript");
  Slice = Symbol("slice");
  None = Symbol("none");
  ValueField = Field("value");
  SubscriptField = Field("subscript");
  NameField = Field("name");
  KeywordArgument =
      Symbol("keyword_argument");
  Integer = Symbol("integer");
  DefaultParameter =
      Symbol("default_parameter");
  TypedParameter =
      Symbol("typed_parameter");
  Type = Symbol("type");
  TypeField = Field("type");
  LeftField = Field("left");
  RightField = Field("right");
  OperatorField = Field("operator");
  BinaryOperator =
      Symbol("binary_operator");
  Float = Symbol("float");
  True = Symbol("true");
  False = Symbol("false");
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

const GrammarTables &grammar() {
  static const GrammarTables Tables;
  return Tables;
}

} // namespace kerneltidy::triton
