//===- ApplyFixes.h - --fix and --export-fixes ------------------*- C++ -*-===//
//
// --export-fixes writes the YAML that clang-apply-replacements reads (the
// same document clang-tidy --export-fixes writes). --fix edits files in
// place, atomically: the new text goes to a temporary file beside the
// original, which is then renamed over it, so a failure at any point leaves
// the original as it was. Overlapping edits in one file are refused, and
// that file is left untouched.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_REPORT_APPLYFIXES_H
#define KERNEL_TIDY_LIB_REPORT_APPLYFIXES_H

#include "lib/report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <string>
#include <system_error>
#include <vector>

namespace kerneltidy {

/// The fixes --fix applies: each warning's own (meaning-preserving) fixes,
/// plus its notes' (behaviour-changing) fixes when IncludeNotes is set, as
/// clang-tidy's --fix-notes does.
std::vector<Replacement> selectFixes(const AnalysisResult &Result,
                                     bool IncludeNotes);

/// Applies Edits (all to one text) to Text. Identical duplicates count once;
/// overlapping edits, or two different insertions at one offset, are an
/// error (returned, Text untouched in Out). Edits must lie inside Text.
bool applyEdits(llvm::StringRef Text, std::vector<Replacement> Edits,
                std::string &Out, std::string &Error);

using RenameFunction =
    std::function<std::error_code(const llvm::Twine &From, const llvm::Twine &To)>;

/// Writes Contents to Path through a temporary file in Path's directory and
/// Rename (default: rename(2)). On any failure the temporary file is removed
/// and Path keeps its old contents. Permissions of Path are kept.
std::error_code writeFileAtomically(llvm::StringRef Path,
                                    llvm::StringRef Contents,
                                    const RenameFunction &Rename = nullptr);

struct FileFixOutcome {
  std::string File;
  unsigned EditsApplied = 0; // 0 with an Error: the file was left untouched
  std::string Error;
};

/// Groups Edits by file and applies each file's edits atomically. Files come
/// back sorted by name.
std::vector<FileFixOutcome> applyFixes(const std::vector<Replacement> &Edits,
                                       const RenameFunction &Rename = nullptr);

/// clang-apply-replacements' YAML (clang::tooling::TranslationUnitDiagnostics)
/// for every finding with a fix on it or its notes. Paths are absolute.
void writeExportFixes(const AnalysisResult &Result,
                      llvm::StringRef MainSourceFile, llvm::raw_ostream &OS);

} // namespace kerneltidy

#endif
