//===- Driver.cpp - kernel-tidy's engine ----------------------------------===//
//
// The one file that talks to clang-tidy's engine (its consumer factory) and so the
// one place for LLVM-version conditionals. Each C++ file is run on its own,
// so that a file that fails to parse cannot hide another file's findings.
//
//===----------------------------------------------------------------------===//
#include "tools/driver/Driver.h"
#include "checks/CheckCatalog.h"
#include "checks/clang/IndexWidthMismatchCheck.h"
#include "lib/frontend/clang/DepthLimit.h"
#include "lib/frontend/clang/IndexWidth.h"
#include "lib/frontend/clang/KernelListing.h"
#include "lib/frontend/clang/CompileCommands.h"
#include "lib/frontend/clang/NoBuildFileSystem.h"
#include "lib/model/Confidence.h"
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
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <atomic>
#include <csignal>
#include <fcntl.h>
#include <thread>
#include <mutex>
#include <unistd.h>
#include <map>
#include <set>

#if KT_HAVE_TRITON
#include "checks/triton/TritonChecks.h"
#include "lib/frontend/triton/TritonModule.h"
#endif

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

/// clang-tidy's engine prints "N errors generated" and "Error while
/// processing" straight to stderr. Parse errors of half-visible files are
/// expected in no-build mode, so they are hidden unless --verbose asks; the
/// driver reports them itself, one line per file. Reference-counted so that
/// parallel analyses share one redirection.
class StderrSilencer {
public:
  explicit StderrSilencer(bool Active) : Active(Active) {
    if (!Active)
      return;
    std::lock_guard<std::mutex> Lock(mutex());
    if (count()++ == 0) {
      fflush(stderr);
      llvm::errs().flush();
      saved() = dup(2);
      int Null = open("/dev/null", O_WRONLY);
      if (Null >= 0) {
        dup2(Null, 2);
        close(Null);
      }
    }
  }
  ~StderrSilencer() {
    if (!Active)
      return;
    std::lock_guard<std::mutex> Lock(mutex());
    if (--count() == 0 && saved() >= 0) {
      fflush(stderr);
      llvm::errs().flush();
      dup2(saved(), 2);
      close(saved());
      saved() = -1;
    }
  }

private:
  static std::mutex &mutex() {
    static std::mutex M;
    return M;
  }
  static int &count() {
    static int C = 0;
    return C;
  }
  static int &saved() {
    static int S = -1;
    return S;
  }
  bool Active;
};

bool looksBinary(llvm::StringRef Text) {
  return Text.substr(0, 8192).contains('\0');
}

/// Reads one input; null, with one error line naming why, when it is not
/// something to analyse (unreadable, too large, a device or FIFO that would
/// never end, binary content).
std::unique_ptr<llvm::MemoryBuffer> readInput(const std::string &File,
                                              uint64_t MaxFileSize,
                                              std::vector<FileError> &Errors) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(File, Status)) {
    Errors.push_back({File, "cannot read file: " + EC.message()});
    return nullptr;
  }
  if (Status.type() != llvm::sys::fs::file_type::regular_file) {
    Errors.push_back({File, "not a regular file"});
    return nullptr;
  }
  if (MaxFileSize && Status.getSize() > MaxFileSize) {
    Errors.push_back({File, "file is " + std::to_string(Status.getSize()) +
                                " bytes, over the --max-file-size limit of " +
                                std::to_string(MaxFileSize) + "; not analysed"});
    return nullptr;
  }
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf) {
    Errors.push_back({File, "cannot read file: " + Buf.getError().message()});
    return nullptr;
  }
  if (looksBinary((*Buf)->getBuffer())) {
    Errors.push_back({File, "not a source file (binary content)"});
    return nullptr;
  }
  return std::move(*Buf);
}

std::atomic<bool> CrashRecovered{false};

