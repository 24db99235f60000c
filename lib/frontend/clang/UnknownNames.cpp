//===- UnknownNames.cpp ---------------------------------------------------===//
#include "lib/frontend/clang/UnknownNames.h"
#include "lib/frontend/clang/StandIns.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <vector>

namespace kerneltidy {

using Kind = UnknownNameDeclarations::Kind;

namespace {

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }
bool isIdentStart(char C) { return llvm::isAlpha(C) || C == '_'; }

/// The text between the quotes that follow Prefix at the start of Message
/// ("unknown type name 'X'..." -> "X").
std::optional<llvm::StringRef> quotedAfter(llvm::StringRef Message,
                                           llvm::StringRef Prefix) {
  if (!Message.consume_front(Prefix) || !Message.consume_front("'"))
    return std::nullopt;
  size_t End = Message.find('\'');
  if (End == llvm::StringRef::npos || End == 0)
    return std::nullopt;
  return Message.take_front(End);
}

/// The namespace of "... in namespace 'at::native'" at the end of a message.
std::optional<llvm::StringRef> namespaceIn(llvm::StringRef Message) {
  size_t At = Message.find("' in namespace '");
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Rest = Message.drop_front(At + strlen("' in namespace '"));
  size_t End = Rest.find('\'');
  if (End == llvm::StringRef::npos)
    return std::nullopt;
  return Rest.take_front(End);
}

llvm::StringRef skipBlanks(llvm::StringRef S) {
  return S.ltrim(" \t\r\n\v\f");
}

llvm::StringRef identifierAt(llvm::StringRef S) {
  if (S.empty() || !isIdentStart(S.front()))
    return {};
  size_t N = 1;
  while (N < S.size() && isIdentChar(S[N]))
    ++N;
  return S.take_front(N);
}

/// 'name(::name)*' at the start of S; Rest is what follows.
std::vector<std::string> qualifiedChainAt(llvm::StringRef S,
                                          llvm::StringRef &Rest) {
  std::vector<std::string> Chain;
  for (;;) {
    llvm::StringRef Id = identifierAt(S);
    if (Id.empty())
      break;
    Chain.push_back(Id.str());
    S = S.drop_front(Id.size());
    llvm::StringRef After = skipBlanks(S);
    if (!After.starts_with("::"))
      break;
    llvm::StringRef Next = skipBlanks(After.drop_front(2));
    if (identifierAt(Next).empty())
      break;
    S = Next;
  }
  Rest = S;
  return Chain;
}

/// The qualifiers written just before a name: 'at::' before 'xpu'.
std::vector<std::string> qualifiersBefore(llvm::StringRef Before) {
  std::vector<std::string> Out;
  for (;;) {
    llvm::StringRef S = Before.rtrim(" \t");
    if (!S.consume_back("::"))
      break;
    S = S.rtrim(" \t");
    size_t N = 0;
    while (N < S.size() && isIdentChar(S[S.size() - 1 - N]))
      ++N;
    llvm::StringRef Id = S.take_back(N);
    if (Id.empty() || !isIdentStart(Id.front()))
      break;
    Out.insert(Out.begin(), Id.str());
    Before = S.drop_back(N);
  }
  return Out;
}

bool isAllCapitals(llvm::StringRef Name) {
  bool Letter = false;
  for (char C : Name) {
    if (llvm::isUpper(C))
      Letter = true;
    else if (!llvm::isDigit(C) && C != '_')
      return false;
  }
  return Letter && Name.size() >= 3;
}

/// 'RowMajor', 'Sm80': a capital, then lower case somewhere, no '_'.
bool isUpperCamelCase(llvm::StringRef Name) {
  return !Name.empty() && llvm::isUpper(Name.front()) &&
         llvm::any_of(Name, [](char C) { return llvm::isLower(C); }) &&
         !Name.contains('_');
}

/// Words that begin a statement: after an unknown all-capital name they say
/// the name was a statement prefix ('CUTLASS_PRAGMA_UNROLL for (...)'), a
/// macro that expands to a pragma.
bool startsStatement(llvm::StringRef Word) {
  return llvm::StringSwitch<bool>(Word)
      .Cases("for", "while", "do", "if", "switch", "return", true)
      .Default(false);
}

/// Words that begin a declaration: after an unknown all-capital name they
/// say the name was a macro of attributes ('CUTLASS_DEVICE void f()').
bool startsDeclaration(llvm::StringRef Word) {
  return llvm::StringSwitch<bool>(Word)
      .Cases("void", "static", "inline", "constexpr", "auto", "template",
             "extern", "explicit", "virtual", "friend", true)
      .Cases("const", "volatile", "bool", "char", "short", "int", "long",
             "signed", "unsigned", true)
      .Cases("float", "double", "typename", "struct", "class", true)
      .Cases("__device__", "__host__", "__global__", "__forceinline__",
             "__inline__", "__noinline__", true)
      .Default(false);
}

/// The first argument of 'X<...>' says whether X takes types or values.
Kind templateKindFromArgument(llvm::StringRef AfterAngle) {
  llvm::StringRef A = skipBlanks(AfterAngle);
  if (A.empty())
    return Kind::TypeTemplate;
  if (llvm::isDigit(A.front()) || A.front() == '-' || A.front() == '(')
    return Kind::ValueTemplate;
  llvm::StringRef Id = identifierAt(A);
  if (Id == "true" || Id == "false" || isAllCapitals(Id) ||
      (Id.size() > 1 && Id[0] == 'k' && llvm::isUpper(Id[1])))
    return Kind::ValueTemplate;
  return Kind::TypeTemplate;
}

/// Whether one template argument, as written, is a value ('v') or a type
/// ('t'): a literal, an expression, 'true', an all-capital or 'kName'
/// constant is a value; a builtin or class type, possibly qualified,
/// templated, 'const' or a pointer, is a type (so is a lone identifier that
/// says nothing: 'T').
char templateArgumentKind(llvm::StringRef Arg) {
  llvm::StringRef A = Arg.trim();
  if (A.empty())
    return 't';
  char C = A.front();
  if (llvm::isDigit(C) || C == '-' || C == '(' || C == '!' || C == '~' ||
      C == '\'' || A.starts_with("sizeof") || A.starts_with("alignof"))
    return 'v';
  // The qualified name that opens it, and what follows.
  llvm::StringRef Last, Rest = A;
  while (true) {
    llvm::StringRef Id = identifierAt(Rest);
    if (Id.empty())
      break;
    Last = Id;
    Rest = skipBlanks(Rest.drop_front(Id.size()));
    if (Id == "const" || Id == "volatile" || Id == "typename" ||
        Id == "unsigned" || Id == "signed" || Id == "long" || Id == "short")
      continue; // 'const T', 'unsigned int'
    if (!Rest.consume_front("::"))
      break;
    Rest = skipBlanks(Rest);
  }
  if (Last.empty())
    return 't';
  if (Last == "true" || Last == "false" || Last == "nullptr")
    return 'v';
  if (Rest.starts_with("<"))
    return 't'; // a template-id: 'Shape<128, 64>'
  // What follows a name: '*' or '&' then nothing is a pointer or reference
  // type; an operator with an operand is an expression.
  llvm::StringRef Tail = Rest.ltrim("*& \t");
  if (!Rest.empty() && Tail.empty())
    return 't';
  if (Tail.starts_with("const") || Tail.starts_with("volatile"))
    return 't';
  if (!Rest.empty())
    return 'v'; // 'N * 2', 'kBlock / 4', 'a.size'
  return isAllCapitals(Last) ||
                 (Last.size() > 1 && Last[0] == 'k' && llvm::isUpper(Last[1]))
             ? 'v'
             : 't';
}

/// The kinds of the arguments of 'X<...>', one letter each ("tv" for
/// '<float, 4>'), up to the '>' that closes them; empty where no '>' does.
std::string templateSignature(llvm::StringRef AfterAngle) {
  std::string Signature;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < AfterAngle.size(); ++I) {
    char C = AfterAngle[I];
    if (C == '<' || C == '(' || C == '[' || C == '{') {
      ++Depth;
    } else if ((C == ')' || C == ']' || C == '}') && Depth > 0) {
      --Depth;
    } else if (C == '>' && Depth > 0) {
      --Depth;
    } else if ((C == ',' || C == '>') && Depth == 0) {
      Signature += templateArgumentKind(AfterAngle.slice(Start, I));
      if (C == '>')
        return Signature;
      Start = I + 1;
    } else if (C == ';' || C == '\n') {
      break;
    }
  }
  return "";
}

