//===- PyCompactText.cpp - condensing the text tree-sitter reads ----------===//
//
// The folds of CompactText (PyCompactText.h): dotted names and broadcasts
// (foldDottedNames), their file offsets (foldsToSource), and the shortened
// names, keyword arguments, argument runs and binary operations
// (shortenNames, valueSymbol).
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/PyCompactText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace kerneltidy::triton {

void CompactText::foldDottedNames() {
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

void CompactText::foldsToSource() {
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

TSSymbol CompactText::valueSymbol(const char *T, uint32_t N) {
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

void CompactText::shortenNames() {
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

} // namespace kerneltidy::triton