/// Gives this thread an alternate signal stack unless it has one (LLVM gives
/// the main thread one; -j workers have none). Removed at thread exit.
void installAlternateSignalStack() {
  struct AlternateStack {
    std::unique_ptr<char[]> Memory;
    AlternateStack() {
      stack_t Current;
      if (sigaltstack(nullptr, &Current) == 0 && !(Current.ss_flags & SS_DISABLE))
        return;
      constexpr size_t Size = 64 << 10;
      Memory = std::make_unique<char[]>(Size);
      stack_t Alt{};
      Alt.ss_sp = Memory.get();
      Alt.ss_size = Size;
      if (sigaltstack(&Alt, nullptr) != 0)
        Memory.reset();
    }
    ~AlternateStack() {
      if (!Memory)
        return;
      stack_t Off{};
      Off.ss_flags = SS_DISABLE;
      sigaltstack(&Off, nullptr);
    }
  };
  thread_local AlternateStack Stack;
  (void)Stack;
}

/// Runs one file's analysis in a crash-recovery context, so that a crash of
/// a front end (a Clang bug, '#pragma clang __debug crash') costs that file
/// only. Locks and the stderr redirection are taken outside Analyse: a
/// recovered crash unwinds nothing. False, with the error, after a crash.
bool runIsolated(const std::string &File, llvm::function_ref<void()> Analyse,
                 std::vector<FileError> &Errors) {
  static std::once_flag Enabled;
  std::call_once(Enabled, [] {
    llvm::CrashRecoveryContext::Enable();
    // A stack overflow (Clang's own Sema recurses once per operator of a
    // 50,000-term expression) faults again in a handler that runs on the
    // exhausted stack: run the recovery handler on an alternate one.
    for (int Signal : {SIGSEGV, SIGBUS}) {
      struct sigaction Action;
      if (sigaction(Signal, nullptr, &Action) == 0) {
        Action.sa_flags |= SA_ONSTACK;
        sigaction(Signal, &Action, nullptr);
      }
    }
  });
  installAlternateSignalStack();
  llvm::CrashRecoveryContext CRC;
  if (CRC.RunSafely(Analyse))
    return true;
  // The crash skipped the destructors of the analyses' depth guards.
  analysisDepth() = 0;
  int Signal = CRC.RetCode > 128 ? CRC.RetCode - 128 : 0;
  const char *Name = Signal == SIGSEGV   ? "SIGSEGV"
                     : Signal == SIGILL  ? "SIGILL"
                     : Signal == SIGABRT ? "SIGABRT"
                     : Signal == SIGBUS  ? "SIGBUS"
                     : Signal == SIGFPE  ? "SIGFPE"
                     : Signal == SIGTRAP ? "SIGTRAP"
                                         : nullptr;
  std::string Why = Name ? std::string(Name)
                         : "exit code " + std::to_string(CRC.RetCode);
  Errors.push_back({File, "the analysis crashed on this file (" + Why +
                              "); it has no findings, other files are still "
                              "analysed"});
  CrashRecovered = true;
  return false;
}

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

/// One file to analyse and the configuration that applies to it.
struct Job {
  std::string File;
  EffectiveConfig Config;
};

class Engine {
public:
  Engine(const DriverOptions &Options, llvm::raw_ostream &Log)
      : Options(Options), Log(Log), ShimDir(findShimDir(Options.Argv0)) {}

