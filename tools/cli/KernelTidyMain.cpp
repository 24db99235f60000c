//===- KernelTidyMain.cpp - the kernel-tidy command line ------------------===//
//
// Thin wiring: parse options, run the driver, print a report, pick the exit
// code (0 no findings, 1 findings, 2 usage error or nothing analysed).
//
//===----------------------------------------------------------------------===//
#include "checks/CheckCatalog.h"
#include "lib/Reporters.h"
#include "tools/driver/Driver.h"
#include "clang-tidy/GlobList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

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
enum class Format { Text, Json };
static cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"), cl::init(Format::Text),
    cl::values(clEnumValN(Format::Text, "text", "clang-style diagnostics"),
               clEnumValN(Format::Json, "json", "the JSON contract")),
    cl::cat(Category));
static cl::opt<std::string> OutputFile("output", cl::desc("Write the report to this file"),
                                       cl::value_desc("file"), cl::cat(Category));
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

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
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
          "  kernel-tidy [options] <file or directory>...\n",
          &errs()))
    return 2;
  if (ListChecks)
    return listChecks();
  if (Paths.empty()) {
    errs() << "kernel-tidy: error: no input files (try --help)\n";
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
  AnalysisResult Result = runKernelTidy(Options, errs());

  std::unique_ptr<raw_fd_ostream> File;
  raw_ostream *OS = &outs();
  if (!OutputFile.empty()) {
    std::error_code EC;
    File = std::make_unique<raw_fd_ostream>(OutputFile, EC, sys::fs::OF_Text);
    if (EC) {
      errs() << "kernel-tidy: error: cannot write '" << OutputFile
             << "': " << EC.message() << "\n";
      return 2;
    }
    OS = File.get();
  }
  switch (OutputFormat) {
  case Format::Text: {
    bool UseColor = Color == ColorMode::Always ||
                    (Color == ColorMode::Auto && !File &&
                     sys::Process::StandardOutIsDisplayed());
    writeText(Result, *OS, UseColor);
    break;
  }
  case Format::Json:
    writeJson(Result, *OS);
    // Errors also reach stderr as one line each, so scripts see them.
    for (const kerneltidy::FileError &E : Result.Errors)
      errs() << E.File << ": error: " << E.Message << "\n";
    break;
  }
  if (Result.FilesAnalysed == 0)
    return 2;
  return Result.Findings.empty() ? 0 : 1;
}
