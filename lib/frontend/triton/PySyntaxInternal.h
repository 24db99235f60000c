//===- PySyntaxInternal.h - the grammar tables and one parse ---*- C++ -*-===//
//
// Shared by the files of the Python syntax tree, not used outside them:
// PyGrammar.cpp (symbol and field tables of the tree-sitter grammar, built
// once), PyParseArena.cpp (one tree-sitter parse in a per-thread arena),
// PyCompactText.{h,cpp} (the condensed text tree-sitter reads) and
// PySyntax.cpp (the copy into PySyntaxTree and its queries).
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_TRITON_PYSYNTAXINTERNAL_H
#define KERNEL_TIDY_LIB_FRONTEND_TRITON_PYSYNTAXINTERNAL_H

#include "lib/frontend/triton/PySyntax.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include <bitset>
#include <cstdint>
#include <vector>
#include <tree_sitter/api.h>

namespace kerneltidy::triton {

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

  GrammarTables();
};

/// The tables of the Python grammar (built on first use).
const GrammarTables &grammar();

/// Parses Source with a parser made for this file inside the
/// thread's arena, hands the tree to Use, then drops the parser, the tree
/// and everything else tree-sitter allocated for it at once.
bool withParsedTree(llvm::StringRef Source, const TSLanguage *Language,
                    llvm::function_ref<void(TSTree *)> Use);

} // namespace kerneltidy::triton

#endif
