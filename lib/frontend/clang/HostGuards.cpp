//===- HostGuards.cpp - host code that bounds a kernel's extents to int32 --===//
#include "lib/frontend/clang/HostGuards.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <cctype>
#include <mutex>

namespace kerneltidy {
namespace {

bool isIdentStart(char C) { return std::isalpha((unsigned char)C) || C == '_'; }
bool isIdentChar(char C) { return std::isalnum((unsigned char)C) || C == '_'; }

/// Comments, string and character literals and preprocessor lines become
/// spaces (newlines kept), so braces and names in them do not count.
std::string blankNonCode(llvm::StringRef In) {
  std::string Out(In.begin(), In.end());
  size_t I = 0, N = Out.size();
  bool LineStart = true;
  auto Blank = [&](size_t From, size_t To) {
    for (size_t K = From; K < To && K < N; ++K)
      if (Out[K] != '\n')
        Out[K] = ' ';
  };
  while (I < N) {
    char C = Out[I];
    if (C == '\n') {
      LineStart = true;
      ++I;
      continue;
    }
    if (LineStart && C == '#') {
      size_t J = I;
      while (J < N && !(Out[J] == '\n' && (J == 0 || Out[J - 1] != '\\')))
        ++J;
      Blank(I, J);
      I = J;
      continue;
    }
    if (C != ' ' && C != '\t' && C != '\r')
      LineStart = false;
    if (C == '/' && I + 1 < N && Out[I + 1] == '/') {
      size_t J = Out.find('\n', I);
      J = J == std::string::npos ? N : J;
      Blank(I, J);
      I = J;
      continue;
    }
    if (C == '/' && I + 1 < N && Out[I + 1] == '*') {
      size_t J = Out.find("*/", I + 2);
      J = J == std::string::npos ? N : J + 2;
      Blank(I, J);
      I = J;
      continue;
    }
    if (C == '"' || (C == '\'' && !(I > 0 && std::isalnum((unsigned char)Out[I - 1])))) {
      size_t J = I + 1;
      while (J < N && Out[J] != C && Out[J] != '\n')
        J += Out[J] == '\\' ? 2 : 1;
      Blank(I, J + 1);
      I = J + 1;
      continue;
    }
    ++I;
  }
  return Out;
}

bool isControlKeyword(llvm::StringRef W) {
  return llvm::StringSwitch<bool>(W)
      .Cases("if", "for", "while", "switch", "catch", "return", true)
      .Cases("sizeof", "decltype", "alignof", "defined", "__launch_bounds__",
             true)
      .Default(false);
}

bool isTrailingQualifier(llvm::StringRef W) {
  return llvm::StringSwitch<bool>(W)
      .Cases("const", "noexcept", "override", "final", "mutable", true)
      .Cases("volatile", "__device__", "__host__", true)
      .Default(false);
}

size_t skipSpaceBack(llvm::StringRef T, size_t I) {
  while (I > 0 && std::isspace((unsigned char)T[I - 1]))
    --I;
  return I;
}

/// The name of the function whose body opens at Open, or "" when the brace
/// opens something else (a namespace, class, initialiser, control block).
std::string functionNameBefore(llvm::StringRef T, size_t Open) {
  size_t I = skipSpaceBack(T, Open);
  // 'f() const {', 'f() noexcept {'.
  for (unsigned Guard = 0; Guard < 4 && I > 0 && isIdentChar(T[I - 1]);
       ++Guard) {
    size_t J = I;
    while (J > 0 && isIdentChar(T[J - 1]))
      --J;
    if (!isTrailingQualifier(T.slice(J, I)))
      return "";
    I = skipSpaceBack(T, J);
  }
  if (I == 0 || T[I - 1] != ')')
    return "";
  // The matching '('.
  int Depth = 0;
  size_t J = I;
  while (J > 0) {
    char C = T[--J];
    if (C == ')')
      ++Depth;
    else if (C == '(' && --Depth == 0)
      break;
  }
  if (Depth != 0)
    return "";
  size_t End = skipSpaceBack(T, J);
  // 'Name<Args>(': skip one template argument list.
  if (End > 0 && T[End - 1] == '>') {
    int D = 0;
    size_t K = End;
    while (K > 0) {
      char C = T[--K];
      if (C == '>')
        ++D;
      else if (C == '<' && --D == 0)
        break;
    }
    End = skipSpaceBack(T, K);
  }
  size_t Begin = End;
  while (Begin > 0 && isIdentChar(T[Begin - 1]))
    --Begin;
  llvm::StringRef Name = T.slice(Begin, End);
  if (Name.empty() || !isIdentStart(Name[0]) || isControlKeyword(Name))
    return "";
  return Name.str();
}

} // namespace

bool isInt32GuardCallName(llvm::StringRef Name) {
  std::string L = Name.lower();
  llvm::StringRef S(L);
  if (S.contains("32bit") || S.contains("32_bit"))
    return true;
  if (!S.contains("int32"))
    return false;
  for (llvm::StringRef W : {"check", "fits", "fit_", "can", "assert", "guard",
                            "safe", "ensure", "verify"})
    if (S.contains(W))
      return true;
  return false;
}

bool holdsInt32GuardText(llvm::StringRef Text) {
  static const llvm::Regex Limit(
      "(INT_MAX|INT32_MAX|numeric_limits[[:space:]]*<[[:space:]]*(int|int32_t|"
      "std::int32_t)[[:space:]]*>[[:space:]]*::[[:space:]]*max[[:space:]]*\\("
      "[[:space:]]*\\)|2147483647|0x7[fF]{7}|1[uUlL]*[[:space:]]*<<[[:space:]]*"
      "31)");
  static const llvm::Regex Compared(
      "([<>]=?[[:space:]]*\\(?[[:space:]]*(static_cast<[a-z0-9_:]+>\\()?"
      "(std::)?(INT_MAX|INT32_MAX|numeric_limits|2147483647|0x7[fF]{7}|1[uUlL]"
      "*[[:space:]]*<<[[:space:]]*31))|((INT_MAX|INT32_MAX|2147483647|0x7[fF]"
      "{7}|::max[[:space:]]*\\([[:space:]]*\\)|<<[[:space:]]*31)[[:space:]]*"
      "\\)?[[:space:]]*[<>]=?)");
  if (Limit.match(Text) && Compared.match(Text))
    return true;
  // A call that says it tests 32-bit indexing.
  for (size_t I = 0; I < Text.size();) {
    if (!isIdentStart(Text[I]) || (I > 0 && isIdentChar(Text[I - 1]))) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Text.size() && isIdentChar(Text[J]))
      ++J;
    llvm::StringRef Word = Text.slice(I, J);
    size_t K = J;
    while (K < Text.size() && std::isspace((unsigned char)Text[K]))
      ++K;
    if (K < Text.size() && (Text[K] == '(' || Text[K] == '<') &&
        isInt32GuardCallName(Word))
      return true;
    I = J;
  }
  return false;
}