  AnalysisResult run(RunStats &Stats) {
    AnalysisResult Result;
    std::vector<std::string> Files =
        collectInputFiles(Options.Paths, Result.Errors);
    if (Options.ShardCount > 0) {
      std::vector<std::string> Mine;
      for (std::string &F : Files)
        if (shardOf(F, Options.ShardCount) == Options.ShardIndex)
          Mine.push_back(std::move(F));
      Stats.FilesInOtherShards = Files.size() - Mine.size();
      Files = std::move(Mine);
    }
    std::vector<Job> Jobs;
    if (!planJobs(Files, Jobs, Result, Stats))
      return Result;
    loadDatabase(Result);
    // kernel-index-width-mismatch leaves one summary per kernel of each
    // translation unit; pairs split across files are decided at the end.
    kerneltidy::clearKernelWidthSummaries();
#if KT_HAVE_TRITON
    triton::clearTritonIndexWidthSummaries();
#endif
    std::vector<AnalysisResult> PerFile(Jobs.size());
    runJobs(Jobs, PerFile);
    for (AnalysisResult &R : PerFile) {
      Result.FilesAnalysed += R.FilesAnalysed;
      Result.FindingsHidden += R.FindingsHidden;
      for (Finding &F : R.Findings)
        Result.Findings.push_back(std::move(F));
      for (FileError &E : R.Errors)
        Result.Errors.push_back(std::move(E));
    }
    {
      AnalysisResult Cross;
      appendCrossFileFindings(Jobs, Cross);
      applyConfidence(confidenceFor(Jobs.empty() ? nullptr : &Jobs.front()),
                      Cross);
      Result.FindingsHidden += Cross.FindingsHidden;
      for (Finding &F : Cross.Findings)
        Result.Findings.push_back(std::move(F));
    }
    std::sort(Result.Findings.begin(), Result.Findings.end(), findingLess);
    // A header (HeaderFilterRegex) included by several files is reported
    // by each of them; report it once.
    Result.Findings.erase(
        std::unique(Result.Findings.begin(), Result.Findings.end(),
                    [](const Finding &A, const Finding &B) {
                      return !findingLess(A, B) && !findingLess(B, A);
                    }),
        Result.Findings.end());
    return Result;
  }

  /// --list-kernels: what the front ends see in each input, no checks run.
  AnalysisResult list(llvm::raw_ostream &OS) {
    AnalysisResult Result;
    std::vector<std::string> Files =
        collectInputFiles(Options.Paths, Result.Errors);
    loadDatabase(Result);
    for (const std::string &File : Files) {
      std::unique_ptr<llvm::MemoryBuffer> Buf =
          readInput(File, Options.MaxFileSize, Result.Errors);
      if (!Buf)
        continue;
      llvm::StringRef Text = Buf->getBuffer();
      ++Result.FilesAnalysed;
      SourceLanguage Lang = classifySource(File, Text);
      if (Lang == SourceLanguage::Python) {
        std::string Listing;
        llvm::raw_string_ostream ListingOS(Listing);
        if (runIsolated(
                File, [&] { listPython(File, Text, ListingOS, Result); },
                Result.Errors))
          OS << Listing;
        continue;
      }
      std::string Absolute = absolutePath(File);
      std::string Directory;
      std::vector<std::string> CommandLine = commandFor(File, Lang, Directory);
      std::replace(CommandLine.begin() + 1, CommandLine.end(), File, Absolute);
      KernelListing L;
      bool Completed;
      {
        StderrSilencer Silence(!Options.Verbose);
        Completed = runIsolated(
            File,
            [&] {
              L = listKernels(
                  CommandLine, Absolute,
                  createNoBuildFileSystem(llvm::vfs::createPhysicalFileSystem()),
                  Directory);
            },
            Result.Errors);
      }
      if (!Completed)
        continue;
      auto Rename = [&](SourcePosition &P) {
        if (P.File == Absolute)
          P.File = File;
      };
      L.File = File;
      for (ListedKernel &K : L.Kernels) {
        Rename(K.Pos);
        for (ListedLaunch &Launch : K.Launches)
          Rename(Launch.Pos);
      }
      for (ListedLaunch &Launch : L.UnresolvedLaunches)
        Rename(Launch.Pos);
      if (!L.FatalError.empty())
        Result.Errors.push_back({File, L.FatalError});
      else
        printKernelListing(L, OS);
    }
    return Result;
  }

private:
  void listPython(const std::string &File, llvm::StringRef Text,
                  llvm::raw_ostream &OS, AnalysisResult &Result) {
#if KT_HAVE_TRITON
    std::unique_ptr<triton::TritonModule> M = triton::TritonModule::build(Text);
    if (!M) {
      Result.Errors.push_back({File, "the Python parser failed"});
      return;
    }
    size_t Kernels = 0, Helpers = 0;
    for (const triton::JitFunction &F : M->functions())
      ++(F.CalledFromJit ? Helpers : Kernels);
    OS << File << ": " << Kernels << (Kernels == 1 ? " jit kernel, " : " jit kernels, ")
       << Helpers << (Helpers == 1 ? " jit helper" : " jit helpers")
       << (M->parsed() && M->tree().hasErrors() ? ", with syntax errors" : "")
       << "\n";
    for (const triton::JitFunction &F : M->functions()) {
      const triton::PyNode &N = M->tree().node(F.NameNode);
      OS << "  " << (F.CalledFromJit ? "helper" : "kernel") << " '" << F.Name
         << "' (triton) at " << File << ":" << N.Line + 1 << ":"
         << N.Column + 1 << "\n";
      std::vector<std::string> Constexprs;
      for (const triton::TritonParam &P : F.Params)
        if (P.IsConstexpr)
          Constexprs.push_back("'" + P.Name.str() + "'");
      if (!Constexprs.empty())
        OS << "    constexpr parameters: " << llvm::join(Constexprs, ", ") << "\n";
      OS << "    memory accesses: " << F.Accesses.size() << "\n";
    }
#else
    Result.Errors.push_back(
        {File, "Python files need the Triton front end, which this build lacks"});
#endif
  }

