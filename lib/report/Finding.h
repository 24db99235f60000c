//===- Finding.h - what every front end reports -----------------*- C++ -*-===//
//
// The one result model shared by the Clang front end (converted from
// clang-tidy's diagnostics), the Triton front end and every reporter. Lines
// and columns are 1-based; columns count bytes, as clang's do.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_REPORT_FINDING_H
#define KERNEL_TIDY_LIB_REPORT_FINDING_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace kerneltidy {

struct SourcePosition {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned Offset = 0; // byte offset in the file, for fixes and fingerprints
};

/// One edit of a fix: replace Length bytes at Offset of File with Text.
struct Replacement {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
};

struct Note {
  SourcePosition Pos;
  std::string Message;
  std::vector<Replacement> Fixes; // behaviour-changing fixes live on notes
};

struct Finding {
  std::string Check;              // e.g. "kernel-int32-offset"
  SourcePosition Pos;
  std::string Severity = "warning";
  std::string Message;            // clang style: lowercase, no final period
  std::vector<Note> Notes;
  std::vector<Replacement> Fixes; // meaning-preserving fixes only
  /// The tier: "high", "medium" or "low" (lib/model/Confidence.h).
  std::string Confidence;
};

/// A file that could not be analysed (or only partly): one line naming it.
struct FileError {
  std::string File;
  std::string Message;
};

/// How far the front end got with one input file.
enum class ParseStatus : uint8_t {
  Ok,      // parsed without errors
  Partial, // parsed with errors: the checks ran on what was recovered
  Error,   // not analysed (unreadable, not text, crashed)
};

llvm::StringRef parseStatusName(ParseStatus S);

/// One input file's parse status: the JSON report's "files", the SARIF
/// run's tool-execution notifications, the text summary line.
struct FileStatus {
  std::string File;
  std::string Language; // "cuda", "hip", "sycl", "c++", "triton", "unknown"
  unsigned ParseErrors = 0;
  std::string FirstError; // the first compiler or syntax error, one line
  ParseStatus Status = ParseStatus::Ok;
  /// Names of missing headers declared as stand-ins for the parse the
  /// checks ran on (C++ in no-build mode; 0: none were needed or used).
  unsigned StandIns = 0;
  /// A header analysed in the context of the input source that includes it
  /// (no parse of its own): that source; the status is that parse's.
  std::string AnalysedThrough;
};

struct AnalysisResult {
  std::vector<Finding> Findings;
  std::vector<FileError> Errors;
  /// Every input file the analysis was asked to read, with its status.
  std::vector<FileStatus> Files;
  unsigned FilesAnalysed = 0;
  /// Findings left out because their tier is not shown (--confidence).
  unsigned FindingsHidden = 0;
};

inline bool findingLess(const Finding &A, const Finding &B) {
  return std::tie(A.Pos.File, A.Pos.Line, A.Pos.Column, A.Check, A.Message) <
         std::tie(B.Pos.File, B.Pos.Line, B.Pos.Column, B.Check, B.Message);
}

} // namespace kerneltidy

#endif
