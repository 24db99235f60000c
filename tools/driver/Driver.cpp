//===- Driver.cpp - one C++ file through clang-tidy's engine --------------===//
//
// The one file that talks to clang-tidy's engine (its consumer factory) and so the
// one place for LLVM-version conditionals. Each C++ file is run on its own,
// so that a file that fails to parse cannot hide another file's findings.
// Also what a config may name (the checks' options, from the same engine).
// The rest of the driver: DriverInternal.h.
//
//===----------------------------------------------------------------------===//
#include "tools/driver/DriverInternal.h"
#include "checks/CheckCatalog.h"
#include "lib/frontend/clang/CompileCommands.h"
#include "lib/frontend/clang/NoBuildFileSystem.h"
#include "lib/frontend/clang/UnknownNames.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/Signals.h"
#include <algorithm>
#include <map>
#include <mutex>
#include <optional>


#if LLVM_VERSION_MAJOR != 19
#error "kernel-tidy is built against LLVM 19"
#endif

extern volatile int KernelTidyModuleAnchorSource;
static int KernelTidyModuleAnchorDestination [[maybe_unused]] =
    KernelTidyModuleAnchorSource;

namespace kerneltidy {
namespace {

using clang::tidy::ClangTidyError;

/// Maps byte offsets of one file to 1-based line and column ('\r\n' ends a
/// line as '\n' does; the reporters count lines the same way). A UTF-8 byte
/// order mark is not part of the first line's text: columns there start
/// after it, as editors show them (offsets still count it).
class LineTable {
public:
  explicit LineTable(llvm::StringRef Text) {
    Bom = Text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    Starts.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        Starts.push_back(I + 1);
  }
  SourcePosition position(std::string File, unsigned Offset) const {
    auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset);
    unsigned Line = It - Starts.begin();
    SourcePosition P;
    P.File = std::move(File);
    P.Line = Line;
    unsigned Start = Starts[Line - 1];
    if (Line == 1 && Offset >= Bom)
      Start = Bom;
    P.Column = Offset - Start + 1;
    P.Offset = Offset;
    return P;
  }

private:
  std::vector<unsigned> Starts;
  unsigned Bom = 0;
};

class LineTables {
public:
  SourcePosition position(llvm::StringRef File, unsigned Offset) {
    auto It = Tables.find(File);
    if (It == Tables.end()) {
      auto Buf = llvm::MemoryBuffer::getFile(File);
      It = Tables
               .try_emplace(File, LineTable(Buf ? (*Buf)->getBuffer() : ""))
               .first;
    }
    return It->second.position(File.str(), Offset);
  }

private:
  llvm::StringMap<LineTable> Tables;
};

std::vector<Replacement>
convertFixes(const llvm::StringMap<clang::tooling::Replacements> &Fix) {
  std::vector<Replacement> Out;
  for (const auto &Entry : Fix)
    for (const clang::tooling::Replacement &R : Entry.second)
      Out.push_back({R.getFilePath().str(), R.getOffset(), R.getLength(),
                     R.getReplacementText().str()});
  return Out;
}

/// A compilation database holding exactly one prepared command per file.
class PreparedDatabase : public clang::tooling::CompilationDatabase {
public:
  void add(std::string File, std::vector<std::string> CommandLine,
           std::string Directory) {
    Commands[File] = clang::tooling::CompileCommand(
        std::move(Directory), File, std::move(CommandLine), "");
  }
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    auto It = Commands.find(File.str());
    if (It == Commands.end())
      return {};
    return {It->second};
  }

private:
  std::map<std::string, clang::tooling::CompileCommand> Commands;
};

/// Narrows the AST's traversal scope to the top-level declarations outside
/// system headers before clang-tidy's matchers run. Nothing in a system
/// header is reported (SystemHeaders is off), yet the matchers and the
/// checks' own visitors would walk all of it: the no-build shim, the CUDA or
/// SYCL headers of a real build. The declarations stay reachable through
/// the user code's references (a call still resolves to its callee); only
/// the walks skip them. clangd narrows clang-tidy's traversal the same way.
class UserCodeScope : public clang::ASTConsumer {
public:
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    std::vector<clang::Decl *> Scope;
    for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (!SM.isInSystemHeader(D->getLocation()))
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);
  }
};