  /// Findings that only a view of the whole run can make (a forward kernel
  /// in one file, its backward in another), named as the user named the
  /// files.
  static void appendCrossFileFindings(const std::vector<Job> &Jobs,
                                      AnalysisResult &Result) {
#if KT_HAVE_TRITON
    // Triton summaries carry the paths as the jobs named them.
    for (Finding &F : triton::crossFileTritonIndexWidthFindings())
      Result.Findings.push_back(std::move(F));
#endif
    std::vector<Finding> Cross = clang::tidy::kernel::crossFileIndexWidthFindings();
    if (Cross.empty())
      return;
    std::map<std::string, std::string> DisplayNames;
    for (const Job &J : Jobs)
      DisplayNames[absolutePath(J.File)] = J.File;
    auto Rename = [&](SourcePosition &P) {
      auto It = DisplayNames.find(P.File);
      if (It != DisplayNames.end())
        P.File = It->second;
    };
    for (Finding &F : Cross) {
      Rename(F.Pos);
      for (Note &N : F.Notes)
        Rename(N.Pos);
      Result.Findings.push_back(std::move(F));
    }
  }

  static std::string absolutePath(llvm::StringRef File) {
    llvm::SmallString<256> Absolute(File);
    llvm::sys::fs::make_absolute(Absolute);
    llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
    return std::string(Absolute);
  }

  /// Resolves each file's config; false (and nothing analysed) when a
  /// config file is invalid.
  bool planJobs(const std::vector<std::string> &Files, std::vector<Job> &Jobs,
                AnalysisResult &Result, RunStats &Stats) {
    if (!Options.UseConfigFiles) {
      for (const std::string &F : Files)
        Jobs.push_back({F, EffectiveConfig()});
      return true;
    }
    ConfigResolver Resolver(configSchema(), Options.ConfigFile);
    for (const std::string &F : Files) {
      EffectiveConfig C = Resolver.configFor(F);
      if (C.excludes(F)) {
        ++Stats.FilesExcluded;
        continue;
      }
      Jobs.push_back({F, std::move(C)});
    }
    if (Resolver.errors().empty())
      return true;
    Stats.ConfigError = true;
    for (const ConfigError &E : Resolver.errors()) {
      std::string Where = E.File;
      if (E.Line)
        Where += ":" + std::to_string(E.Line) + ":" + std::to_string(E.Column);
      Result.Errors.push_back({Where, E.Message});
    }
    Jobs.clear();
    return false;
  }

