//===- KernelTidyMain.cpp - the kernel-tidy command line ------------------===//
//
// Thin wiring: parse options, run the driver, print a report, pick the exit
// code (0 no findings, 1 findings, 2 usage error or nothing analysed).
//
//===----------------------------------------------------------------------===//
#include "checks/CheckCatalog.h"
#include "lib/report/ApplyFixes.h"
#include "lib/report/Baseline.h"
#include "lib/report/Reporters.h"
#include "lib/report/Sarif.h"
#include "tools/driver/Driver.h"
#include "lib/model/Confidence.h"
#include "clang-tidy/GlobList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <cstdio>
#include <unistd.h>
#include <set>

using namespace llvm;
using namespace kerneltidy;

static cl::OptionCategory Category("kernel-tidy options");

static cl::list<std::string> Paths(cl::Positional, cl::desc("<file or directory>..."),
                                   cl::cat(Category));
static cl::opt<std::string> Checks(
    "checks",
    cl::desc("Comma-separated globs of checks, applied on top of 'kernel-*'\n"
             "(clang-tidy syntax: '-kernel-narrow-*' disables, '-*,kernel-int32-offset' selects one)"),
    cl::cat(Category));
static cl::opt<bool> ListChecks("list-checks",
                                cl::desc("List the enabled checks and exit"),
                                cl::cat(Category));
static cl::opt<bool> ListKernels(
    "list-kernels",
    cl::desc("List the kernels, index parameters and launch sites found in\n"
             "each input (and its parse errors), run no check, and exit"),
    cl::cat(Category));
enum class Format { Text, Json, Sarif, Github };
static cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"), cl::init(Format::Text),
    cl::values(clEnumValN(Format::Text, "text", "clang-style diagnostics"),
               clEnumValN(Format::Json, "json", "the JSON contract (docs/usage.md)"),
               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0, for code scanning"),
               clEnumValN(Format::Github, "github",
                          "GitHub Actions workflow-command annotations")),
    cl::cat(Category));
static cl::opt<std::string> OutputFile("output", cl::desc("Write the report to this file"),
                                       cl::value_desc("file"), cl::cat(Category));
static cl::alias OutputFileShort("o", cl::desc("Alias for --output"),
                                 cl::aliasopt(OutputFile), cl::NotHidden);
static cl::opt<std::string> SarifRoot(
    "sarif-root",
    cl::desc("Directory that SARIF artifact URIs and finding fingerprints are\n"
             "relative to (default: the current directory)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> BuildPath(
    "p", cl::desc("Build directory holding compile_commands.json"),
    cl::value_desc("build-dir"), cl::cat(Category));
static cl::list<std::string> ExtraArgs(
    "extra-arg", cl::desc("Additional argument to append to the compiler command line"),
    cl::cat(Category));
static cl::list<std::string> ExtraArgsBefore(
    "extra-arg-before",
    cl::desc("Additional argument to prepend to the compiler command line"),
    cl::cat(Category));
static cl::opt<bool> Verbose("verbose",
                             cl::desc("Report dropped flags and parse errors per file"),
                             cl::cat(Category));
static cl::opt<bool> Quiet("quiet",
                           cl::desc("No progress line and no summary lines on stderr"),
                           cl::cat(Category));
static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the fixes as YAML for clang-apply-replacements"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> Fix("fix",
                         cl::desc("Apply the warnings' fixes in place (atomically;\n"
                                  "overlapping fixes are refused)"),
                         cl::cat(Category));
static cl::opt<bool> FixNotes(
    "fix-notes",
    cl::desc("With --fix, also apply the fixes offered on notes (these may\n"
             "change behaviour: widening, re-masking)"),
    cl::cat(Category));
