//===- FixtureFormat.cpp --------------------------------------------------===//
//
// The fixture format (docs/fixtures.md) on its own: directives, inline
// expectations, discovery, comparison. No front end is linked here, so the
// Clang-free Triton tests share it with the harness.
//
//===----------------------------------------------------------------------===//
#include "test/FixtureFormat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <algorithm>
#include <set>

namespace kerneltidy::test {

const char *modeName(Mode M) {
  switch (M) {
  case Mode::InProcess: return "inprocess";
  case Mode::Cli: return "cli";
  case Mode::Plugin: return "plugin";
  }
  return "?";
}

std::string readFile(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, false, false);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

std::string withoutExpectations(llvm::StringRef Text) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    size_t At = L.find("expected-");
    if (At != llvm::StringRef::npos) {
      // The comment marker nearest before it: '#' after 'a // b' in Python.
      size_t Slashes = L.take_front(At).rfind("//");
      size_t Hash = L.take_front(At).rfind('#');
      size_t Comment = Slashes == llvm::StringRef::npos ? Hash
                       : Hash == llvm::StringRef::npos  ? Slashes
                                                        : std::max(Slashes, Hash);
      if (Comment != llvm::StringRef::npos) {
        L = L.take_front(Comment).rtrim();
        if (L.empty())
          continue;
      }
    }
    Out += L.rtrim().str() + "\n";
  }
  return Out;
}

std::string realPath(llvm::StringRef Path) {
  llvm::SmallString<256> Out;
  if (llvm::sys::fs::real_path(Path, Out))
    return Path.str();
  return std::string(Out);
}

static std::vector<std::string> splitList(llvm::StringRef S, char Sep) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  S.split(Parts, Sep, -1, false);
  std::vector<std::string> Out;
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Out.push_back(P.trim().str());
  return Out;
}

std::vector<Expectation> parseExpectations(const std::string &File,
                                           const std::string &Text,
                                           bool &NoDiagnostics,
                                           std::vector<std::string> &Errors) {
  std::vector<Expectation> Out;
  NoDiagnostics = false;
  // expected-warning@+1 {{text}} [check-id]
  llvm::Regex Directive(
      "expected-(warning|note)(@([+-][0-9]+))?[ \t]*\\{\\{(.*)\\}\\}"
      "([ \t]*\\[([a-z0-9-]+)\\])?");
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  for (unsigned I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I];
    if (Line.contains("expected-no-diagnostics"))
      NoDiagnostics = true;
    size_t Pos = 0;
    while ((Pos = Line.find("expected-", Pos)) != llvm::StringRef::npos) {
      llvm::StringRef Rest = Line.substr(Pos);
      Pos += 9;
      if (!Rest.starts_with("expected-warning") &&
          !Rest.starts_with("expected-note"))
        continue;
      // Several directives may share a line: match one at a time, each up to
      // its own closing braces.
      size_t Close = Rest.find("}}");
      size_t NextDirective = Rest.find("expected-", 9);
      llvm::StringRef One = Rest;
      if (Close != llvm::StringRef::npos) {
        size_t End = Close + 2;
        // Keep an optional [check-id] right after the braces.
        llvm::StringRef After = Rest.substr(End).ltrim(" \t");
        if (After.starts_with("[")) {
          size_t Bracket = After.find(']');
          if (Bracket != llvm::StringRef::npos)
            End = Rest.size() - After.size() + Bracket + 1;
        }
        One = Rest.substr(0, End);
      }
      llvm::SmallVector<llvm::StringRef, 8> M;
      if (!Directive.match(One, &M) ||
          (NextDirective != llvm::StringRef::npos && Close > NextDirective)) {
        Errors.push_back(File + ":" + std::to_string(I + 1) +
                         ": malformed expectation '" + Rest.trim().str() +
                         "'");
        continue;
      }
      Expectation E;
      E.File = File;
      E.IsNote = M[1] == "note";
      int Offset = 0;
      if (!M[3].empty())
        M[3].drop_front(M[3][0] == '+' ? 1 : 0).getAsInteger(10, Offset);
      E.Line = I + 1 + Offset;
      E.Substring = M[4].str();
      E.Check = M[6].str();
      Out.push_back(std::move(E));
    }
  }
  return Out;
}

static std::vector<Mode> defaultModes(llvm::StringRef Relative) {
  llvm::StringRef Lang = Relative.split('/').first;
  if (Lang == "triton" || Lang == "nobuild")
    return {Mode::InProcess, Mode::Cli};
  return {Mode::InProcess, Mode::Cli, Mode::Plugin};
}