  /// Analyses Jobs on Options.Jobs threads; PerFile[I] gets Jobs[I]'s
  /// result, so the merged order never depends on scheduling.
  void runJobs(const std::vector<Job> &Jobs,
               std::vector<AnalysisResult> &PerFile) {
    unsigned Threads = Options.Jobs ? Options.Jobs
                                    : std::max(1u, std::thread::hardware_concurrency());
    Threads = std::min<unsigned>(Threads, Jobs.size());
    std::atomic<size_t> Next{0};
    std::mutex ProgressMutex;
    unsigned Done = 0, FindingsSoFar = 0;
    auto Worker = [&] {
      for (size_t I = Next++; I < Jobs.size(); I = Next++) {
        analyseFile(Jobs[I], PerFile[I]);
        if (Options.Progress) {
          std::lock_guard<std::mutex> Lock(ProgressMutex);
          FindingsSoFar += PerFile[I].Findings.size();
          Options.Progress(++Done, Jobs.size(), FindingsSoFar);
        }
      }
    };
    if (Threads <= 1) {
      Worker();
      return;
    }
    std::vector<std::thread> Pool;
    for (unsigned T = 0; T < Threads; ++T)
      Pool.emplace_back(Worker);
    for (std::thread &T : Pool)
      T.join();
  }

  std::string globFor(const Job &J) const {
    std::string User = J.Config.Checks;
    if (!Options.Checks.empty())
      User = User.empty() ? Options.Checks : User + "," + Options.Checks;
    return effectiveCheckGlob(User);
  }

  void loadDatabase(AnalysisResult &Result) {
    if (Options.BuildPath.empty())
      return;
    std::string Error;
    Database = clang::tooling::CompilationDatabase::loadFromDirectory(
        Options.BuildPath, Error);
    if (Database)
      return;
    // LLVM's message lists every database kind it tried, one per line; say
    // the one thing that matters, on one line, naming the file.
    llvm::SmallString<256> Json(Options.BuildPath);
    llvm::sys::path::append(Json, "compile_commands.json");
    if (!llvm::sys::fs::exists(Json)) {
      Result.Errors.push_back(
          {Options.BuildPath, "no compile_commands.json in this directory; "
                              "analysing without it (no-build mode)"});
      return;
    }
    std::string JsonError;
    if (clang::tooling::JSONCompilationDatabase::loadFromFile(
            Json, JsonError, clang::tooling::JSONCommandLineSyntax::AutoDetect))
      JsonError = Error; // the file parses: LLVM failed elsewhere
    std::string Message = llvm::StringRef(JsonError).trim().rtrim('.').str();
    std::replace(Message.begin(), Message.end(), '\n', ' ');
    Result.Errors.push_back(
        {std::string(Json), "invalid compile database: " + Message +
                                "; analysing without it (no-build mode)"});
  }

  void analyseFile(const Job &J, AnalysisResult &Result) {
    const std::string &File = J.File;
    std::unique_ptr<llvm::MemoryBuffer> Buf =
        readInput(File, Options.MaxFileSize, Result.Errors);
    if (!Buf)
      return;
    llvm::StringRef Text = Buf->getBuffer();
    SourceLanguage Lang = classifySource(File, Text);
    // What a crashed analysis left half-written is dropped with it.
    AnalysisResult Local;
    if (Lang == SourceLanguage::Python) {
      if (runIsolated(File, [&] { analysePython(J, Text, Local); },
                      Result.Errors)) {
        applyConfidence(confidenceFor(J), Local);
        mergeInto(Result, Local);
      }
      return;
    }
    // The compile command is looked up (under the database's lock, with
    // its log lines) before the isolated part.
    std::string Directory;
    std::vector<std::string> CommandLine = commandFor(File, Lang, Directory);
    CxxParseSummary Summary;
    bool Completed;
    {
      StderrSilencer Silence(!Options.Verbose);
      Completed = runIsolated(
          File,
          [&] {
            analyseCxx(J, std::move(CommandLine), Directory, Local, Summary);
          },
          Result.Errors);
    }
    if (!Completed)
      return;
    applyConfidence(confidenceFor(J), Local);
    mergeInto(Result, Local);
    if (Summary.CompilerErrors && Options.Verbose) {
      // One line however many errors: the first one, cut short.
      std::string First = Summary.FirstCompilerError;
      std::replace(First.begin(), First.end(), '\n', ' ');
      if (First.size() > 200)
        First = First.substr(0, 200) + "...";
      std::lock_guard<std::mutex> Lock(LogMutex);
      Log << File << ": " << Summary.CompilerErrors
          << " compiler error(s) while parsing (first: " << First
          << "); checks ran on the partial AST\n";
    }
  }