/// What a name stands for, from the text that follows it.
Kind kindFromUse(llvm::StringRef Rest, bool TypeContext) {
  llvm::StringRef R = skipBlanks(Rest);
  if (R.empty())
    return TypeContext ? Kind::Type : Kind::Value;
  char C = R.front();
  if (C == '(')
    return TypeContext ? Kind::Type : Kind::Function;
  if (C == '<' && !R.starts_with("<<") && !R.starts_with("<="))
    return templateKindFromArgument(R.drop_front());
  if (C == '{' || isIdentStart(C))
    return Kind::Type;
  if (C == '*' || C == '&') {
    llvm::StringRef P = skipBlanks(R.ltrim("*& \t"));
    if (P.empty() || P.front() == '>' || P.front() == ',' || P.front() == ')')
      return Kind::Type;
    llvm::StringRef Id = identifierAt(P);
    if (Id == "const" || Id == "__restrict__" || Id == "restrict")
      return Kind::Type;
    if (!Id.empty()) {
      llvm::StringRef After = skipBlanks(P.drop_front(Id.size()));
      if (!After.empty() && llvm::StringRef(",;)=[").contains(After.front()))
        return Kind::Type;
    }
  }
  return TypeContext ? Kind::Type : Kind::Value;
}

Kind refineType(llvm::StringRef Name) {
  std::string L = Name.lower();
  if (L == "half" || L == "half_t" || L == "fp16" || L == "fp16_t" ||
      L == "float16" || L == "float16_t")
    return Kind::Half;
  if (L == "bfloat16" || L == "bfloat16_t" || L == "bf16" || L == "bf16_t" ||
      L == "bhalf_t" || L == "bhalf")
    return Kind::BFloat16;
  return Kind::Type;
}