/// clang::tidy::runClangTidy for one file, with the user-code scope above in
/// front of clang-tidy's consumer. The rest is runClangTidy's own set-up:
/// plugins stripped from the command line, __clang_analyzer__ defined, fixes
/// taken from notes.
std::vector<clang::tidy::ClangTidyError>
runChecksOnUserCode(clang::tidy::ClangTidyContext &Context,
                    const clang::tooling::CompilationDatabase &Database,
                    const std::string &File,
                    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS) {
  using namespace clang;
  tooling::ClangTool Tool(Database, {File},
                          std::make_shared<PCHContainerOperations>(), BaseFS);
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  tidy::ClangTidyDiagnosticConsumer DiagConsumer(
      Context, nullptr, /*RemoveIncompatibleErrors=*/true,
      /*GetFixesFromNotes=*/true);
  DiagnosticsEngine DE(new DiagnosticIDs(), new DiagnosticOptions(),
                       &DiagConsumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&DE);
  Tool.setDiagnosticConsumer(&DiagConsumer);

  class Action : public ASTFrontendAction {
  public:
    explicit Action(tidy::ClangTidyASTConsumerFactory &Factory)
        : Factory(Factory) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                   StringRef InFile) override {
      std::vector<std::unique_ptr<ASTConsumer>> Consumers;
      Consumers.push_back(std::make_unique<UserCodeScope>());
      Consumers.push_back(Factory.createASTConsumer(CI, InFile));
      return std::make_unique<MultiplexConsumer>(std::move(Consumers));
    }

  private:
    tidy::ClangTidyASTConsumerFactory &Factory;
  };
  class ActionFactory : public tooling::FrontendActionFactory {
  public:
    ActionFactory(tidy::ClangTidyContext &Context,
                  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS)
        : Factory(Context, std::move(FS)) {}
    std::unique_ptr<FrontendAction> create() override {
      return std::make_unique<Action>(Factory);
    }
    bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                       FileManager *Files,
                       std::shared_ptr<PCHContainerOperations> PCH,
                       DiagnosticConsumer *Diags) override {
      Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
      return FrontendActionFactory::runInvocation(Invocation, Files, PCH, Diags);
    }

  private:
    tidy::ClangTidyASTConsumerFactory Factory;
  };
  ActionFactory Factory(Context, BaseFS);
  Tool.run(&Factory);
  return DiagConsumer.take();
}

/// The shim, precompiled (no-build mode). Every file of a language is parsed
/// with the same force-included shim header (__kernel_tidy_cuda.h and the
/// standard headers it brings), which is most of a small file's parse and is
/// parsed again by each recovery round: it is parsed once per run into a
/// precompiled header that each parse then loads ('-include-pch'). A PCH is
/// keyed by the command line without the file and its include directories
/// (which the shim's own includes do not search first: the shim's quoted
/// includes resolve beside it, its standard ones in the system folders).
/// KT_NO_PCH=1 parses the header every time, as before.
class ShimPchCache {
public:
  ~ShimPchCache() {
    for (const std::string &Pch : Made)
      llvm::sys::fs::remove(Pch);
  }

