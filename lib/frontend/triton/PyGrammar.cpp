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
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

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

} // namespace

GrammarTables::GrammarTables() : Language(tree_sitter_python()) {
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

const GrammarTables &grammar() {
  static const GrammarTables Tables;
  return Tables;
}

} // namespace kerneltidy::triton
