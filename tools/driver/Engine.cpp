//===- Engine.cpp - one run: a job per file, on -j threads ----------------===//
//
// runKernelTidy and listKernelsOf: the inputs (InputFiles.cpp) are planned
// into jobs, one per file with the configuration that applies to it; each
// job is read, classified and sent to its front end (Clang through
// Driver.cpp, or the Triton rules) in isolation (Isolation.cpp), on
// Options.Jobs threads; the per-file results are merged in input order and
// finished (Results.cpp). The compile database is loaded here, once.
//
//===----------------------------------------------------------------------===//
#include "tools/driver/DriverInternal.h"
#include "lib/frontend/clang/UnknownNames.h"
#include "checks/clang/IndexWidthMismatchCheck.h"
#include "lib/frontend/clang/CompileCommands.h"
#include "lib/frontend/clang/IndexWidth.h"
#include "lib/frontend/clang/KernelListing.h"
#include "lib/frontend/clang/NoBuildFileSystem.h"
#include "clang-tidy/GlobList.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <atomic>
#include <mutex>
#include <thread>

#if KT_HAVE_TRITON
#include "checks/triton/TritonChecks.h"
#include "lib/frontend/triton/TritonModule.h"
#endif

namespace kerneltidy {

namespace driver {

unsigned memoryCappedJobs(unsigned Requested, uint64_t AvailableBytes,
                          uint64_t PerJobBytes) {
  if (AvailableBytes == 0 || PerJobBytes == 0)
    return std::max(1u, Requested);
  uint64_t Fit = AvailableBytes / PerJobBytes;
  return static_cast<unsigned>(
      std::max<uint64_t>(1, std::min<uint64_t>(Requested, Fit)));
}

namespace {

/// The folders from File's folder up towards the file system's root, at
/// most MaxFolders, ending at the project's root (the first folder holding .git)
/// when there is one: the folders no-build mode looks in for a project's
/// headers.
struct FolderChain {
  std::vector<std::string> Folders;
  bool EndsAtProjectRoot = false;
};

FolderChain foldersUpToProjectRoot(llvm::StringRef File,
                                   unsigned MaxFolders = 8) {
  FolderChain Chain;
  llvm::SmallString<256> Dir(absolutePath(File));
  llvm::sys::path::remove_filename(Dir);
  for (unsigned Level = 0; Level < MaxFolders && !Dir.empty(); ++Level) {
    Chain.Folders.push_back(std::string(Dir));
    llvm::SmallString<256> Git(Dir);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git)) {
      Chain.EndsAtProjectRoot = true;
      break;
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return Chain;
}

} // namespace

std::vector<std::string> guessedIncludeDirs(llvm::StringRef File) {
  std::vector<std::string> Dirs;
  for (const std::string &Dir : foldersUpToProjectRoot(File).Folders) {
    llvm::SmallString<256> Include(Dir);
    llvm::sys::path::append(Include, "include");
    // The system's include folders are the shim's business.
    llvm::StringRef I = Include;
    if (I != "/include" && I != "/usr/include" && I != "/usr/local/include" &&
        llvm::sys::fs::is_directory(Include))
      Dirs.push_back(std::string(Include));
  }
  return Dirs;
}

std::vector<std::string> parentFoldersForQuotedIncludes(llvm::StringRef File) {
  std::vector<std::string> Dirs;
  // The parents of the first 8 folders.
  const FolderChain Chain = foldersUpToProjectRoot(File, 9);
  for (size_t I = 1; I < Chain.Folders.size(); ++I) {
    // Never the file system's root or a folder right below it (/tmp, /usr).
    if (llvm::sys::path::parent_path(Chain.Folders[I]).size() <= 1)
      break;
    Dirs.push_back(Chain.Folders[I]);
  }
  return Dirs;
}

namespace {

/// The headers of one project, by file name: 'Loops.h' -> every path of a
/// header so named under the project's root.
struct ProjectHeaderIndex {
  llvm::StringMap<std::vector<std::string>> ByName;
};

bool isHeaderName(llvm::StringRef Name) {
  return Name.ends_with(".h") || Name.ends_with(".hpp") ||
         Name.ends_with(".cuh") || Name.ends_with(".hh") ||
         Name.ends_with(".hxx") || Name.ends_with(".inl") ||
         Name.ends_with(".inc") || Name.ends_with(".ipp");
}

const ProjectHeaderIndex &projectHeaders(const std::string &Root) {
  static std::mutex Mutex;
  static std::map<std::string, std::unique_ptr<ProjectHeaderIndex>> Indexes;
  std::lock_guard<std::mutex> Lock(Mutex);
  auto &Slot = Indexes[Root];
  if (Slot)
    return *Slot;
  Slot = std::make_unique<ProjectHeaderIndex>();
  std::error_code EC;
  unsigned Files = 0;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC && Files < 200000; It.increment(EC)) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    if (It->type() == llvm::sys::fs::file_type::directory_file) {
      if (Name == ".git" || Name.starts_with("build") ||
          Name == "node_modules" || Name == "__pycache__")
        It.no_push();
      continue;
    }
    ++Files;
    if (isHeaderName(Name))
      Slot->ByName[Name].push_back(Path.str());
  }
  return *Slot;
}

/// The names a source includes ('#include "a/b.h"', '<b.h>'); with
/// FoldersOnly, those with a folder in them, and with QuotedToo also the
/// quoted names without one ('"ds_kernel_utils.h"').
std::vector<std::string> includedNames(llvm::StringRef File, bool FoldersOnly,
                                       bool QuotedToo = false) {
  std::vector<std::string> Names;
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
  if (!Buffer)
    return Names;
  for (llvm::StringRef Line : llvm::split((*Buffer)->getBuffer(), '\n')) {
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim();
    if (Line.empty() || (Line.front() != '<' && Line.front() != '"'))
      continue;
    char Close = Line.front() == '<' ? '>' : '"';
    size_t End = Line.find(Close, 1);
    if (End == llvm::StringRef::npos)
      continue;
    llvm::StringRef Name = Line.slice(1, End);
    if (Name.empty() || Name.starts_with("/"))
      continue;
    if (!FoldersOnly || (Name.contains('/') && !Name.contains("..")) ||
        (QuotedToo && Close == '"' && !Name.contains('/')))
      Names.push_back(Name.str());
  }
  return Names;
}

size_t commonPrefix(llvm::StringRef A, llvm::StringRef B) {
  size_t N = 0;
  while (N < A.size() && N < B.size() && A[N] == B[N])
    ++N;
  return N;
}

} // namespace