  /// Command with its '-include <shim header>' replaced by '-include-pch
  /// <pch>', or an empty vector when there is no shim header to replace or
  /// its PCH cannot be built. Only in no-build mode: a compile database's
  /// flags differ from file to file.
  std::vector<std::string> apply(const std::vector<std::string> &Command,
                                 const std::string &File,
                                 const std::string &Directory, bool NoBuild) {
    if (std::getenv("KT_NO_PCH") || !NoBuild)
      return {};

    size_t Include = Command.size();
    for (size_t I = 1; I + 1 < Command.size(); ++I)
      if (Command[I] == "-include" &&
          llvm::sys::path::filename(Command[I + 1]).starts_with(
              "__kernel_tidy_")) {
        Include = I;
        break;
      }
    if (Include == Command.size())
      return {};
    // The command that builds it: no file, no include directories.
    std::vector<std::string> Build;
    for (size_t I = 0; I < Command.size(); ++I) {
      llvm::StringRef A = Command[I];
      if (I == Include) {
        ++I;
        continue;
      }
      if ((A == "-I" || A == "-iquote") && I + 1 < Command.size()) {
        ++I;
        continue;
      }
      if ((A.starts_with("-I") || A.starts_with("-iquote")) || A == File)
        continue;
      Build.push_back(Command[I]);
    }
    // The header is part of the key though not of the command that builds
    // it (it is the input there): a SYCL unit's shim is not a C++ one's.
    std::string Key = Command[Include + 1] + "\x1f" + llvm::join(Build, "\x1f");
    std::string Pch, Out;
    {
      // Not held while building: a crash there (recovered per file,
      // Isolation.cpp) must not leave it locked. Files that come while it
      // is built parse the header.
      std::lock_guard<std::mutex> Lock(Mutex);
      Entry &E = Entries[Key];
      if (E.Done)
        Pch = E.Pch;
      else if (E.Building || ++E.Requests < MinFilesForPch)
        // Building costs about two parses of the header: a run of one or
        // two files is faster without it.
        return {};
      else {
        E.Building = true;
        Out = outputPath();
      }
    }
    if (!Out.empty()) {
      bool Ok = build(Build, Command[Include + 1], Directory, Out);
      std::lock_guard<std::mutex> Lock(Mutex);
      Entry &E = Entries[Key];
      E.Building = false;
      E.Done = true;
      E.Pch = Ok ? Out : "";
      Pch = E.Pch;
    }
    if (Pch.empty())
      return {};
    std::vector<std::string> WithPch = Command;
    WithPch[Include] = "-include-pch";
    WithPch[Include + 1] = Pch;
    return WithPch;
  }

  /// A parse with the PCH failed on the PCH itself: use the header.
  static bool rejected(const std::vector<ClangTidyError> &Errors) {
    for (const ClangTidyError &E : Errors) {
      llvm::StringRef M = E.Message.Message;
      if (M.contains("precompiled header") || M.contains("PCH file"))
        return true;
    }
    return false;
  }

private:
  /// A new temporary file for a PCH ("" when it cannot be made), removed
  /// when the run ends, and by LLVM's signal handlers when it is
  /// interrupted (a run killed mid-way left them behind in /tmp).
  std::string outputPath() {
    llvm::SmallString<256> Out;
    if (llvm::sys::fs::createTemporaryFile("kernel-tidy-shim", "pch", Out))
      return "";
    llvm::sys::RemoveFileOnSignal(Out);
    Made.push_back(std::string(Out));
    return std::string(Out);
  }

  static bool build(std::vector<std::string> Args, const std::string &Header,
                    const std::string &Directory, const std::string &Out) {
    using namespace clang;
    Args.push_back("-fsyntax-only");
    Args.push_back(Header);
    class Action : public tooling::ToolAction {
    public:
      explicit Action(std::string Out) : Out(std::move(Out)) {}
      bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                         FileManager *Files,
                         std::shared_ptr<PCHContainerOperations> PCH,
                         DiagnosticConsumer *Diags) override {
        Invocation->getFrontendOpts().OutputFile = Out;
        Invocation->getFrontendOpts().ProgramAction = frontend::GeneratePCH;
        // As each parse sets it up (runChecksOnUserCode).
        Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
        CompilerInstance CI(std::move(PCH));
        CI.setInvocation(std::move(Invocation));
        CI.setFileManager(Files);
        CI.createDiagnostics(Diags, /*ShouldOwnClient=*/false);
        CI.createSourceManager(*Files);
        GeneratePCHAction Generate;
        bool Ok = CI.ExecuteAction(Generate) &&
                  !CI.getDiagnostics().hasErrorOccurred();
        Files->clearStatCache();
        return Ok;
      }

    private:
      std::string Out;
    };
    Action Generate{Out};
    IgnoringDiagConsumer Quiet;
    auto FS = llvm::vfs::createPhysicalFileSystem();
    FS->setCurrentWorkingDirectory(Directory);
    auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(),
                                                        std::move(FS));
    tooling::ToolInvocation Invocation(Args, &Generate, Files.get(),
                                       std::make_shared<PCHContainerOperations>());
    Invocation.setDiagnosticConsumer(&Quiet);
    return Invocation.run() && llvm::sys::fs::exists(Out);
  }

  struct Entry {
    unsigned Requests = 0;
    bool Building = false;
    bool Done = false;
    std::string Pch; ///< "" when it could not be built
  };
  static constexpr unsigned MinFilesForPch = 3;
  std::mutex Mutex;
  std::map<std::string, Entry> Entries;
  std::vector<std::string> Made; ///< the PCH files of this run
};