  /// The tiers shown for a file: --confidence, else its config's.
  ConfidenceFilter confidenceFor(const Job *J) const {
    llvm::StringRef V = Options.Confidence;
    if (V.empty() && J)
      V = J->Config.Confidence;
    return ConfidenceFilter::parseOrDefaults(V);
  }
  ConfidenceFilter confidenceFor(const Job &J) const { return confidenceFor(&J); }

  /// Every finding gets its tier (a C++ check says it in its last note, the
  /// Triton rules set it; none said: low), and those of tiers not shown are
  /// counted and left out.
  static void applyConfidence(const ConfidenceFilter &Filter,
                              AnalysisResult &R) {
    std::vector<Finding> Kept;
    for (Finding &F : R.Findings) {
      FrontEnd FE = llvm::StringRef(F.Pos.File).ends_with(".py")
                        ? FrontEnd::Triton
                        : FrontEnd::Cxx;
      if (F.Confidence.empty())
        for (const Note &N : F.Notes)
          if (auto C = confidenceFromNote(N.Message))
            F.Confidence = confidenceName(*C).str();
      if (F.Confidence.empty()) {
        std::string Why;
        Confidence C = untieredCheckTier(F.Check, FE, &Why);
        Note N;
        N.Pos = F.Pos;
        N.Message = confidenceNote(C, Why);
        F.Notes.push_back(std::move(N));
        F.Confidence = confidenceName(C).str();
      }
      Confidence C =
          parseConfidenceName(F.Confidence).value_or(Confidence::Low);
      if (Filter.shows(F.Check, FE, C))
        Kept.push_back(std::move(F));
      else
        ++R.FindingsHidden;
    }
    R.Findings = std::move(Kept);
  }

  static void mergeInto(AnalysisResult &Result, AnalysisResult &Part) {
    Result.FindingsHidden += Part.FindingsHidden;
    Result.FilesAnalysed += Part.FilesAnalysed;
    for (Finding &F : Part.Findings)
      Result.Findings.push_back(std::move(F));
    for (FileError &E : Part.Errors)
      Result.Errors.push_back(std::move(E));
  }

  void analysePython(const Job &J, llvm::StringRef Text,
                     AnalysisResult &Result) {
#if KT_HAVE_TRITON
    clang::tidy::CachedGlobList Enabled(globFor(J));
    AnalysisResult R = triton::analyzePythonFile(
        J.File, Text, [&](llvm::StringRef Id) { return Enabled.contains(Id); },
        J.Config.CheckOptions);
    for (Finding &F : R.Findings)
      Result.Findings.push_back(std::move(F));
    for (FileError &E : R.Errors)
      Result.Errors.push_back(std::move(E));
    ++Result.FilesAnalysed;
#else
    Result.Errors.push_back(
        {J.File, "Python files need the Triton front end, which this build lacks"});
#endif
  }