std::vector<std::string>
includeRootsOfProjectHeaders(llvm::StringRef File,
                             llvm::ArrayRef<std::string> Known) {
  std::vector<std::string> Roots;
  std::string Path = absolutePath(File);
  const FolderChain Chain = foldersUpToProjectRoot(File);
  if (!Chain.EndsAtProjectRoot)
    return Roots;
  const std::string &Root = Chain.Folders.back();
  const ProjectHeaderIndex &Index = projectHeaders(Root);
  auto ExistsIn = [](llvm::StringRef Dir, llvm::StringRef Name) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, Name);
    return llvm::sys::fs::exists(Candidate);
  };
  // FromParents: parentFoldersForQuotedIncludes(From), read once per file.
  auto Resolves = [&](llvm::StringRef From,
                      llvm::ArrayRef<std::string> FromParents,
                      llvm::StringRef Name) {
    // A quoted name also resolves in the folders above its file (-iquote).
    if (!Name.contains('/') &&
        llvm::any_of(FromParents,
                     [&](const std::string &D) { return ExistsIn(D, Name); }))
      return true;
    return ExistsIn(llvm::sys::path::parent_path(From), Name) ||
           llvm::any_of(Known, [&](const std::string &D) { return ExistsIn(D, Name); }) ||
           llvm::any_of(Roots, [&](const std::string &D) { return ExistsIn(D, Name); });
  };
  std::vector<std::string> Sources{Path};
  llvm::StringSet<> Read{Path};
  for (unsigned Depth = 0; Depth < 3 && !Sources.empty() && Read.size() < 64;
       ++Depth) {
    std::vector<std::string> Next;
    for (const std::string &Source : Sources) {
      const std::vector<std::string> SourceParents =
          parentFoldersForQuotedIncludes(Source);
      for (const std::string &Name :
           includedNames(Source, /*FoldersOnly=*/true, /*QuotedToo=*/true)) {
        if (Resolves(Source, SourceParents, Name))
          continue;
        auto It = Index.ByName.find(llvm::sys::path::filename(Name));
        if (It == Index.ByName.end())
          continue;
        // The header nearest the file; among equally near ones, the one
        // fewest folders deep (a project's main include folder, not a
        // backend's copy: csrc/includes/cpu_adam.h, not
        // csrc/xpu/includes/cpu_adam.h).
        const std::string *Best = nullptr;
        size_t BestShared = 0;
        bool Tied = false;
        auto FolderDepth = [](llvm::StringRef P) { return P.count('/'); };
        for (const std::string &Header : It->second) {
          if (!llvm::StringRef(Header).ends_with("/" + Name))
            continue;
          size_t Shared = commonPrefix(Header, Path);
          if (!Best || Shared > BestShared ||
              (Shared == BestShared &&
               FolderDepth(Header) < FolderDepth(*Best))) {
            Best = &Header;
            BestShared = Shared;
            Tied = false;
          } else if (Shared == BestShared &&
                     FolderDepth(Header) == FolderDepth(*Best)) {
            Tied = true;
          }
        }
        // A quoted name with no folder ('"quantization.h"', from a
        // project's include folder the build passes as -I) names a folder
        // only when one header of that name is the best: a tie between two
        // copies is no evidence of either.
        bool Bare = !llvm::StringRef(Name).contains('/');
        if (!Best || (Bare && Tied) || Roots.size() >= 16)
          continue;
        Roots.push_back(Best->substr(0, Best->size() - Name.size() - 1));
        if (Read.insert(*Best).second)
          Next.push_back(*Best);
      }
    }
    Sources = std::move(Next);
  }
  return Roots;
}