std::string join(llvm::ArrayRef<std::string> Parts) {
  std::string Out;
  for (const std::string &P : Parts) {
    if (!Out.empty())
      Out += "::";
    Out += P;
  }
  return Out;
}

/// Attributes an all-capital declaration macro's name asks for.
std::string macroExpansion(llvm::StringRef Name) {
  bool Device = Name.contains("DEVICE");
  bool Host = Name.contains("HOST");
  std::string Out;
  if (Name.contains("INLINE"))
    Out += "inline ";
  if (Name.contains("GLOBAL") || Name.contains("KERNEL"))
    Out += "__KT_GLOBAL";
  else if (Device && Host)
    Out += "__KT_HD";
  else if (Device)
    Out += "inline __KT_DEV";
  else if (Host)
    Out += "__KT_HOST";
  return llvm::StringRef(Out).rtrim().str();
}

/// A C++17 keyword: never the name of a stand-in ('traits::template arg<0>'
/// reads as a chain of names, and 'using template = ...' would break the
/// whole stand-in header). C++20's ('requires', 'concept') are names in a
/// C++17 parse, keywords in a C++20 one.
bool isCxxKeyword(llvm::StringRef Word, bool Cxx20) {
  if (Cxx20 && llvm::StringSwitch<bool>(Word)
                   .Cases("char8_t", "concept", "consteval", "constinit",
                          "requires", true)
                   .Cases("co_await", "co_return", "co_yield", true)
                   .Default(false))
    return true;
  // clang-format off
  static const llvm::StringSet<> Keywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
      "bool", "break", "case", "catch", "char", "char16_t", "char32_t", "class",
      "compl", "const", "const_cast", "constexpr", "continue", "decltype",
      "default", "delete", "do", "double", "dynamic_cast", "else", "enum",
      "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
      "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept",
      "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private",
      "protected", "public", "register", "reinterpret_cast", "return", "short",
      "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
      "switch", "template", "this", "thread_local", "throw", "true", "try",
      "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual",
      "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
  };
  // clang-format on
  return Keywords.contains(Word);
}

} // namespace