ShimPchCache &shimPchCache() {
  static ShimPchCache Cache;
  return Cache;
}

/// Positions of one analysis: byte offsets to line/column, and paths
/// back to the names the user gave. One per file, so threads share none.
struct Positions {
  LineTables Lines;
  std::map<std::string, std::string> DisplayNames;
  SourcePosition operator()(const std::string &Path, unsigned Offset) {
    SourcePosition P = Lines.position(Path, Offset);
    auto It = DisplayNames.find(Path);
    if (It != DisplayNames.end())
      P.File = It->second;
    return P;
  }
};

/// The file's real path (links resolved), or its absolute path where it
/// has none: how a header in context is recognised whatever path the
/// parse reached it by.
std::string realPathOf(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return driver::absolutePath(Path);
  return std::string(Real);
}

Finding convert(const ClangTidyError &E, Positions &Position) {
  Finding F;
  F.Check = E.DiagnosticName;
  F.Severity = E.DiagLevel == clang::tooling::Diagnostic::Error ? "error"
                                                                : "warning";
  F.Message = E.Message.Message;
  F.Pos = Position(E.Message.FilePath, E.Message.FileOffset);
  F.Fixes = convertFixes(E.Message.Fix);
  for (const clang::tooling::DiagnosticMessage &N : E.Notes) {
    Note Out;
    Out.Message = N.Message;
    Out.Pos = Position(N.FilePath, N.FileOffset);
    Out.Fixes = convertFixes(N.Fix);
    F.Notes.push_back(std::move(Out));
  }
  return F;
}

} // namespace

namespace driver {

void analyseCxxFile(const Job &J, const std::string &CheckGlob,
                    std::vector<std::string> CommandLine,
                    const std::string &Directory, AnalysisResult &Result,
                    CxxParseSummary &Summary) {
  const std::string &File = J.File;
  // ClangTool looks commands up by absolute path and reports diagnostics
  // under it; findings name the file as the user spelt it.
  std::string Absolute = absolutePath(File);
  std::replace(CommandLine.begin() + 1, CommandLine.end(), File,
               std::string(Absolute));
  const std::vector<std::string> Command = std::move(CommandLine);
  bool NoBuild = std::find(Command.begin(), Command.end(),
                           stubIncludeDir().str()) != Command.end();
  // The parse loads the precompiled shim where it can (ShimPchCache).
  std::vector<std::string> ParseCommand =
      shimPchCache().apply(Command, Absolute, Directory, NoBuild);
  if (ParseCommand.empty())
    ParseCommand = Command;
  Positions Position;
  Position.DisplayNames[std::string(Absolute)] = File;

  clang::tidy::ClangTidyOptions Opts =
      clang::tidy::ClangTidyOptions::getDefaults();
  Opts.Checks = CheckGlob;
  Opts.HeaderFilterRegex = J.Config.HeaderFilterRegex;
  // Headers in context (headersInContext): their findings come from this
  // parse. The filter lets their file names through; which header a
  // finding is really in is decided below, by the file's real path.
  llvm::StringMap<std::string> ContextByRealPath;
  if (!J.ContextHeaders.empty()) {
    std::string Names;
    for (const std::string &H : J.ContextHeaders) {
      ContextByRealPath[realPathOf(H)] = H;
      if (!Names.empty())
        Names += "|";
      Names += llvm::Regex::escape(llvm::sys::path::filename(H));
    }
    std::string Filter = "(^|/)(" + Names + ")$";
    const std::string &User = J.Config.HeaderFilterRegex;
    Opts.HeaderFilterRegex = User.empty() ? Filter : "(" + User + ")|" + Filter;
  }
  Opts.SystemHeaders = false;
  for (const auto &[Key, Value] : J.Config.CheckOptions)
    Opts.CheckOptions[Key] = clang::tidy::ClangTidyOptions::ClangTidyValue(Value);
  // The checks report every tier; the driver shows what --confidence asks
  // (applyConfidence) and counts the rest.
  Opts.CheckOptions["Confidence"] =
      clang::tidy::ClangTidyOptions::ClangTidyValue("all");

  /// One parse and run of the checks, with Prelude force-included when it
  /// is not empty.
  struct Attempt {
    std::vector<ClangTidyError> Findings;
    std::vector<ClangTidyError> CompilerErrors;
  };
  auto attempt = [&](const std::string &Prelude) {
    auto Provider = std::make_unique<clang::tidy::DefaultOptionsProvider>(
        clang::tidy::ClangTidyGlobalOptions(), Opts);
    clang::tidy::ClangTidyContext Context(std::move(Provider));
    // A physical file system of its own: ClangTool sets the working
    // directory on it, and the process-wide one would chdir every thread.
    auto BaseFS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
        createNoBuildFileSystem(llvm::vfs::createPhysicalFileSystem()));
    PreparedDatabase Database;
    std::vector<std::string> Args = ParseCommand;
    if (!Prelude.empty()) {
      auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
      Memory->addFile(UnknownNameDeclarations::headerPath(), 0,
                      llvm::MemoryBuffer::getMemBufferCopy(Prelude));
      BaseFS->pushOverlay(Memory);
      Args.push_back("-include");
      Args.push_back(UnknownNameDeclarations::headerPath().str());
    }
    Database.add(Absolute, std::move(Args), Directory);
    Attempt A;
    for (ClangTidyError &E :
         runChecksOnUserCode(Context, Database, Absolute, BaseFS)) {
      if (llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-")) {
        if (E.DiagLevel == clang::tooling::Diagnostic::Error)
          A.CompilerErrors.push_back(std::move(E));
        continue;
      }
      A.Findings.push_back(std::move(E));
    }
    return A;
  };

