//===- PyTopLevel.cpp - which parts of a Python file are parsed -----------===//
//
// Text helpers that run before tree-sitter: the top-level statements of a
// file (scanTopLevel), the ranges of them to parse (parseRangesOf), and the
// same ranges without comments and blank lines (withoutTrivia). Plain
// character scans over strings, comments and brackets; no tree.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/PySyntax.h"

#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <cstdint>
#include <cstring>

namespace kerneltidy::triton {

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

} // namespace kerneltidy::triton