std::optional<Kind>
UnknownNameDeclarations::kindOf(llvm::StringRef QualifiedName) const {
  auto It = Names.find(QualifiedName.str());
  if (It == Names.end())
    return std::nullopt;
  return It->second;
}

bool UnknownNameDeclarations::add(const std::string &Qualified, Kind K,
                                  bool FromMessage) {
  llvm::StringRef Q(Qualified);
  if (Q.empty() || Q == "std" || Q.starts_with("std::") ||
      Q.contains("__builtin") || Q.contains("__kt_"))
    return false;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Q.split(Parts, "::");
  if (llvm::any_of(Parts,
                   [&](llvm::StringRef P) { return isCxxKeyword(P, Cxx20); }))
    return false;
  if (K == Kind::Type) {
    size_t Last = Q.rfind("::");
    K = refineType(Last == llvm::StringRef::npos ? Q : Q.drop_front(Last + 2));
  }
  auto It = Names.find(Qualified);
  if (It == Names.end()) {
    Names[Qualified] = K;
    if (FromMessage)
      FirmNames.insert(Qualified);
    return true;
  }
  if (It->second == K || It->second == Kind::Namespace)
    return false;
  if (FirmNames.count(Qualified) && !FromMessage)
    return false;
  It->second = K;
  if (FromMessage)
    FirmNames.insert(Qualified);
  return true;
}

bool UnknownNameDeclarations::addSignature(const std::string &Qualified,
                                           const std::string &Signature) {
  // Only a template of types and values needs one: the others take a pack.
  if (Signature.find('t') == std::string::npos ||
      Signature.find('v') == std::string::npos)
    return false;
  auto [It, New] = Signatures.emplace(Qualified, Signature);
  if (New)
    return true;
  // A longer use that agrees with the one known extends it.
  if (Signature.size() > It->second.size() &&
      llvm::StringRef(Signature).starts_with(It->second)) {
    It->second = Signature;
    return true;
  }
  return false;
}

std::optional<std::string>
UnknownNameDeclarations::signatureOf(llvm::StringRef QualifiedName) const {
  auto It = Signatures.find(QualifiedName.str());
  if (It == Signatures.end())
    return std::nullopt;
  return It->second;
}