  Attempt Best = attempt("");
  if (ParseCommand != Command && ShimPchCache::rejected(Best.CompilerErrors)) {
    ParseCommand = Command;
    Best = attempt("");
  }
  // No-build mode: names of headers that are not there are declared as
  // stand-ins and the file is parsed again (UnknownNames.h): names first,
  // then the members used on stand-ins, then what those uncover; the parse
  // with the fewest errors is the one reported.
  constexpr unsigned MaxRecoveryParses = 3;
  if (NoBuild && !Best.CompilerErrors.empty() &&
      UnknownNameDeclarations::enabled()) {
    UnknownNameDeclarations Names;
    const std::vector<ClangTidyError> *Latest = &Best.CompilerErrors;
    Attempt Next;
    // A C++20 code base (no build file says so here) fails a C++17 parse
    // on its concepts and <bit>: the rounds parse it as C++20.
    bool Cxx20 = false;
    std::vector<std::string> RoundCommand = Command; // without the PCH
    for (unsigned Round = 0; Round < MaxRecoveryParses; ++Round) {
      std::vector<CompilerErrorAt> Errors;
      for (const ClangTidyError &E : *Latest)
        Errors.push_back({E.Message.Message, E.Message.FilePath, E.Message.FileOffset});
      bool Learnt = Names.learnAll(Errors);
      if (Round == 0 && UnknownNameDeclarations::asksForCxx20(Errors)) {
        std::vector<std::string> Command20 = Command;
        if (useCxx20Standard(Command20)) {
          ParseCommand =
              shimPchCache().apply(Command20, Absolute, Directory, NoBuild);
          if (ParseCommand.empty())
            ParseCommand = Command20;
          RoundCommand = std::move(Command20);
          Names.useCxx20();
          Cxx20 = Learnt = true;
        }
      }
      if (!Learnt)
        break;
      // KT_DEBUG_STAND_INS=1 with --verbose: each round's header and the
      // errors left after it (to see why a file still fails).
      bool Debug = std::getenv("KT_DEBUG_STAND_INS") != nullptr;
      if (Debug)
        llvm::errs() << Names.header() << "\n";
      Next = attempt(Names.header());
      if (ParseCommand != RoundCommand &&
          ShimPchCache::rejected(Next.CompilerErrors)) {
        ParseCommand = RoundCommand;
        Next = attempt(Names.header());
      }
      if (Debug)
        for (const ClangTidyError &E : Next.CompilerErrors)
          llvm::errs() << "  after: " << E.Message.FilePath << ":"
                       << E.Message.FileOffset << ": " << E.Message.Message
                       << "\n";
      // A round may trade errors for others it can learn from (members of
      // stand-ins): the next round learns from those, the best is kept.
      std::vector<CompilerErrorAt> After;
      for (const ClangTidyError &E : Next.CompilerErrors)
        After.push_back({E.Message.Message, E.Message.FilePath, E.Message.FileOffset});
      bool Again = UnknownNameDeclarations::worthAnotherRound(
          Best.CompilerErrors.size(), After);
      if (Next.CompilerErrors.size() < Best.CompilerErrors.size()) {
        Best = std::move(Next);
        Summary.UnknownNamesDeclared = Names.size();
        Summary.ParsedAsCxx20 = Cxx20;
        Latest = &Best.CompilerErrors;
      } else {
        Latest = &Next.CompilerErrors;
      }
      if (!Again)
        break;
    }
  }