void HostGuardIndex::addSource(llvm::StringRef Source) {
  std::string Code = blankNonCode(Source);
  llvm::StringRef T(Code);
  size_t I = 0;
  while (I < T.size()) {
    if (T[I] != '{') {
      ++I;
      continue;
    }
    std::string Name = functionNameBefore(T, I);
    // The matching '}' (unbalanced text ends the body at the end).
    int Depth = 0;
    size_t J = I;
    for (; J < T.size(); ++J) {
      if (T[J] == '{')
        ++Depth;
      else if (T[J] == '}' && --Depth == 0)
        break;
    }
    if (Name.empty()) {
      ++I; // a namespace or class: look inside it
      continue;
    }
    llvm::StringRef Body = T.slice(I, J);
    FunctionText F;
    F.Name = Name;
    F.Guard = holdsInt32GuardText(Body);
    for (size_t K = 0; K < Body.size();) {
      if (!isIdentStart(Body[K]) || (K > 0 && isIdentChar(Body[K - 1]))) {
        ++K;
        continue;
      }
      size_t E = K;
      while (E < Body.size() && isIdentChar(Body[E]))
        ++E;
      llvm::StringRef Word = Body.slice(K, E);
      F.Mentions.insert(Word);
      size_t A = E;
      while (A < Body.size() && std::isspace((unsigned char)Body[A]))
        ++A;
      if (A < Body.size() && (Body[A] == '(' || Body[A] == '<'))
        F.Calls.insert(Word);
      K = E;
    }
    ByName[F.Name].push_back(Functions.size());
    Functions.push_back(std::move(F));
    I = J + 1;
  }
}

bool HostGuardIndex::guarded(const FunctionText &F) const {
  if (F.Guard)
    return true;
  for (const auto &Call : F.Calls) {
    if (Call.getKey() == F.Name)
      continue;
    auto It = ByName.find(Call.getKey());
    if (It == ByName.end())
      continue;
    for (size_t Idx : It->second)
      if (Functions[Idx].Guard)
        return true;
  }
  return false;
}

bool HostGuardIndex::launchesAreGuarded(llvm::StringRef Kernel) const {
  bool Mentioned = false;
  for (const FunctionText &F : Functions) {
    if (F.Name == Kernel || !F.Mentions.contains(Kernel))
      continue;
    if (!guarded(F))
      return false;
    Mentioned = true;
  }
  return Mentioned;
}

std::shared_ptr<const HostGuardIndex>
HostGuardIndex::forDirectory(llvm::StringRef Dir) {
  static std::mutex Mutex;
  static llvm::StringMap<std::shared_ptr<const HostGuardIndex>> Cache;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Cache.find(Dir);
    if (It != Cache.end())
      return It->second;
  }
  auto Index = std::make_shared<HostGuardIndex>();
  // A directory of generated kernels can hold hundreds of files; past these
  // limits the text is not read (no guard is found: the finding stays).
  constexpr unsigned MaxFiles = 600;
  constexpr uint64_t MaxFileBytes = 2u << 20;
  std::error_code EC;
  std::vector<std::string> Files;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Ext = llvm::sys::path::extension(It->path());
    if (llvm::StringSwitch<bool>(Ext)
            .Cases(".cu", ".cuh", ".h", ".hpp", ".hh", ".cpp", ".cc", true)
            .Cases(".cxx", ".hip", ".inl", ".ipp", true)
            .Default(false))
      Files.push_back(It->path());
  }
  if (Files.size() <= MaxFiles) {
    std::sort(Files.begin(), Files.end());
    for (const std::string &P : Files) {
      uint64_t Size = 0;
      if (llvm::sys::fs::file_size(P, Size) || Size > MaxFileBytes)
        continue;
      auto Buf = llvm::MemoryBuffer::getFile(P, /*IsText=*/true);
      if (Buf)
        Index->addSource((*Buf)->getBuffer());
    }
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  return Cache.try_emplace(Dir, std::move(Index)).first->second;
}

} // namespace kerneltidy