  std::vector<std::string> commandFor(const std::string &File,
                                      SourceLanguage Lang,
                                      std::string &Directory) {
    std::vector<std::string> Args;
    if (Database) {
      std::vector<clang::tooling::CompileCommand> Cmds;
      {
        std::lock_guard<std::mutex> Lock(DatabaseMutex);
        Cmds = Database->getCompileCommands(File);
      }
      if (!Cmds.empty()) {
        std::vector<std::string> Dropped;
        Args = translateCompileCommand(Cmds.front().CommandLine, ShimDir,
                                       &Dropped, Cmds.front().Directory);
        Directory = Cmds.front().Directory;
        if (Options.Verbose) {
          std::lock_guard<std::mutex> Lock(LogMutex);
          for (const std::string &D : Dropped)
            Log << File << ": dropped compile flag '" << D << "'\n";
        }
      }
    }
    if (Args.empty()) {
      Args.push_back("clang-tool");
      for (std::string &A : defaultParseArgs(Lang, ShimDir, /*NoBuild=*/true))
        Args.push_back(std::move(A));
      Args.push_back(File);
      llvm::SmallString<256> Cwd;
      llvm::sys::fs::current_path(Cwd);
      Directory = std::string(Cwd);
    }
    // --extra-arg-before goes right after the compiler, --extra-arg before
    // the input file: the same places clang-tidy puts them.
    Args.insert(Args.begin() + 1, Options.ExtraArgsBefore.begin(),
                Options.ExtraArgsBefore.end());
    auto FileIt = std::find(Args.begin() + 1, Args.end(), File);
    Args.insert(FileIt, Options.ExtraArgs.begin(), Options.ExtraArgs.end());
    return Args;
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

  struct CxxParseSummary {
    unsigned CompilerErrors = 0;
    std::string FirstCompilerError;
  };

  /// The isolated part of a C++ file's analysis: Clang and the checks.
  void analyseCxx(const Job &J, std::vector<std::string> CommandLine,
                  const std::string &Directory, AnalysisResult &Result,
                  CxxParseSummary &Summary) {
    const std::string &File = J.File;
    // ClangTool looks commands up by absolute path and reports diagnostics
    // under it; findings name the file as the user spelt it.
    std::string Absolute = absolutePath(File);
    std::replace(CommandLine.begin() + 1, CommandLine.end(), File,
                 std::string(Absolute));
    PreparedDatabase DB;
    DB.add(std::string(Absolute), std::move(CommandLine), Directory);
    Positions Position;
    Position.DisplayNames[std::string(Absolute)] = File;

    clang::tidy::ClangTidyOptions Opts =
        clang::tidy::ClangTidyOptions::getDefaults();
    Opts.Checks = globFor(J);
    Opts.HeaderFilterRegex = J.Config.HeaderFilterRegex;
    Opts.SystemHeaders = false;
    for (const auto &[Key, Value] : J.Config.CheckOptions)
      Opts.CheckOptions[Key] = clang::tidy::ClangTidyOptions::ClangTidyValue(Value);
    // The checks report every tier; the driver shows what --confidence asks
    // (applyConfidence) and counts the rest.
    Opts.CheckOptions["Confidence"] =
        clang::tidy::ClangTidyOptions::ClangTidyValue("all");
    auto Provider = std::make_unique<clang::tidy::DefaultOptionsProvider>(
        clang::tidy::ClangTidyGlobalOptions(), Opts);
    clang::tidy::ClangTidyContext Context(std::move(Provider));

    // A physical file system of its own: ClangTool sets the working
    // directory on it, and the process-wide one would chdir every thread.
    auto BaseFS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
        createNoBuildFileSystem(llvm::vfs::createPhysicalFileSystem()));
    std::vector<ClangTidyError> Errors =
        runChecksOnUserCode(Context, DB, std::string(Absolute), BaseFS);
    ++Result.FilesAnalysed;
    for (const ClangTidyError &E : Errors) {
      if (llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-")) {
        if (E.DiagLevel == clang::tooling::Diagnostic::Error &&
            Summary.CompilerErrors++ == 0)
          Summary.FirstCompilerError = E.Message.Message;
        continue;
      }
      Result.Findings.push_back(convert(E, Position));
    }
  }

  static Finding convert(const ClangTidyError &E, Positions &Position) {
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

  const DriverOptions &Options;
  llvm::raw_ostream &Log;
  std::mutex LogMutex;
  std::string ShimDir;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  std::mutex DatabaseMutex;
};

} // namespace

std::string effectiveCheckGlob(llvm::StringRef UserChecks) {
  std::string Glob = "-*,kernel-*";
  if (!UserChecks.empty())
    Glob += "," + UserChecks.str();
  return Glob;
}