bool UnknownNameDeclarations::learn(llvm::StringRef Message,
                                    llvm::StringRef TextAt,
                                    llvm::StringRef Before) {
  llvm::StringRef Rest;
  // The text at the location must spell the name the message names;
  // otherwise (a macro expansion) only the message is used.
  // Clang puts some errors on the qualifier rather than the name
  // ('at::xpu::f' with "no member named 'xpu'" on 'at'): the name is then
  // looked for after '::' further on the same line.
  auto chainFor = [&](llvm::StringRef Name) {
    llvm::StringRef At = TextAt;
    auto spellsName = [&](llvm::StringRef S) {
      return S.starts_with(Name) &&
             (S.size() == Name.size() || !isIdentChar(S[Name.size()]));
    };
    if (!spellsName(At)) {
      llvm::StringRef Line = At.take_until([](char C) { return C == '\n'; });
      std::string Qualified = ("::" + Name).str();
      size_t Pos = Line.find(Qualified);
      while (Pos != llvm::StringRef::npos && !spellsName(Line.drop_front(Pos + 2)))
        Pos = Line.find(Qualified, Pos + 1);
      At = Pos == llvm::StringRef::npos ? llvm::StringRef()
                                        : At.drop_front(Pos + 2);
    }
    std::vector<std::string> Chain = qualifiedChainAt(At, Rest);
    if (Chain.empty() || Chain.front() != Name) {
      Rest = {};
      return std::vector<std::string>{};
    }
    return Chain;
  };
  // Declares Scope::Chain[0]::...: every component but the last a
  // namespace, the last of kind Last.
  auto declareChain = [&](std::vector<std::string> Scope,
                          const std::vector<std::string> &Chain, Kind Last,
                          bool Firm) {
    bool Changed = false;
    // Where the text leaves it open ('is_same<W, cutlass::uint4b_t>': a
    // value or a type before '>'), a name ending in '_t' is a type, as C
    // and C++ name them.
    // So is an UpperCamelCase name among template arguments
    // ('Mma<cutlass::arch::Sm80, ...>'): types are named so, constants
    // 'kName' or in capitals.
    if (Last == Kind::Value && !Chain.empty()) {
      llvm::StringRef N = Chain.back();
      llvm::StringRef After = skipBlanks(Rest);
      bool TemplateArgument = After.starts_with(">") || After.starts_with(",");
      if ((N.ends_with("_t") && !isAllCapitals(N)) ||
          (TemplateArgument && isUpperCamelCase(N)))
        Last = Kind::Type;
    }
    for (size_t I = 0; I < Chain.size(); ++I) {
      Scope.push_back(Chain[I]);
      bool IsLast = I + 1 == Chain.size();
      Changed |= add(join(Scope), IsLast ? Last : Kind::Namespace,
                     IsLast ? Firm : true);
    }
    if ((Last == Kind::TypeTemplate || Last == Kind::ValueTemplate) &&
        skipBlanks(Rest).starts_with("<"))
      Changed |= addSignature(
          join(Scope), templateSignature(skipBlanks(Rest).drop_front()));
    return Changed;
  };
  auto scopeOf = [](llvm::StringRef Qualified) {
    std::vector<std::string> Scope;
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    Qualified.split(Parts, "::");
    for (llvm::StringRef P : Parts)
      if (!P.empty())
        Scope.push_back(P.str());
    return Scope;
  };

  if (auto Name = quotedAfter(Message, "unknown type name ")) {
    std::vector<std::string> Chain = chainFor(*Name);
    if (Chain.empty()) // a type in a macro expansion: the message suffices
      Chain = {Name->str()};
    if (Chain.size() == 1 && isAllCapitals(*Name)) {
      llvm::StringRef R = skipBlanks(Rest);
      llvm::StringRef W1 = identifierAt(R);
      llvm::StringRef AfterW1 =
          W1.empty() ? llvm::StringRef() : skipBlanks(R.drop_front(W1.size()));
      if (!W1.empty() &&
          (startsDeclaration(W1) || !identifierAt(AfterW1).empty()))
        return add(Name->str(), Kind::AttributeMacro, true);
    }
    Kind K = Kind::Type;
    if (!Rest.empty() && skipBlanks(Rest).starts_with("<"))
      K = templateKindFromArgument(skipBlanks(Rest).drop_front());
    return declareChain({}, Chain, K, true);
  }
  if (auto Name = quotedAfter(Message, "use of undeclared identifier ")) {
    std::vector<std::string> Chain = chainFor(*Name);
    if (Chain.empty()) // nothing says what it is: not declared
      return false;
    if (Chain.size() == 1 && isAllCapitals(*Name) &&
        (startsStatement(identifierAt(skipBlanks(Rest))) ||
         skipBlanks(Rest).starts_with("{")))
      return add(Name->str(), Kind::AttributeMacro, true);
    return declareChain({}, Chain, kindFromUse(Rest, false),
                        /*Firm=*/false);
  }
  // 'c10::load(ptr)' where 'c10::load<T>(ptr)' made a template of it: a
  // stand-in template called with no arguments is a function template
  // (the function stand-in takes explicit template arguments too).
  if (auto Name = quotedAfter(Message, "alias template ")) {
    if (!Message.contains("requires template arguments; argument deduction "
                          "only allowed for class templates"))
      return false;
    auto K = kindOf(*Name);
    if (K != Kind::TypeTemplate && K != Kind::ValueTemplate)
      return false;
    llvm::StringRef Last = *Name;
    if (size_t Colons = Last.rfind("::"); Colons != llvm::StringRef::npos)
      Last = Last.drop_front(Colons + 2);
    llvm::StringRef At = skipBlanks(TextAt);
    if (!(At.consume_front(*Name) || At.consume_front(Last)) ||
        !skipBlanks(At).starts_with("("))
      return false;
    Signatures.erase(Name->str());
    return add(Name->str(), Kind::Function, /*FromMessage=*/true);
  }
  if (auto Name = quotedAfter(Message, "no template named ")) {
    std::vector<std::string> Scope;
    if (auto NS = namespaceIn(Message))
      Scope = scopeOf(*NS);
    else if (Message.contains("' in '"))
      return false; // a member template of a class: not ours to declare
    chainFor(*Name);
    Kind K = Kind::TypeTemplate;
    if (!Rest.empty() && skipBlanks(Rest).starts_with("<"))
      K = templateKindFromArgument(skipBlanks(Rest).drop_front());
    return declareChain(Scope, {Name->str()}, K, true);
  }
  if (auto Name = quotedAfter(Message, "no type named ")) {
    auto NS = namespaceIn(Message);
    if (!NS)
      return false;
    return declareChain(scopeOf(*NS), {Name->str()}, Kind::Type, true);
  }
  if (auto Name = quotedAfter(Message, "no namespace named ")) {
    auto NS = namespaceIn(Message);
    return declareChain(NS ? scopeOf(*NS) : std::vector<std::string>{},
                        {Name->str()}, Kind::Namespace, true);
  }
  if (auto Name = quotedAfter(Message, "no member named ")) {
    if (Message.ends_with("in '__kt_opaque'") ||
        Message.ends_with("in 'const __kt_opaque'")) {
      chainFor(*Name);
      llvm::StringRef R = skipBlanks(Rest);
      bool Called = R.starts_with("(") || R.starts_with("<");
      auto [It, New] = Members.emplace(Name->str(), Called);
      if (!New && It->second != Called && Called) {
        It->second = true;
        return true;
      }
      return New;
    }
    auto NS = namespaceIn(Message);
    if (!NS)
      return false;
    std::vector<std::string> Chain = chainFor(*Name);
    if (Chain.empty())
      return false;
    return declareChain(scopeOf(*NS), Chain, kindFromUse(Rest, false),
                        /*Firm=*/false);
  }
  if (Message.starts_with("expected namespace name")) {
    std::vector<std::string> Chain = qualifiersBefore(Before);
    std::vector<std::string> Tail = qualifiedChainAt(TextAt, Rest);
    if (Tail.empty())
      return false;
    Chain.insert(Chain.end(), Tail.begin(), Tail.end());
    return declareChain({}, Chain, Kind::Namespace, true);
  }
  return false;
}

