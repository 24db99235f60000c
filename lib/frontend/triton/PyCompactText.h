//===- PyCompactText.h - the text tree-sitter reads ------------*- C++ -*-===//
//
// CompactText: the parsed parts of a file copied end to end, optionally
// condensed (dotted names, broadcasts, argument runs and short binary
// operations folded into names), and the way back from an offset in that
// text to the file. The folds are made in PyCompactText.cpp; PySyntax.cpp's
// copyTree turns them back into the nodes they stand for.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_TRITON_PYCOMPACTTEXT_H
#define KERNEL_TIDY_LIB_FRONTEND_TRITON_PYCOMPACTTEXT_H

#include "lib/frontend/triton/PySyntaxInternal.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace kerneltidy::triton {

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
  void foldDottedNames();

  /// The folds' text offsets as file offsets (the text is the file's
  /// characters until names are shortened, piece by piece).
  void foldsToSource();

  /// Whether a folded dot lies in the file range [Begin, End).
  bool foldedWithin(uint32_t Begin, uint32_t End) const {
    auto Fold = std::lower_bound(Folds.begin(), Folds.end(), Begin);
    return Fold != Folds.end() && *Fold < End;
  }

  /// The symbol tree-sitter gives a keyword argument's value T[0, N) when it
  /// is one token we fold: a name, True/False/None, a plain decimal integer
  /// or float; 0 for anything else (left as it is).
  static TSSymbol valueSymbol(const char *T, uint32_t N);

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
  void shortenNames();

  std::string Text;
  std::vector<Piece> Pieces;
  std::vector<uint32_t> Folds;
  std::vector<BroadcastFold> Broadcasts;
  std::vector<MemberRun> Runs;
  std::vector<BinaryFold> Binaries;
  std::vector<RunMember> RunMembers;
  size_t Current = 0;
};

} // namespace kerneltidy::triton

#endif
