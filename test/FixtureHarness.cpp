//===- FixtureHarness.cpp -------------------------------------------------===//
#include "test/FixtureHarness.h"
#include "lib/frontend/clang/CompileCommands.h"
#include "tools/driver/Driver.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace kerneltidy::test {

std::vector<std::string> discoverFixtures(const std::string &Root) {
  return discoverFixtures(Root, [](llvm::StringRef P) {
    return isAnalysableExtension(P);
  });
}

static std::string checkGlob(const Fixture &F) {
  return "-*," + llvm::join(F.Checks, ",");
}

/// A config file holding the fixture's OPTIONS: (removed when it goes out
/// of scope); empty when the fixture has none.
struct OptionsConfig {
  std::string Path;
  explicit OptionsConfig(const Fixture &F) {
    if (F.Options.empty())
      return;
    llvm::SmallString<128> P;
    if (llvm::sys::fs::createTemporaryFile("kt-fixture-options", "yaml", P))
      return;
    std::string Text = "CheckOptions:\n";
    for (const auto &[Key, Value] : F.Options)
      Text += "  " + Key + ": " + Value + "\n";
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    Path = std::string(P);
  }
  ~OptionsConfig() {
    if (!Path.empty())
      llvm::sys::fs::remove(Path);
  }
};

static std::vector<Finding> runInProcess(const Fixture &F,
                                         const ToolPaths &Tools,
                                         std::vector<std::string> &Failures) {
  DriverOptions O;
  O.Paths = {F.Path};
  O.Paths.insert(O.Paths.end(), F.With.begin(), F.With.end());
  O.Checks = checkGlob(F);
  O.ExtraArgs = F.Args;
  O.Confidence = F.Confidence;
  OptionsConfig Config(F);
  O.ConfigFile = Config.Path;
  O.Argv0 = Tools.Cli;
  std::string Log;
  llvm::raw_string_ostream LogOS(Log);
  AnalysisResult R = runKernelTidy(O, LogOS);
  // A file the driver could not analyse (a crash, an unreadable file) has
  // no findings, which would pass a silent fixture: the CLI mode sees it in
  // the exit code, this mode in the count of files analysed.
  if (R.FilesAnalysed < O.Paths.size()) {
    std::string Why = "analysed " + std::to_string(R.FilesAnalysed) + " of " +
                      std::to_string(O.Paths.size()) + " files";
    for (const FileError &E : R.Errors)
      Why += "; " + E.File + ": " + E.Message;
    Failures.push_back(Why);
  }
  return std::move(R.Findings);
}

/// Runs a program, returning its stdout; Failures gets a line on a crash.
static std::string runProgram(llvm::ArrayRef<std::string> Argv,
                              std::vector<std::string> &Failures,
                              int &ExitCode) {
  llvm::SmallString<128> OutPath, ErrPath;
  llvm::sys::fs::createTemporaryFile("kt-fixture", "out", OutPath);
  llvm::sys::fs::createTemporaryFile("kt-fixture", "err", ErrPath);
  std::vector<llvm::StringRef> Args(Argv.begin(), Argv.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, OutPath.str(),
                                                ErrPath.str()};
  std::string ErrMsg;
  ExitCode = llvm::sys::ExecuteAndWait(Args[0], Args, std::nullopt, Redirects,
                                       /*SecondsToWait=*/300, 0, &ErrMsg);
  std::string Out = readFile(std::string(OutPath));
  std::string Err = readFile(std::string(ErrPath));
  llvm::sys::fs::remove(OutPath);
  llvm::sys::fs::remove(ErrPath);
  if (ExitCode < 0 || !ErrMsg.empty())
    Failures.push_back("'" + Argv[0] + "' failed to run: " + ErrMsg +
                       "\nstderr:\n" + Err);
  return Out;
}