std::map<std::string, std::vector<std::string>>
headersInContext(std::vector<std::string> &Files) {
  // Headers and sources among the inputs, by their normalized paths.
  std::vector<std::string> Headers;
  llvm::StringMap<size_t> HeaderIndex; // absolute path -> index in Headers
  for (const std::string &F : Files)
    if (isHeaderName(llvm::sys::path::filename(F))) {
      HeaderIndex[absolutePath(F)] = Headers.size();
      Headers.push_back(F);
    }
  std::map<std::string, std::vector<std::string>> Context;
  if (Headers.empty())
    return Context;
  // The input headers one file includes: a name resolved against the
  // file's folder, or the one input header whose path ends with the name.
  auto IncludedInputs = [&](const std::string &File) {
    std::vector<size_t> Out;
    llvm::SmallString<256> Dir(absolutePath(File));
    llvm::sys::path::remove_filename(Dir);
    for (const std::string &Name : includedNames(File, /*FoldersOnly=*/false)) {
      llvm::SmallString<256> Near(Dir);
      llvm::sys::path::append(Near, Name);
      auto It = HeaderIndex.find(absolutePath(Near));
      if (It != HeaderIndex.end()) {
        Out.push_back(It->second);
        continue;
      }
      const std::string Suffix = "/" + Name;
      size_t Match = Headers.size(), Count = 0;
      for (const auto &Entry : HeaderIndex)
        if (llvm::StringRef(Entry.getKey()).ends_with(Suffix)) {
          Match = Entry.getValue();
          ++Count;
        }
      if (Count == 1)
        Out.push_back(Match);
    }
    return Out;
  };
  std::vector<std::vector<size_t>> HeaderIncludes(Headers.size());
  for (size_t H = 0; H < Headers.size(); ++H)
    HeaderIncludes[H] = IncludedInputs(Headers[H]);
  // Each header goes to the first source (in input order) that reaches it.
  std::vector<bool> Covered(Headers.size(), false);
  for (const std::string &F : Files) {
    if (isHeaderName(llvm::sys::path::filename(F)) ||
        llvm::StringRef(F).ends_with(".py"))
      continue;
    std::vector<size_t> Work = IncludedInputs(F);
    while (!Work.empty()) {
      size_t H = Work.back();
      Work.pop_back();
      if (Covered[H])
        continue;
      Covered[H] = true;
      Context[F].push_back(Headers[H]);
      llvm::append_range(Work, HeaderIncludes[H]);
    }
  }
  llvm::erase_if(Files, [&](const std::string &F) {
    auto It = HeaderIndex.find(absolutePath(F));
    return It != HeaderIndex.end() && Covered[It->second];
  });
  return Context;
}

