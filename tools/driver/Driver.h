//===- Driver.h - kernel-tidy's engine, shared by CLI and tests -*- C++ -*-===//
//
// Discovery -> front end (Clang through clang-tidy's engine with only our
// checks, or tree-sitter for Python) -> findings. The CLI is a thin wrapper
// around runKernelTidy(); the fixture harness calls it in-process too.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_TOOLS_DRIVER_DRIVER_H
#define KERNEL_TIDY_TOOLS_DRIVER_DRIVER_H

#include "lib/config/Config.h"
#include "lib/report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kerneltidy {

struct DriverOptions {
  /// Files or directories (directories are walked for analysable files).
  std::vector<std::string> Paths;
  /// clang-tidy glob list applied on top of "-*,kernel-*".
  std::string Checks;
  /// Directory holding compile_commands.json; empty for no-build mode.
  std::string BuildPath;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ExtraArgsBefore;
  /// argv[0] of the running program, to find the shim headers beside it.
  std::string Argv0;
  bool Verbose = false;
  /// The tiers shown (lib/model/Confidence.h: default, all, high, medium,
  /// low); empty: each file's .kernel-tidy.yaml 'Confidence', else default.
  std::string Confidence;

  /// Read .kernel-tidy.yaml files (discovered upward from each file), or
  /// only ConfigFile when it is set. Off: defaults only.
  bool UseConfigFiles = true;
  std::string ConfigFile;
  /// Larger inputs are not analysed (an error each): a generated blob
  /// would take minutes and gigabytes. 0: no limit.
  uint64_t MaxFileSize = DefaultMaxFileSize;
  static constexpr uint64_t DefaultMaxFileSize = 2u << 20;
  /// Files analysed at once; 0: one per hardware thread.
  unsigned Jobs = 1;
  /// Analyse only shard ShardIndex (1-based) of ShardCount; 0/0: all.
  unsigned ShardIndex = 0, ShardCount = 0;
  /// Called after each file (from the thread that analysed it, serialised):
  /// files done, files in total, findings so far.
  std::function<void(unsigned, unsigned, unsigned)> Progress;
};

/// What a run skipped, for the exit code and the summary line.
struct RunStats {
  unsigned FilesExcluded = 0;    // by a config's Exclude
  unsigned FilesInOtherShards = 0;
  bool ConfigError = false;      // a config was invalid: nothing was analysed
};

/// What a config may name: every registered check and every option that the
/// enabled C++ checks store (with its default).
ConfigSchema configSchema();

/// --dump-config for one path: the effective config as YAML.
std::string dumpEffectiveConfig(const DriverOptions &Options,
                                llvm::StringRef Path,
                                std::vector<ConfigError> &Errors);

/// The shard (1-based) of N that File belongs to: a hash of its path as
/// given, so every machine of a CI matrix agrees.
unsigned shardOf(llvm::StringRef File, unsigned ShardCount);

/// The effective clang-tidy glob for a user's --checks value.
std::string effectiveCheckGlob(llvm::StringRef UserChecks);

/// Expands Paths into the sorted list of files to analyse. Paths that do not
/// exist become errors; directories contribute their analysable files.
std::vector<std::string> collectInputFiles(const std::vector<std::string> &Paths,
                                           std::vector<FileError> &Errors);

/// Runs every enabled check over every input. Never aborts on a bad file:
/// it becomes a FileError and the others are still analysed -- also when
/// the front end crashes on it (each file runs in a crash-recovery context). Verbose
/// diagnostics (dropped flags, parse errors per file) go to Log.
AnalysisResult runKernelTidy(const DriverOptions &Options,
                             llvm::raw_ostream &Log,
                             RunStats *Stats = nullptr);

/// Whether a file's analysis crashed and was recovered in this process. The
/// crashed run unwound nothing: objects it registered globally (LLVM's timer
/// groups) may point into its dead stack, so the CLI exits without running
/// LLVM's static destructors after one.
bool crashWasRecovered();

/// --list-kernels: prints, for each input, the kernels kernel-tidy finds
/// (name, kind, position, index parameters, launch sites) and how many
/// compiler errors the parse met; runs no check. Unreadable inputs become
/// errors in the result.
AnalysisResult listKernelsOf(const DriverOptions &Options,
                             llvm::raw_ostream &OS, llvm::raw_ostream &Log);

} // namespace kerneltidy

#endif