bool UnknownNameDeclarations::learnAll(const std::vector<CompilerErrorAt> &Errors) {
  bool Learnt = false;
  for (const CompilerErrorAt &E : Errors) {
    auto It = Texts.find(E.File);
    if (It == Texts.end()) {
      std::string Text;
      if (!E.File.empty())
        if (auto Buffer = llvm::MemoryBuffer::getFile(E.File))
          Text = (*Buffer)->getBuffer().str();
      It = Texts.emplace(E.File, std::move(Text)).first;
    }
    llvm::StringRef Text = It->second;
    size_t Offset = std::min<size_t>(E.Offset, Text.size());
    Learnt |= learn(E.Message, Text.drop_front(Offset),
                    Text.take_front(Offset).take_back(256));
  }
  return Learnt;
}

bool UnknownNameDeclarations::worthAnotherRound(
    size_t BestErrors, const std::vector<CompilerErrorAt> &After) {
  if (After.empty())
    return false;
  if (After.size() < BestErrors)
    return true;
  size_t Members = 0;
  for (const CompilerErrorAt &E : After)
    if (llvm::StringRef(E.Message).starts_with("no member named ") &&
        llvm::StringRef(E.Message).contains("__kt_opaque'"))
      ++Members;
  return Members * 10 >= After.size() * 8;
}

void UnknownNameDeclarations::useCxx20() {
  Cxx20 = true;
  for (auto It = Names.begin(); It != Names.end();) {
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    llvm::StringRef(It->first).split(Parts, "::");
    if (llvm::any_of(Parts,
                     [](llvm::StringRef P) { return isCxxKeyword(P, true); })) {
      FirmNames.erase(It->first);
      Signatures.erase(It->first);
      It = Names.erase(It);
    } else {
      ++It;
    }
  }
}