static std::vector<Finding> runCli(const Fixture &F, const ToolPaths &Tools,
                                   std::vector<std::string> &Failures) {
  std::vector<std::string> Argv = {Tools.Cli, "--format=json",
                                   "--checks=" + checkGlob(F),
                                   "--confidence=" + F.Confidence};
  OptionsConfig Config(F);
  if (!Config.Path.empty())
    Argv.push_back("--config-file=" + Config.Path);
  for (const std::string &A : F.Args)
    Argv.push_back("--extra-arg=" + A);
  Argv.push_back(F.Path);
  Argv.insert(Argv.end(), F.With.begin(), F.With.end());
  int Exit = 0;
  std::string Out = runProgram(Argv, Failures, Exit);
  std::vector<Finding> Findings;
  auto Parsed = llvm::json::parse(Out);
  if (!Parsed) {
    Failures.push_back("CLI output is not JSON: " +
                       llvm::toString(Parsed.takeError()) + "\n" + Out);
    return Findings;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Array *Arr = Root ? Root->getArray("findings") : nullptr;
  if (!Arr) {
    Failures.push_back("CLI JSON lacks 'findings'");
    return Findings;
  }
  for (const llvm::json::Value &V : *Arr) {
    const llvm::json::Object *O = V.getAsObject();
    if (!O)
      continue;
    Finding Fi;
    Fi.Check = O->getString("check").value_or("").str();
    Fi.Pos.File = realPath(O->getString("file").value_or(""));
    Fi.Pos.Line = O->getInteger("line").value_or(0);
    Fi.Pos.Column = O->getInteger("column").value_or(0);
    Fi.Message = O->getString("message").value_or("").str();
    if (const llvm::json::Array *Notes = O->getArray("notes"))
      for (const llvm::json::Value &NV : *Notes)
        if (const llvm::json::Object *NO = NV.getAsObject()) {
          Note N;
          N.Pos.File = realPath(NO->getString("file").value_or(""));
          N.Pos.Line = NO->getInteger("line").value_or(0);
          N.Pos.Column = NO->getInteger("column").value_or(0);
          N.Message = NO->getString("message").value_or("").str();
          Fi.Notes.push_back(std::move(N));
        }
    Findings.push_back(std::move(Fi));
  }
  int Want = Findings.empty() ? 0 : 1;
  if (Exit != Want)
    Failures.push_back("CLI exit code " + std::to_string(Exit) + ", expected " +
                       std::to_string(Want));
  return Findings;
}

/// The fixture's OPTIONS: as entries of clang-tidy's inline -config map.
static std::string pluginOptions(const Fixture &F) {
  std::string Out;
  for (const auto &[Key, Value] : F.Options)
    Out += ", " + Key + ": " + Value;
  return Out;
}

static std::vector<Finding> runPlugin(const Fixture &F, const ToolPaths &Tools,
                                      std::vector<std::string> &Failures) {
  std::vector<std::string> Argv = {Tools.ClangTidy, "-load=" + Tools.Plugin,
                                   "-checks=" + checkGlob(F), "--quiet",
                                   "-config={CheckOptions: {Confidence: " +
                                       F.Confidence + pluginOptions(F) + "}}",
                                   F.Path, "--"};
  std::string Text = readFile(F.Path);
  for (std::string &A : defaultParseArgs(classifySource(F.Path, Text),
                                         Tools.ShimDir, /*NoBuild=*/false))
    Argv.push_back(std::move(A));
  Argv.insert(Argv.end(), F.Args.begin(), F.Args.end());
  int Exit = 0;
  std::string Out = runProgram(Argv, Failures, Exit);
  // file:line:col: warning: message [check]   /   file:line:col: note: message
  llvm::Regex Diag("^(.+):([0-9]+):([0-9]+): (warning|error|note): (.*)$");
  llvm::Regex CheckSuffix("^(.*) \\[([a-z0-9.,-]+)\\]$");
  std::vector<Finding> Findings;
  bool LastWasOurs = false;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Out).split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::SmallVector<llvm::StringRef, 6> M;
    if (!Diag.match(Line, &M))
      continue;
    unsigned LineNo = 0, Col = 0;
    M[2].getAsInteger(10, LineNo);
    M[3].getAsInteger(10, Col);
    if (M[4] == "note") {
      if (LastWasOurs) {
        Note N;
        N.Pos = {realPath(M[1]), LineNo, Col, 0};
        N.Message = M[5].str();
        Findings.back().Notes.push_back(std::move(N));
      }
      continue;
    }
    llvm::SmallVector<llvm::StringRef, 3> C;
    LastWasOurs = CheckSuffix.match(M[5], &C) && C[2].starts_with("kernel-");
    if (!LastWasOurs)
      continue;
    Finding Fi;
    Fi.Check = C[2].str();
    Fi.Pos = {realPath(M[1]), LineNo, Col, 0};
    Fi.Severity = M[4].str();
    Fi.Message = C[1].str();
    Findings.push_back(std::move(Fi));
  }
  return Findings;
}

std::vector<Finding> runFixture(const Fixture &F, Mode M,
                                const ToolPaths &Tools,
                                std::vector<std::string> &Failures) {
  switch (M) {
  case Mode::InProcess: {
    std::vector<Finding> R = runInProcess(F, Tools, Failures);
    for (Finding &Fi : R) {
      Fi.Pos.File = realPath(Fi.Pos.File);
      for (Note &N : Fi.Notes)
        N.Pos.File = realPath(N.Pos.File);
    }
    return R;
  }
  case Mode::Cli:
    return runCli(F, Tools, Failures);
  case Mode::Plugin:
    return runPlugin(F, Tools, Failures);
  }
  return {};
}

} // namespace kerneltidy::test