  ++Result.FilesAnalysed;
  Summary.PrecompiledShim = std::find(ParseCommand.begin(), ParseCommand.end(),
                                      "-include-pch") != ParseCommand.end();
  Summary.CompilerErrors = Best.CompilerErrors.size();
  if (!Best.CompilerErrors.empty())
    Summary.FirstCompilerError = Best.CompilerErrors.front().Message.Message;
  // A header in context has the errors of this parse located in it.
  for (const ClangTidyError &E : Best.CompilerErrors) {
    if (ContextByRealPath.empty() || E.Message.FilePath.empty() ||
        E.Message.FilePath == Absolute)
      continue;
    auto It = ContextByRealPath.find(realPathOf(E.Message.FilePath));
    if (It == ContextByRealPath.end())
      continue;
    auto &Entry = Summary.ContextHeaderErrors[It->second];
    if (Entry.first++ == 0)
      Entry.second = E.Message.Message;
  }
  std::optional<llvm::Regex> UserFilter;
  if (!J.Config.HeaderFilterRegex.empty())
    UserFilter.emplace(J.Config.HeaderFilterRegex);
  for (const ClangTidyError &E : Best.Findings) {
    const std::string &Path = E.Message.FilePath;
    if (!ContextByRealPath.empty() && Path != Absolute &&
        !Position.DisplayNames.count(Path)) {
      auto It = ContextByRealPath.find(realPathOf(Path));
      if (It != ContextByRealPath.end())
        Position.DisplayNames[Path] = It->second;
      else if (!UserFilter || !UserFilter->match(Path))
        continue; // another header of the same name
    }
    Result.Findings.push_back(convert(E, Position));
  }
}

} // namespace driver

std::string effectiveCheckGlob(llvm::StringRef UserChecks) {
  std::string Glob = "-*,kernel-*";
  if (!UserChecks.empty())
    Glob += "," + UserChecks.str();
  return Glob;
}

ConfigSchema configSchema() {
  ConfigSchema Schema;
  for (const CheckInfo &C : checkCatalog())
    Schema.Checks.push_back(C.Id.str());
  clang::tidy::ClangTidyOptions Opts =
      clang::tidy::ClangTidyOptions::getDefaults();
  Opts.Checks = effectiveCheckGlob("");
  for (const auto &[Key, Value] :
       clang::tidy::getCheckOptions(Opts, /*AllowEnablingAnalyzerAlphaCheckers=*/false))
    Schema.OptionDefaults[Key.str()] = Value.Value;
  return Schema;
}

std::string dumpEffectiveConfig(const DriverOptions &Options,
                                llvm::StringRef Path,
                                std::vector<ConfigError> &Errors) {
  ConfigResolver Resolver(configSchema(), Options.ConfigFile);
  EffectiveConfig Config = Resolver.configFor(Path);
  Errors = Resolver.errors();
  std::string User = Config.Checks;
  if (!Options.Checks.empty())
    User = User.empty() ? Options.Checks : User + "," + Options.Checks;
  if (!Options.Checks.empty())
    Config.Checks = User;
  clang::tidy::CachedGlobList Enabled(effectiveCheckGlob(User));
  std::vector<std::string> EnabledChecks;
  for (const CheckInfo &C : checkCatalog())
    if (Enabled.contains(C.Id))
      EnabledChecks.push_back(C.Id.str());
  return Resolver.dump(Config, EnabledChecks);
}

} // namespace kerneltidy