bool UnknownNameDeclarations::asksForCxx20(
    const std::vector<CompilerErrorAt> &Errors) {
  static const llvm::StringSet<> Cxx20Std = {
      "numbers", "same_as", "integral", "signed_integral", "unsigned_integral",
      "floating_point", "convertible_to", "derived_from", "invocable",
      "totally_ordered", "equality_comparable", "bit_cast", "bit_ceil",
      "bit_floor", "bit_width", "has_single_bit", "popcount", "countl_zero",
      "countr_zero", "rotl", "rotr", "endian", "span", "remove_cvref",
      "remove_cvref_t", "type_identity", "type_identity_t", "to_address",
      "ssize", "midpoint", "lerp", "source_location", "ranges", "views",
      "is_constant_evaluated", "assume_aligned", "is_bounded_array"};
  for (const CompilerErrorAt &E : Errors) {
    llvm::StringRef M(E.Message);
    if (M.starts_with("unknown type name 'requires'") ||
        M.starts_with("unknown type name 'concept'") ||
        M.starts_with("unknown type name 'consteval'") ||
        M.starts_with("unknown type name 'constinit'"))
      return true;
    if (!M.contains("' in namespace 'std'"))
      continue;
    for (llvm::StringRef Prefix :
         {"no member named ", "no template named ", "no type named "})
      if (auto Name = quotedAfter(M, Prefix))
        if (Cxx20Std.contains(*Name))
          return true;
  }
  return false;
}

