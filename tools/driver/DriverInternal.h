//===- DriverInternal.h - the driver's pieces, for its own files -*- C++ -*-===//
//
// The driver is one flow in five files: InputFiles.cpp (discovery: which
// files, read how), Engine.cpp (the run: a job per file, on -j threads),
// Isolation.cpp (a crash or stderr noise of one file stays with it),
// Driver.cpp (one C++ file through clang-tidy's engine, the only file with
// LLVM-version conditionals), Results.cpp (tiers, cross-file findings, the
// final order). Not for use outside tools/driver.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_TOOLS_DRIVER_DRIVERINTERNAL_H
#define KERNEL_TIDY_TOOLS_DRIVER_DRIVERINTERNAL_H

#include "tools/driver/Driver.h"
#include "lib/model/Confidence.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <string>
#include <map>
#include <vector>

namespace kerneltidy::driver {

/// One file to analyse and the configuration that applies to it.
struct Job {
  std::string File;
  EffectiveConfig Config;
  /// Input headers analysed through this source (headersInContext): their
  /// findings are reported from this file's parse, not from one of their
  /// own.
  std::vector<std::string> ContextHeaders;
};

// --- InputFiles.cpp --------------------------------------------------------

/// Reads one input; null, with one error line naming why, when it is not
/// something to analyse (unreadable, too large, a device or FIFO that would
/// never end, binary content).
std::unique_ptr<llvm::MemoryBuffer> readInput(const std::string &File,
                                              uint64_t MaxFileSize,
                                              std::vector<FileError> &Errors);

/// File made absolute, '.' and '..' removed.
std::string absolutePath(llvm::StringRef File);

// --- Isolation.cpp ---------------------------------------------------------

/// Runs one file's analysis in a crash-recovery context, so that a crash of
/// a front end (a Clang bug, '#pragma clang __debug crash') costs that file
/// only. Locks and the stderr redirection are taken outside Analyse: a
/// recovered crash unwinds nothing. False, with the error, after a crash.
bool runIsolated(const std::string &File, llvm::function_ref<void()> Analyse,
                 std::vector<FileError> &Errors);

/// runIsolated with clang-tidy's stderr lines ("N errors generated", "Error
/// while processing") silenced when Quiet: parse errors of half-visible
/// files are expected in no-build mode, and the driver reports them itself,
/// one line per file. The redirection is taken outside the isolated part.
bool runIsolatedQuietly(const std::string &File, bool Quiet,
                        llvm::function_ref<void()> Analyse,
                        std::vector<FileError> &Errors);

// --- Driver.cpp ------------------------------------------------------------

struct CxxParseSummary {
  unsigned CompilerErrors = 0; ///< of the parse whose findings are reported
  std::string FirstCompilerError;
  /// Names declared as stand-ins for that parse (UnknownNames.h); 0 when
  /// the first parse was kept.
  unsigned UnknownNamesDeclared = 0;
  /// The parse loaded the precompiled shim (ShimPchCache, Driver.cpp).
  bool PrecompiledShim = false;
  /// No-build mode: that parse was a recovery round in C++20, the first
  /// parse's errors having asked for it (UnknownNames.h, asksForCxx20).
  bool ParsedAsCxx20 = false;
  /// Of those errors, the ones located in each of J.ContextHeaders (keyed
  /// as the job names the header): count and first message.
  std::map<std::string, std::pair<unsigned, std::string>> ContextHeaderErrors;
};

/// The isolated part of a C++ file's analysis: Clang and the checks enabled
/// by CheckGlob, with J's header filter and check options. CommandLine names
/// J.File as the user spelt it; findings do too.
void analyseCxxFile(const Job &J, const std::string &CheckGlob,
                    std::vector<std::string> CommandLine,
                    const std::string &Directory, AnalysisResult &Result,
                    CxxParseSummary &Summary);

// --- Results.cpp -----------------------------------------------------------

/// Every finding gets its tier (a C++ check says it in its last note, the
/// Triton rules set it; none said: low), and those of tiers not shown are
/// counted and left out.
void applyConfidence(const ConfidenceFilter &Filter, AnalysisResult &R);

/// Moves Part's findings and errors to the end of Result's and adds its
/// counts.
void mergeInto(AnalysisResult &Result, AnalysisResult &Part);

/// Findings that only a view of the whole run can make (a forward kernel
/// in one file, its backward in another), named as the user named the
/// files.
void appendCrossFileFindings(const std::vector<Job> &Jobs,
                             AnalysisResult &Result);

/// The final order: sorted by position, check and message; a header
/// (HeaderFilterRegex) included by several files is reported by each of
/// them, and kept once.
void sortAndDeduplicate(std::vector<Finding> &Findings);

/// How many files to analyse at once: \p Requested, capped so that each
/// job has \p PerJobBytes of the \p AvailableBytes the machine has free
/// (at least one job; no cap when \p AvailableBytes is 0, unknown). A job's
/// peak is a parse of one translation unit (docs/benchmarks.md: at most
/// 0.3 GB on the largest files measured); the budget leaves room for the
/// worst file, so -j never multiplies memory past what the machine has.
unsigned memoryCappedJobs(unsigned Requested, uint64_t AvailableBytes,
                          uint64_t PerJobBytes);

/// No-build mode: the include folders a project's own build would pass,
/// guessed from the tree (issue 25): every `include/` folder beside the
/// file's folder or one of its parents, nearest first, up to the folder
/// holding `.git` (at most 8 levels; never /usr/include).
std::vector<std::string> guessedIncludeDirs(llvm::StringRef File);

/// No-build mode: the parents of the file's folder, nearest first, for
/// quoted includes only (-iquote: a project's "common.h" never hides a
/// system <common.h>): ggml's src/ggml-cuda/common.cuh includes
/// "ggml-common.h" from src/. Up to the folder holding `.git`, at most 8
/// levels, never the root or a folder right below it.
std::vector<std::string> parentFoldersForQuotedIncludes(llvm::StringRef File);

/// No-build mode: the folders that make the project's own headers, named
/// by the file's includes with a folder in them ('<ATen/native/xpu/sycl/
/// Loops.h>', '"ggml-cuda/common.cuh"'), resolve where the project's build
/// would resolve them: for each such name that neither the file's folder nor
/// \p Known resolves, a header of the project whose path ends with the name
/// gives the folder above it (the nearest to the file when several do;
/// among equally near ones, the one fewest folders deep). Quoted names with
/// no folder ('"quantization.h"') are looked up too, but give a folder only
/// when that choice is not a tie.
/// The headers found are read for their own includes, two levels deep. The
/// project is the tree of the folder holding `.git` above the file (at most
/// 8 levels); without one, nothing is guessed. The project's headers are
/// indexed once per run (at most 200,000 files; `.git` and build folders
/// skipped).
std::vector<std::string>
includeRootsOfProjectHeaders(llvm::StringRef File,
                             llvm::ArrayRef<std::string> Known);

/// Headers in context (issue 25, as clang-tidy's header filter): every input
/// header that an input source includes (directly, or through other input
/// headers; resolved against the includer's folder, or the one input header
/// whose path ends with the included name) is analysed through the first
/// such source, not alone, where a header's own parse lacks what its
/// includer declares before it. Removes those headers from \p Files and
/// returns, per source, the headers it carries.
std::map<std::string, std::vector<std::string>>
headersInContext(std::vector<std::string> &Files);

/// MemAvailable of /proc/meminfo in bytes; 0 where there is none.
uint64_t availableMemoryBytes();

} // namespace kerneltidy::driver

#endif