static cl::opt<std::string> ConfigFilePath(
    "config-file",
    cl::desc("Use this config file for every input instead of discovering\n"
             ".kernel-tidy.yaml upward from each file"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> NoConfig("no-config",
                              cl::desc("Read no .kernel-tidy.yaml"),
                              cl::cat(Category));
static cl::opt<bool> DumpConfig(
    "dump-config",
    cl::desc("Print the effective configuration for the first input (or the\n"
             "current directory) and exit"),
    cl::cat(Category));
static cl::opt<std::string> Baseline(
    "baseline",
    cl::desc("Report only findings not in this previous JSON or SARIF report\n"
             "(matched by fingerprint)"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> WriteBaseline(
    "write-baseline",
    cl::desc("Write the findings as a baseline (JSON) and exit 0"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> MaxFileSize(
    "max-file-size",
    cl::desc("Skip, with an error, inputs larger than this many bytes (a K, M\n"
             "or G suffix multiplies by 1024s; 0: no limit; default: 2M)"),
    cl::value_desc("bytes"), cl::cat(Category));
static cl::opt<std::string> ConfidenceOption(
    "confidence",
    cl::desc("Which confidence tiers to report: 'default' (the tiers measured\n"
             "at 80% precision or better on labelled real code), 'all', or\n"
             "the lowest tier to show: 'high', 'medium', 'low'"),
    cl::value_desc("tiers"), cl::cat(Category));
static cl::opt<unsigned> Jobs("j",
                              cl::desc("Files analysed in parallel (default: the number of cores; capped at one per GiB of free memory)"),
                              cl::init(0), cl::value_desc("N"), cl::Prefix,
                              cl::cat(Category));
static cl::opt<std::string> Shard(
    "shard",
    cl::desc("Analyse only shard K of N (1-based), e.g. --shard=2/4; merge\n"
             "the shards' reports with 'kernel-tidy merge'"),
    cl::value_desc("K/N"), cl::cat(Category));
// LLVM's own library registers a boolean "--color"; kernel-tidy's takes
// auto|always|never like clang's and grep's, so it is taken off argv before
// the LLVM parser sees it.
enum class ColorMode { Auto, Always, Never };

static bool takeColorOption(std::vector<const char *> &Args, ColorMode &Mode,
                            std::string &Error) {
  for (auto It = Args.begin() + 1; It != Args.end();) {
    StringRef A(*It);
    if (A.consume_front("--color=") || A.consume_front("-color=")) {
      if (A == "auto") Mode = ColorMode::Auto;
      else if (A == "always") Mode = ColorMode::Always;
      else if (A == "never") Mode = ColorMode::Never;
      else {
        Error = "invalid value '" + A.str() + "' for --color (expected auto, always or never)";
        return false;
      }
      It = Args.erase(It);
      continue;
    }
    if (A == "--color" || A == "-color") {
      Mode = ColorMode::Always;
      It = Args.erase(It);
      continue;
    }
    ++It;
  }
  return true;
}

static void printVersion(raw_ostream &OS) {
  OS << "kernel-tidy " << kernelTidyVersion() << " (LLVM " << LLVM_VERSION_STRING
     << ")\n";
}

static int listChecks() {
  clang::tidy::CachedGlobList Enabled(effectiveCheckGlob(Checks));
  outs() << "Enabled checks:\n";
  for (const CheckInfo &C : checkCatalog()) {
    if (!Enabled.contains(C.Id))
      continue;
    outs() << "    " << C.Id;
    if (!C.ClangImplemented && !C.TritonImplemented)
      outs() << " (not yet implemented)";
    else if (!C.ClangImplemented)
      outs() << " (Triton only; C++ not yet implemented)";
    else if (!C.TritonImplemented)
      outs() << " (C++ only; Triton not yet implemented)";
    outs() << "\n";
  }
  outs() << "\n";
  return 0;
}

/// Where the checks' documentation lives (SARIF informationUri and each
/// rule's helpUri).
static const char *const HomePage = "https://github.com/kernel-tidy/kernel-tidy";

static SarifOptions sarifOptions(int ExitCode) {
  SarifOptions O;
  O.ToolVersion = kernelTidyVersion();
  O.InformationUri = HomePage;
  O.Root = SarifRoot;
  O.ExitCode = ExitCode;
  for (const CheckInfo &C : checkCatalog()) {
    SarifRule R;
    R.Id = C.Id.str();
    R.ShortDescription = C.Summary.str();
    R.FullDescription = C.Summary.str() + " (hazard " + C.Hazard.str() +
                        "; see the help page for the flagged and fixed "
                        "forms, fix-its and options)";
    R.HelpUri = std::string(HomePage) + "/blob/main/docs/checks/" + C.Id.str() + ".md";
    O.Rules.push_back(std::move(R));
  }
  return O;
}

/// "2097152", "512K", "2M", "1G" (binary multiples); "0": no limit.
static bool parseByteSize(StringRef S, uint64_t &Bytes) {
  uint64_t Scale = 1;
  if (S.consume_back("K") || S.consume_back("k"))
    Scale = uint64_t(1) << 10;
  else if (S.consume_back("M") || S.consume_back("m"))
    Scale = uint64_t(1) << 20;
  else if (S.consume_back("G") || S.consume_back("g"))
    Scale = uint64_t(1) << 30;
  uint64_t N;
  if (S.empty() || S.getAsInteger(10, N) || N > UINT64_MAX / Scale)
    return false;
  Bytes = N * Scale;
  return true;
}

static bool parseShard(StringRef S, unsigned &K, unsigned &N) {
  auto [KS, NS] = S.split('/');
  return !KS.getAsInteger(10, K) && !NS.getAsInteger(10, N) && N > 0 &&
         K >= 1 && K <= N;
}

static bool openOutput(StringRef Path, std::unique_ptr<raw_fd_ostream> &File) {
  std::error_code EC;
  File = std::make_unique<raw_fd_ostream>(Path, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "kernel-tidy: error: cannot write '" << Path << "': " << EC.message()
           << "\n";
    return false;
  }
  return true;
}

/// kernel-tidy merge [-o FILE] REPORT...: shards' JSON or SARIF as one.
static int mergeMain(ArrayRef<const char *> Args) {
  std::string Output;
  std::vector<std::string> Inputs;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A(Args[I]);
    if ((A == "-o" || A == "--output" || A == "-output") && I + 1 < Args.size())
      Output = Args[++I];
    else if (A.consume_front("--output=") || A.consume_front("-output="))
      Output = A.str();
    else if (A == "--help" || A == "-help" || A == "-h") {
      outs() << "USAGE: kernel-tidy merge [-o FILE] REPORT...\n\n"
                "Merges the JSON or SARIF reports of 'kernel-tidy --shard=K/N' "
                "runs into one report\nof the same format. Exit code: 0 no "
                "findings, 1 findings, 2 error.\n";
      return 0;
    } else if (A.starts_with("-")) {
      errs() << "kernel-tidy merge: error: unknown option '" << A << "'\n";
      return 2;
    } else
      Inputs.push_back(A.str());
  }
  std::string Text, Error;
  raw_string_ostream OS(Text);
  bool Findings = false;
  if (!mergeReports(Inputs, OS, Findings, Error)) {
    errs() << "kernel-tidy merge: error: " << Error << "\n";
    return 2;
  }
  if (Output.empty()) {
    outs() << Text;
  } else {
    std::unique_ptr<raw_fd_ostream> File;
    if (!openOutput(Output, File))
      return 2;
    *File << Text;
  }
  return Findings ? 1 : 0;
}

/// "[12/40] 3 findings, 5.1s" on stderr, rewritten in place.
class ProgressLine {
public:
  explicit ProgressLine(bool Enabled)
      : Enabled(Enabled), Start(std::chrono::steady_clock::now()) {}
  void update(unsigned Done, unsigned Total, unsigned Findings) {
    if (!Enabled || Total < MinFiles)
      return;
    double Seconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - Start)
                         .count();
    errs() << format("\r[%u/%u] %u finding%s, %.1fs", Done, Total, Findings,
                     Findings == 1 ? "" : "s", Seconds);
    errs().flush();
    Shown = true;
  }
  /// Clears the line, so that the report starts on a clean one.
  void finish() {
    if (Shown)
      errs() << "\r\x1b[K";
    Shown = false;
  }
  ~ProgressLine() { finish(); }
  static constexpr unsigned MinFiles = 5;

private:
  bool Enabled;
  bool Shown = false;
  std::chrono::steady_clock::time_point Start;
};

static int kernelTidyMain(int argc, const char **argv);

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  int ExitCode = kernelTidyMain(argc, argv);
  if (crashWasRecovered()) {
    // LLVM's shutdown would walk what the crashed analysis left behind.
    outs().flush();
    errs().flush();
    fflush(nullptr);
    _exit(ExitCode);
  }
  return ExitCode;
}

static int kernelTidyMain(int argc, const char **argv) {
  if (argc > 1 && StringRef(argv[1]) == "merge")
    return mergeMain(ArrayRef<const char *>(argv + 2, argv + argc));
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  std::vector<const char *> Args(argv, argv + argc);
  ColorMode Color = ColorMode::Auto;
  std::string ColorError;
  if (!takeColorOption(Args, Color, ColorError)) {
    errs() << "kernel-tidy: error: " << ColorError << "\n";
    return 2;
  }
  if (!cl::ParseCommandLineOptions(
          Args.size(), Args.data(),
          "kernel-tidy: finds GPU-kernel bugs that only large inputs show\n\n"
          "  kernel-tidy [options] <file or directory>...\n"
          "  kernel-tidy merge [-o FILE] REPORT...   (merge --shard reports)\n\n"
          "Exit code: 0 no findings, 1 findings, 2 usage or config error, or\n"
          "nothing analysed.\n",
          &errs()))
    return 2;
  if (ListChecks)
    return listChecks();
  if (FixNotes && !Fix) {
    errs() << "kernel-tidy: error: --fix-notes needs --fix\n";
    return 2;
  }
  if (!ConfigFilePath.empty() && NoConfig) {
    errs() << "kernel-tidy: error: --config-file and --no-config contradict\n";
    return 2;
  }

  DriverOptions Options;
  Options.Paths.assign(Paths.begin(), Paths.end());
  Options.Checks = Checks;
  Options.BuildPath = BuildPath;
  Options.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  Options.ExtraArgsBefore.assign(ExtraArgsBefore.begin(), ExtraArgsBefore.end());
  Options.Argv0 = sys::fs::getMainExecutable(argv[0], (void *)&printVersion);
  Options.Verbose = Verbose;
  Options.UseConfigFiles = !NoConfig;
  Options.ConfigFile = ConfigFilePath;
  Options.Jobs = Jobs;
  if (!ConfidenceOption.empty() && !ConfidenceFilter::parse(ConfidenceOption)) {
    errs() << "kernel-tidy: error: --confidence takes one of "
           << kerneltidy::ConfidenceValues << ", not '" << ConfidenceOption
           << "'\n";
    return 2;
  }
  Options.Confidence = ConfidenceOption;
  if (!MaxFileSize.empty() &&
      !parseByteSize(MaxFileSize, Options.MaxFileSize)) {
    errs() << "kernel-tidy: error: --max-file-size takes a byte count such as "
              "2097152, 512K or 2M, not '"
           << MaxFileSize << "'\n";
    return 2;
  }
  if (!Shard.empty() &&
      !parseShard(Shard, Options.ShardIndex, Options.ShardCount)) {
    errs() << "kernel-tidy: error: --shard takes K/N with 1 <= K <= N, not '"
           << Shard << "'\n";
    return 2;
  }

  if (DumpConfig) {
    std::vector<ConfigError> Errors;
    std::string Dump = dumpEffectiveConfig(
        Options, Paths.empty() ? StringRef(".") : StringRef(Paths.front()),
        Errors);
    for (const ConfigError &E : Errors)
      errs() << E.str() << "\n";
    if (!Errors.empty())
      return 2;
    outs() << Dump;
    return 0;
  }
  if (Paths.empty()) {
    errs() << "kernel-tidy: error: no input files (try --help)\n";
    return 2;
  }
  if (ListKernels) {
    AnalysisResult Listed = listKernelsOf(Options, outs(), errs());
    outs().flush();
    for (const kerneltidy::FileError &E : Listed.Errors)
      errs() << E.File << ": error: " << E.Message << "\n";
    return Listed.Errors.empty() ? 0 : 2;
  }

  std::set<std::string> BaselineFingerprints;
  if (!Baseline.empty()) {
    std::string Error;
    if (!readBaseline(Baseline, BaselineFingerprints, Error)) {
      errs() << "kernel-tidy: error: --baseline: " << Error << "\n";
      return 2;
    }
  }

  ProgressLine Progress(!Quiet && sys::Process::StandardErrIsDisplayed());
  Options.Progress = [&](unsigned Done, unsigned Total, unsigned Findings) {
    Progress.update(Done, Total, Findings);
  };
  RunStats Stats;
  AnalysisResult Result = runKernelTidy(Options, errs(), &Stats);
  Progress.finish();

  if (Stats.ConfigError) {
    for (const kerneltidy::FileError &E : Result.Errors)
      errs() << E.File << ": error: " << E.Message << "\n";
    return 2;
  }
  unsigned Baselined = 0;
  if (!Baseline.empty())
    Baselined = removeBaselined(Result, BaselineFingerprints, SarifRoot);

  // Nothing analysed is a usage error, unless the config excluded every
  // input or the shard is empty: a hook or CI shard with nothing to do.
  bool NothingToDo = Result.FilesAnalysed == 0 && Result.Errors.empty() &&
                     (Stats.FilesExcluded || Stats.FilesInOtherShards);
  int ExitCode = Result.FilesAnalysed == 0 && !NothingToDo ? 2
                 : Result.Findings.empty()                 ? 0
                                                           : 1;

  if (!WriteBaseline.empty()) {
    std::string Text;
    raw_string_ostream OS(Text);
    writeJson(Result, OS, SarifRoot);
    std::unique_ptr<raw_fd_ostream> File;
    if (!openOutput(WriteBaseline, File))
      return 2;
    *File << Text;
    if (!Quiet)
      errs() << "kernel-tidy: wrote " << Result.Findings.size()
             << " finding(s) to baseline '" << WriteBaseline << "'\n";
    return ExitCode == 2 ? 2 : 0;
  }

  std::unique_ptr<raw_fd_ostream> File;
  raw_ostream *OS = &outs();
  if (!OutputFile.empty()) {
    if (!openOutput(OutputFile, File))
      return 2;
    OS = File.get();
  }
  switch (OutputFormat) {
  case Format::Text: {
    bool UseColor = Color == ColorMode::Always ||
                    (Color == ColorMode::Auto && !File &&
                     sys::Process::StandardOutIsDisplayed());
    // On stdout, the findings only: files that could not be analysed go to
    // stderr, below, as clang-tidy's "Error while processing" does.
    std::vector<kerneltidy::FileError> Errors;
    if (!File)
      Errors.swap(Result.Errors);
    writeText(Result, *OS, UseColor);
    if (!File)
      Errors.swap(Result.Errors);
    break;
  }
  case Format::Json:
    writeJson(Result, *OS, SarifRoot);
    break;
  case Format::Sarif:
    writeSarif(Result, sarifOptions(ExitCode), *OS);
    break;
  case Format::Github:
    writeGithub(Result, *OS);
    break;
  }
  // Errors reach stderr as one line each, so scripts and logs see them;
  // machine-readable formats and report files also carry them.
  OS->flush();
  for (const kerneltidy::FileError &E : Result.Errors)
    errs() << E.File << ": error: " << E.Message << "\n";
  // Findings of a file parsed with errors come from a partial AST: say how
  // many files that is, once (--verbose names each file's first error).
  unsigned Partial = 0;
  for (const kerneltidy::FileStatus &S : Result.Files)
    Partial += S.Status == kerneltidy::ParseStatus::Partial;
  if (!Quiet && Partial)
    errs() << "kernel-tidy: " << Partial << " of " << Result.Files.size()
           << " file(s) parsed with errors; the checks ran on what was "
              "recovered (run with --verbose to see the first error of each)\n";
  if (!Quiet && Result.FindingsHidden)
    errs() << "kernel-tidy: " << Result.FindingsHidden
           << " finding(s) of lower-confidence tiers not shown (measured "
              "below 80% precision); --confidence=all shows them\n";
  if (!Quiet && Baselined)
    errs() << "kernel-tidy: " << Baselined
           << " finding(s) already in the baseline were not reported\n";
  if (!Quiet && NothingToDo)
    errs() << "kernel-tidy: nothing to analyse ("
           << Stats.FilesExcluded << " file(s) excluded by config, "
           << Stats.FilesInOtherShards << " in other shards)\n";

  if (!ExportFixes.empty()) {
    std::unique_ptr<raw_fd_ostream> FixFile;
    if (!openOutput(ExportFixes, FixFile))
      return 2;
    writeExportFixes(Result, Paths.size() == 1 ? StringRef(Paths.front()) : "",
                     *FixFile);
  }
  if (Fix) {
    bool Failed = false;
    for (const FileFixOutcome &O : applyFixes(selectFixes(Result, FixNotes))) {
      if (!O.Error.empty()) {
        errs() << O.File << ": error: fixes not applied: " << O.Error << "\n";
        Failed = true;
      } else if (!Quiet) {
        errs() << O.File << ": applied " << O.EditsApplied << " fix edit(s)\n";
      }
    }
    if (Failed && ExitCode == 0)
      ExitCode = 1;
  }
  return ExitCode;
}