std::string UnknownNameDeclarations::header() const {
  std::string H = R"(// Stand-ins for names the first parse could not resolve (kernel-tidy).
#pragma clang system_header
#ifndef __KT_UNKNOWN_NAMES_H
#define __KT_UNKNOWN_NAMES_H
#if defined(__CUDA__) || defined(__HIP__)
#define __KT_HD __host__ __device__
#define __KT_DEV __device__
#define __KT_HOST __host__
#define __KT_GLOBAL __global__
#else
#define __KT_HD
#define __KT_DEV
#define __KT_HOST
#define __KT_GLOBAL
#endif
struct __kt_opaque {
  constexpr __kt_opaque() {}
  template <class... A> __KT_HD constexpr __kt_opaque(const A &...) {}
  template <class T> __KT_HD operator T() const;
  template <class T> __KT_HD __kt_opaque operator[](const T &) const;
  template <class... A> __KT_HD __kt_opaque operator()(const A &...) const;
  __KT_HD const __kt_opaque *operator->() const;
  __KT_HD __kt_opaque operator*() const;
  __KT_HD __kt_opaque operator-() const;
  __KT_HD __kt_opaque operator!() const;
  __KT_HD __kt_opaque operator~() const;
  template <class T> __KT_HD __kt_opaque &operator=(const T &);
  __KT_HD __kt_opaque &operator++();
  __KT_HD __kt_opaque operator++(int);
  __KT_HD __kt_opaque &operator--();
  __KT_HD __kt_opaque operator--(int);
#define __KT_ASSIGN(op) template <class T> __KT_HD __kt_opaque &operator op(const T &);
  __KT_ASSIGN(+=) __KT_ASSIGN(-=) __KT_ASSIGN(*=) __KT_ASSIGN(/=) __KT_ASSIGN(%=)
  __KT_ASSIGN(&=) __KT_ASSIGN(|=) __KT_ASSIGN(^=) __KT_ASSIGN(<<=) __KT_ASSIGN(>>=)
#undef __KT_ASSIGN
#define __KT_ASSIGN(op)                                                        \
  template <class T> friend __KT_HD T &operator op(T &, const __kt_opaque &);
  __KT_ASSIGN(+=) __KT_ASSIGN(-=) __KT_ASSIGN(*=) __KT_ASSIGN(/=) __KT_ASSIGN(%=)
  __KT_ASSIGN(&=) __KT_ASSIGN(|=) __KT_ASSIGN(^=) __KT_ASSIGN(<<=) __KT_ASSIGN(>>=)
#undef __KT_ASSIGN
#define __KT_BINARY(op)                                                        \
  template <class T>                                                           \
  friend __KT_HD __kt_opaque operator op(const __kt_opaque &, const T &);      \
  template <class T>                                                           \
  friend __KT_HD __kt_opaque operator op(const T &, const __kt_opaque &);      \
  friend __KT_HD __kt_opaque operator op(const __kt_opaque &, const __kt_opaque &);
  __KT_BINARY(+) __KT_BINARY(-) __KT_BINARY(*) __KT_BINARY(/) __KT_BINARY(%)
  __KT_BINARY(<) __KT_BINARY(>) __KT_BINARY(<=) __KT_BINARY(>=) __KT_BINARY(==)
  __KT_BINARY(!=) __KT_BINARY(&&) __KT_BINARY(||) __KT_BINARY(&) __KT_BINARY(|)
  __KT_BINARY(^) __KT_BINARY(<<) __KT_BINARY(>>)
#undef __KT_BINARY
)";
  for (const auto &[M, Called] : Members)
    H += Called ? "  template <class... T, class... A> __KT_HD __kt_opaque &" + M +
                      "(const A &...) const;\n"
                : "  static __KT_DEV __kt_opaque " + M + ";\n";
  H += "};\n";
  // A stand-in where a tuple is expected: 'std::apply(f, args[i])' and
  // 'std::tuple_size_v<output_t>' in torch-xpu-ops' Loops.h, whose argument
  // types are stand-ins when PyTorch's headers are missing (the first
  // error of 134 of its 662 files). One element: a kernel's single output.
  H += R"(namespace std {
template <class> struct tuple_size;
template <> struct tuple_size<__kt_opaque> { static constexpr decltype(sizeof 0) value = 1; };
template <decltype(sizeof 0), class> struct tuple_element;
template <decltype(sizeof 0) I> struct tuple_element<I, __kt_opaque> { using type = __kt_opaque; };
template <class F> __KT_HD __kt_opaque apply(F &&, __kt_opaque &);
template <class F> __KT_HD __kt_opaque apply(F &&, const __kt_opaque &);
template <class F> __KT_HD __kt_opaque apply(F &&, __kt_opaque &&);
}
)";

  std::vector<std::string> Macros;
  for (const auto &[Qualified, K] : Names) {
    llvm::StringRef Q(Qualified);
    size_t Last = Q.rfind("::");
    llvm::StringRef Scope =
        Last == llvm::StringRef::npos ? llvm::StringRef() : Q.take_front(Last);
    llvm::StringRef Name =
        Last == llvm::StringRef::npos ? Q : Q.drop_front(Last + 2);
    std::string Decl;
    switch (K) {
    case Kind::Namespace:
      Decl = "namespace " + Name.str() + " {}";
      break;
    case Kind::Type:
      Decl = "using " + Name.str() + " = __kt_opaque;";
      break;
    case Kind::Half:
      Decl = "using " + Name.str() + " = _Float16;";
      break;
    case Kind::BFloat16:
      Decl = "using " + Name.str() + " = __bf16;";
      break;
    case Kind::TypeTemplate:
    case Kind::ValueTemplate: {
      // 'template <class = void, auto = 0, auto...>' for 'X<float, 4>':
      // each argument as its uses wrote it, then a pack of the last kind.
      std::string Parameters = K == Kind::TypeTemplate ? "class..." : "auto...";
      auto Sig = Signatures.find(Qualified);
      if (Sig != Signatures.end()) {
        Parameters.clear();
        for (char C : Sig->second)
          Parameters += C == 't' ? "class = void, " : "auto = 0, ";
        Parameters += Sig->second.back() == 't' ? "class..." : "auto...";
      }
      Decl = "template <" + Parameters + "> using " + Name.str() +
             " = __kt_opaque;";
      break;
    }
    case Kind::Function:
      Decl = "template <class... T, class... A> __KT_HD __kt_opaque &" +
             Name.str() + "(const A &...);";
      break;
    case Kind::Value:
      Decl = "__KT_DEV inline constexpr __kt_opaque " + Name.str() + "{};";
      break;
    case Kind::AttributeMacro:
      if (Scope.empty())
        Macros.push_back("#define " + Name.str() + " " + macroExpansion(Name));
      continue;
    }
    if (Scope.empty())
      H += Decl + "\n";
    else
      H += "namespace " + Scope.str() + " { " + Decl + " }\n";
  }
  for (const std::string &M : Macros)
    H += M + "\n";
  H += "#endif\n";
  return H;
}

} // namespace kerneltidy