namespace {

/// Collects the analysable files under Root, hidden entries skipped. Links
/// to directories are followed, but each directory is walked once: a link
/// back to one of its own ancestors is a loop, reported and not followed. An
/// entry that cannot be read is one error, and the walk goes on.
void walkDirectory(const std::string &Root, std::vector<std::string> &Found,
                   std::vector<FileError> &Errors) {
  std::map<llvm::sys::fs::UniqueID, std::string> Walked;
  std::vector<std::string> Pending{Root};
  while (!Pending.empty()) {
    std::string Dir = std::move(Pending.back());
    Pending.pop_back();
    llvm::sys::fs::file_status Status;
    if (std::error_code EC = llvm::sys::fs::status(Dir, Status)) {
      Errors.push_back({Dir, "cannot walk directory: " + EC.message()});
      continue;
    }
    auto [It, New] = Walked.try_emplace(Status.getUniqueID(), Dir);
    if (!New) {
      llvm::StringRef First = It->second;
      if (llvm::StringRef(Dir).starts_with(First) &&
          llvm::sys::path::is_separator(Dir[First.size()]))
        Errors.push_back({Dir, "symbolic link loop back to '" + First.str() +
                                   "'; not followed"});
      continue; // else a second link to a directory walked already
    }
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator Entry(Dir, EC), End;
         Entry != End && !EC; Entry.increment(EC)) {
      const std::string &Path = Entry->path();
      if (llvm::sys::path::filename(Path).starts_with("."))
        continue;
      llvm::sys::fs::file_status EntryStatus;
      if (std::error_code StatusEC = llvm::sys::fs::status(Path, EntryStatus)) {
        // A dangling link is common and harmless unless it names a source
        // file; a link that resolves to itself never resolves.
        if (isAnalysableExtension(Path) ||
            StatusEC == std::errc::too_many_symbolic_link_levels)
          Errors.push_back({Path, "cannot open: " + StatusEC.message()});
        continue;
      }
      if (EntryStatus.type() == llvm::sys::fs::file_type::directory_file)
        Pending.push_back(Path);
      else if (EntryStatus.type() == llvm::sys::fs::file_type::regular_file &&
               isAnalysableExtension(Path))
        Found.push_back(Path);
    }
    if (EC)
      Errors.push_back({Dir, "cannot walk directory: " + EC.message()});
  }
}

} // namespace

std::vector<std::string> collectInputFiles(const std::vector<std::string> &Paths,
                                           std::vector<FileError> &Errors) {
  std::vector<std::string> Files;
  for (const std::string &Path : Paths) {
    llvm::sys::fs::file_status Status;
    if (std::error_code EC = llvm::sys::fs::status(Path, Status)) {
      Errors.push_back({Path, "cannot open: " + EC.message()});
      continue;
    }
    if (!llvm::sys::fs::is_directory(Status)) {
      Files.push_back(Path);
      continue;
    }
    std::vector<std::string> Found;
    walkDirectory(Path, Found, Errors);
    std::sort(Found.begin(), Found.end());
    Files.insert(Files.end(), Found.begin(), Found.end());
  }
  return Files;
}

bool crashWasRecovered() { return CrashRecovered; }

AnalysisResult runKernelTidy(const DriverOptions &Options,
                             llvm::raw_ostream &Log, RunStats *Stats) {
  RunStats Local;
  return Engine(Options, Log).run(Stats ? *Stats : Local);
}

AnalysisResult listKernelsOf(const DriverOptions &Options,
                             llvm::raw_ostream &OS, llvm::raw_ostream &Log) {
  return Engine(Options, Log).list(OS);
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

unsigned shardOf(llvm::StringRef File, unsigned ShardCount) {
  if (ShardCount == 0)
    return 0;
  return llvm::xxh3_64bits(llvm::sys::path::convert_to_slash(File)) %
             ShardCount +
         1;
}

} // namespace kerneltidy