static void readDirectives(const std::string &Text, Fixture &F) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef L = Line.trim();
    if (!L.consume_front("//") && !L.consume_front("#"))
      continue;
    L = L.trim();
    auto Take = [&](llvm::StringRef Key, llvm::StringRef &Value) {
      if (!L.starts_with(Key))
        return false;
      Value = L.drop_front(Key.size()).trim();
      return true;
    };
    llvm::StringRef V;
    if (Take("CHECKS:", V))
      F.Checks = splitList(V, ',');
    else if (Take("ARGS:", V))
      F.Args = splitList(V, ' ');
    else if (Take("CONFIDENCE:", V))
      F.Confidence = V.split(' ').first.str();
    else if (Take("OPTIONS:", V)) {
      for (const std::string &KV : splitList(V, ',')) {
        auto [Key, Value] = llvm::StringRef(KV).split('=');
        if (Key.trim().empty() || Value.trim().empty())
          F.ParseErrors.push_back("option '" + KV + "' is not 'key=value'");
        else
          F.Options.push_back({Key.trim().str(), Value.trim().str()});
      }
    } else if (Take("RUNTIME:", V))
      F.Runtime = V.str();
    else if (Take("XFAIL:", V))
      F.XFail = V.empty() ? "no reason given" : V.str();
    else if (Take("WITH:", V)) {
      for (const std::string &W : splitList(V, ',')) {
        llvm::SmallString<256> P(llvm::sys::path::parent_path(F.Path));
        llvm::sys::path::append(P, W);
        F.With.push_back(std::string(P));
      }
    } else if (Take("MODES:", V)) {
      F.Modes.clear();
      for (const std::string &M : splitList(V, ',')) {
        if (M == "inprocess") F.Modes.push_back(Mode::InProcess);
        else if (M == "cli") F.Modes.push_back(Mode::Cli);
        else if (M == "plugin") F.Modes.push_back(Mode::Plugin);
        else F.ParseErrors.push_back("unknown mode '" + M + "'");
      }
    }
  }
}

Fixture loadFixture(const std::string &Root, const std::string &Path) {
  Fixture F;
  F.Path = realPath(Path);
  llvm::StringRef Rel(F.Path);
  std::string RootReal = realPath(Root);
  if (Rel.consume_front(RootReal))
    Rel = Rel.ltrim('/');
  F.RelativePath = Rel.str();
  F.Modes = defaultModes(Rel);
  std::string Text = readFile(F.Path);
  readDirectives(Text, F);
  if (F.Checks.empty())
    F.ParseErrors.push_back("missing 'CHECKS:' directive");
  std::vector<std::string> Files = {F.Path};
  Files.insert(Files.end(), F.With.begin(), F.With.end());
  bool AllSilent = true, AnyExpectation = false;
  for (const std::string &File : Files) {
    if (!llvm::sys::fs::exists(File)) {
      F.ParseErrors.push_back("WITH: file '" + File + "' does not exist");
      continue;
    }
    bool NoDiag = false;
    std::vector<Expectation> E =
        parseExpectations(File, File == F.Path ? Text : readFile(File), NoDiag,
                          F.ParseErrors);
    if (!NoDiag)
      AllSilent = false;
    if (NoDiag && !E.empty())
      F.ParseErrors.push_back(File +
                              ": 'expected-no-diagnostics' with expectations");
    AnyExpectation |= !E.empty();
    F.Expected.insert(F.Expected.end(), E.begin(), E.end());
  }
  F.ExpectNoDiagnostics = AllSilent;
  if (!AllSilent && !AnyExpectation)
    F.ParseErrors.push_back(
        "no expectation and no 'expected-no-diagnostics': a fixture must say "
        "what it expects");
  return F;
}

std::vector<std::string>
discoverFixtures(const std::string &Root,
                 llvm::function_ref<bool(llvm::StringRef)> IsSource) {
  std::vector<std::string> All;
  std::set<std::string> Siblings;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC)) {
    if (It->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    llvm::StringRef P = It->path();
    if (!IsSource(P))
      continue;
    All.push_back(realPath(P));
    Fixture F = loadFixture(Root, P.str());
    for (const std::string &W : F.With)
      Siblings.insert(realPath(W));
  }
  std::vector<std::string> Out;
  for (const std::string &P : All)
    if (!Siblings.count(P))
      Out.push_back(P);
  std::sort(Out.begin(), Out.end());
  return Out;
}

static std::string describe(const Finding &F) {
  return F.Pos.File + ":" + std::to_string(F.Pos.Line) + ":" +
         std::to_string(F.Pos.Column) + ": " + F.Message + " [" + F.Check +
         "]";
}

std::vector<std::string> compare(const Fixture &F,
                                 const std::vector<Finding> &Findings) {
  std::vector<std::string> Out = F.ParseErrors;
  std::vector<bool> Used(Findings.size(), false);
  for (const Expectation &E : F.Expected) {
    if (E.IsNote)
      continue;
    bool Met = false;
    for (size_t I = 0; I < Findings.size() && !Met; ++I) {
      const Finding &Fi = Findings[I];
      if (Used[I] || Fi.Pos.File != E.File || Fi.Pos.Line != E.Line ||
          Fi.Message.find(E.Substring) == std::string::npos ||
          (!E.Check.empty() && Fi.Check != E.Check))
        continue;
      Used[I] = Met = true;
    }
    if (!Met)
      Out.push_back("expected warning not reported: " + E.File + ":" +
                    std::to_string(E.Line) + ": {{" + E.Substring + "}}" +
                    (E.Check.empty() ? "" : " [" + E.Check + "]"));
  }
  for (const Expectation &E : F.Expected) {
    if (!E.IsNote)
      continue;
    bool Met = llvm::any_of(Findings, [&](const Finding &Fi) {
      return llvm::any_of(Fi.Notes, [&](const Note &N) {
        return N.Pos.File == E.File && N.Pos.Line == E.Line &&
               N.Message.find(E.Substring) != std::string::npos;
      });
    });
    if (!Met)
      Out.push_back("expected note not reported: " + E.File + ":" +
                    std::to_string(E.Line) + ": {{" + E.Substring + "}}");
  }
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!Used[I])
      Out.push_back("unexpected finding: " + describe(Findings[I]));
  return Out;
}

} // namespace kerneltidy::test