uint64_t availableMemoryBytes() {
  auto Info = llvm::MemoryBuffer::getFileAsStream("/proc/meminfo");
  if (!Info)
    return 0;
  for (llvm::StringRef Line : llvm::split((*Info)->getBuffer(), '\n')) {
    if (!Line.consume_front("MemAvailable:"))
      continue;
    uint64_t KiB = 0;
    if (Line.trim().split(' ').first.getAsInteger(10, KiB))
      return 0;
    return KiB * 1024;
  }
  return 0;
}

} // namespace driver

namespace {

using namespace driver;

/// Memory one analysis job is given when -j is capped by free memory:
/// three times the largest peak measured on real files (docs/benchmarks.md).
constexpr uint64_t JobMemoryBudget = 1ull << 30;

class Engine {
public:
  Engine(const DriverOptions &Options, llvm::raw_ostream &Log)
      : Options(Options), Log(Log), ShimDir(findShimDir(Options.Argv0)) {}

  AnalysisResult run(RunStats &Stats) {
    AnalysisResult Result;
    std::vector<std::string> Files =
        collectInputFiles(Options.Paths, Result.Errors);
    // Before sharding: a header goes to the shard of the source that
    // carries it.
    std::map<std::string, std::vector<std::string>> Context =
        headersInContext(Files);
    if (Options.ShardCount > 0) {
      std::vector<std::string> Mine;
      for (std::string &F : Files)
        if (shardOf(F, Options.ShardCount) == Options.ShardIndex)
          Mine.push_back(std::move(F));
      Stats.FilesInOtherShards = Files.size() - Mine.size();
      Files = std::move(Mine);
    }
    std::vector<Job> Jobs;
    if (!planJobs(Files, Jobs, Result, Stats, &Context))
      return Result;
    loadDatabase(Result);
    if (Options.Verbose) {
      // Which stand-in headers a run uses: an installed tree uses its own
      // share/kernel-tidy/include, wherever it was moved.
      std::lock_guard<std::mutex> Lock(LogMutex);
      Log << "kernel-tidy: shim headers: " << ShimDir << "\n";
    }
    // kernel-index-width-mismatch leaves one summary per kernel of each
    // translation unit; pairs split across files are decided at the end.
    kerneltidy::clearKernelWidthSummaries();
#if KT_HAVE_TRITON
    triton::clearTritonIndexWidthSummaries();
#endif
    std::vector<AnalysisResult> PerFile(Jobs.size());
    runJobs(Jobs, PerFile);
    for (AnalysisResult &R : PerFile)
      mergeInto(Result, R);
    {
      AnalysisResult Cross;
      appendCrossFileFindings(Jobs, Cross);
      applyConfidence(confidenceFor(Jobs.empty() ? nullptr : &Jobs.front()),
                      Cross);
      mergeInto(Result, Cross);
    }
    sortAndDeduplicate(Result.Findings);
    std::stable_sort(Result.Files.begin(), Result.Files.end(),
                     [](const FileStatus &A, const FileStatus &B) {
                       return A.File < B.File;
                     });
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
      if (!runIsolatedQuietly(
              File, /*Quiet=*/!Options.Verbose,
              [&] {
                std::vector<std::string> ParseCommand = CommandLine;
                auto parse = [&](llvm::StringRef StandIns) {
                  return listKernels(ParseCommand, Absolute,
                                     createNoBuildFileSystem(
                                         llvm::vfs::createPhysicalFileSystem()),
                                     Directory, StandIns);
                };
                L = parse({});
                // No-build mode: the stand-ins of the analysis
                // (Driver.cpp), so the listing shows what the checks see.
                bool NoBuild = std::find(CommandLine.begin(), CommandLine.end(),
                                         stubIncludeDir().str()) != CommandLine.end();
                if (!NoBuild || L.ParseErrors == 0 ||
                    !UnknownNameDeclarations::enabled())
                  return;
                UnknownNameDeclarations Names;
                std::vector<CompilerErrorAt> Latest = L.Errors;
                for (unsigned Round = 0; Round < 3; ++Round) {
                  bool Learnt = Names.learnAll(Latest);
                  // As the analysis does (Driver.cpp): a C++20 code base's
                  // rounds parse as C++20.
                  if (Round == 0 &&
                      UnknownNameDeclarations::asksForCxx20(Latest)) {
                    if (useCxx20Standard(ParseCommand)) {
                      Names.useCxx20();
                      Learnt = true;
                    }
                  }
                  if (!Learnt)
                    break;
                  KernelListing Next = parse(Names.header());
                  Latest = Next.Errors;
                  bool Again = UnknownNameDeclarations::worthAnotherRound(
                      L.ParseErrors, Latest);
                  if (Next.ParseErrors < L.ParseErrors) {
                    L = std::move(Next);
                    L.StandIns = Names.size();
                  }
                  if (!Again)
                    break;
                }
              },
              Result.Errors))
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

  /// Resolves each file's config; false (and nothing analysed) when a
  /// config file is invalid.
  /// Context: the input headers each source carries (headersInContext); a
  /// source the config excludes gives its headers back their own jobs.
  bool planJobs(const std::vector<std::string> &Files, std::vector<Job> &Jobs,
                AnalysisResult &Result, RunStats &Stats,
                const std::map<std::string, std::vector<std::string>>
                    *Context = nullptr) {
    auto HeadersOf = [&](const std::string &F) {
      std::vector<std::string> Headers;
      if (Context)
        if (auto It = Context->find(F); It != Context->end())
          Headers = It->second;
      return Headers;
    };
    if (!Options.UseConfigFiles) {
      for (const std::string &F : Files)
        Jobs.push_back({F, EffectiveConfig(), HeadersOf(F)});
      return true;
    }
    ConfigResolver Resolver(configSchema(), Options.ConfigFile);
    std::vector<std::string> Pending(Files.begin(), Files.end());
    for (size_t I = 0; I < Pending.size(); ++I) {
      const std::string F = Pending[I];
      EffectiveConfig C = Resolver.configFor(F);
      if (C.excludes(F)) {
        ++Stats.FilesExcluded;
        for (std::string &H : HeadersOf(F))
          Pending.push_back(std::move(H));
        continue;
      }
      std::vector<std::string> Headers;
      for (std::string &H : HeadersOf(F)) {
        if (Resolver.configFor(H).excludes(H))
          ++Stats.FilesExcluded;
        else
          Headers.push_back(std::move(H));
      }
      Jobs.push_back({F, std::move(C), std::move(Headers)});
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
    unsigned Capped =
        memoryCappedJobs(Threads, availableMemoryBytes(), JobMemoryBudget);
    if (Capped < Threads && Options.Verbose)
      Log << "kernel-tidy: " << Capped << " job(s) instead of " << Threads
                   << ": the machine has memory for " << Capped << "\n";
    Threads = Capped;
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
    FileStatus Status;
    Status.File = File;
    Status.Language = "unknown";
    Status.Status = ParseStatus::Error;
    if (!Buf) {
      Result.Files.push_back(std::move(Status));
      return;
    }
    llvm::StringRef Text = Buf->getBuffer();
    SourceLanguage Lang = classifySource(File, Text);
    Status.Language =
        Lang == SourceLanguage::Python ? "triton" : languageName(Lang).str();
    // What a crashed analysis left half-written is dropped with it.
    AnalysisResult Local;
    if (Lang == SourceLanguage::Python) {
      if (runIsolated(File, [&] { analysePython(J, Text, Local); },
                      Result.Errors)) {
        applyConfidence(confidenceFor(J), Local);
        // The Triton front end says how the parse went (syntax errors).
        if (Local.Files.empty())
          Local.Files.push_back(std::move(Status));
        mergeInto(Result, Local);
      } else {
        Result.Files.push_back(std::move(Status));
      }
      return;
    }
    // The compile command is looked up (under the database's lock, with
    // its log lines) before the isolated part.
    std::string Directory;
    std::vector<std::string> CommandLine = commandFor(File, Lang, Directory);
    CxxParseSummary Summary;
    if (!runIsolatedQuietly(
            File, /*Quiet=*/!Options.Verbose,
            [&] {
              analyseCxxFile(J, globFor(J), std::move(CommandLine), Directory,
                             Local, Summary);
            },
            Result.Errors)) {
      Result.Files.push_back(std::move(Status));
      return;
    }
    applyConfidence(confidenceFor(J), Local);
    mergeInto(Result, Local);
    // One line however many errors: the first one, cut short.
    std::string First = Summary.FirstCompilerError;
    std::replace(First.begin(), First.end(), '\n', ' ');
    if (First.size() > 200)
      First = First.substr(0, 200) + "...";
    Status.ParseErrors = Summary.CompilerErrors;
    Status.FirstError = First;
    Status.StandIns = Summary.UnknownNamesDeclared;
    Status.Status =
        Summary.CompilerErrors ? ParseStatus::Partial : ParseStatus::Ok;
    // The headers analysed through this file: the errors of its parse
    // that are located in them.
    for (const std::string &H : J.ContextHeaders) {
      FileStatus Through;
      Through.File = H;
      Through.Language = Status.Language;
      Through.AnalysedThrough = File;
      if (auto It = Summary.ContextHeaderErrors.find(H);
          It != Summary.ContextHeaderErrors.end()) {
        Through.ParseErrors = It->second.first;
        Through.FirstError = It->second.second;
        std::replace(Through.FirstError.begin(), Through.FirstError.end(),
                     '\n', ' ');
        if (Through.FirstError.size() > 200)
          Through.FirstError = Through.FirstError.substr(0, 200) + "...";
      }
      Through.Status =
          Through.ParseErrors ? ParseStatus::Partial : ParseStatus::Ok;
      Result.Files.push_back(std::move(Through));
    }
    Result.Files.push_back(std::move(Status));
    // --verbose: one line a file, however many errors.
    if (Options.Verbose && (Summary.CompilerErrors || Summary.UnknownNamesDeclared)) {
      std::lock_guard<std::mutex> Lock(LogMutex);
      Log << File << ": ";
      if (Summary.CompilerErrors)
        Log << Summary.CompilerErrors << " compiler error(s) while parsing (first: "
            << First << "); checks ran on the partial AST";
      else
        Log << "parsed with no error";
      if (Summary.UnknownNamesDeclared)
        Log << ", with " << Summary.UnknownNamesDeclared
            << " name(s) of missing headers declared as stand-ins";
      if (Summary.ParsedAsCxx20)
        Log << " (parsed as C++20)";
      if (Summary.PrecompiledShim)
        Log << " (shim precompiled)";
      Log << "\n";
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
    for (FileStatus &S : R.Files)
      Result.Files.push_back(std::move(S));
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
      std::vector<std::string> Guessed = guessedIncludeDirs(File);
      // What the shim declares is resolved already (and must stay a system
      // header: a project whose tree holds the shim, as kernel-tidy's own
      // does, must not find it as a user header).
      std::vector<std::string> Known = Guessed;
      Known.push_back(ShimDir);
      Known.push_back(ShimDir + "/__kernel_tidy_fallback");
      for (const std::string &Dir : includeRootsOfProjectHeaders(File, Known))
        if (!llvm::StringRef(Dir).starts_with(ShimDir))
          Guessed.push_back(Dir);
      for (const std::string &Dir : Guessed) {
        Args.push_back("-I");
        Args.push_back(Dir);
      }
      for (const std::string &Dir : parentFoldersForQuotedIncludes(File)) {
        Args.push_back("-iquote");
        Args.push_back(Dir);
      }
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

  const DriverOptions &Options;
  llvm::raw_ostream &Log;
  std::mutex LogMutex;
  std::string ShimDir;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  std::mutex DatabaseMutex;
};

} // namespace

AnalysisResult runKernelTidy(const DriverOptions &Options,
                             llvm::raw_ostream &Log, RunStats *Stats) {
  RunStats Local;
  return Engine(Options, Log).run(Stats ? *Stats : Local);
}

AnalysisResult listKernelsOf(const DriverOptions &Options,
                             llvm::raw_ostream &OS, llvm::raw_ostream &Log) {
  return Engine(Options, Log).list(OS);
}

} // namespace kerneltidy
