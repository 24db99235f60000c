//===- Reporters.cpp ------------------------------------------------------===//
#include "lib/report/Reporters.h"
#include "lib/report/Fingerprint.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#ifndef KT_VERSION
#define KT_VERSION "0.1.0"
#endif

namespace kerneltidy {

const char *kernelTidyVersion() { return KT_VERSION; }

namespace {

void writeOne(llvm::raw_ostream &OS, SourceCache &Sources, bool Color,
              const SourcePosition &Pos, llvm::StringRef Level,
              llvm::StringRef Message, llvm::StringRef Check) {
  if (Color)
    OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << Pos.File << ":" << Pos.Line << ":" << Pos.Column << ": ";
  if (Color)
    OS.changeColor(Level == "note" ? llvm::raw_ostream::BLACK
                                   : llvm::raw_ostream::MAGENTA,
                   true);
  OS << Level << ": ";
  if (Color)
    OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
  OS << Message;
  if (!Check.empty())
    OS << " [" << Check << "]";
  if (Color)
    OS.resetColor();
  OS << "\n";
  llvm::StringRef Line = Sources.line(Pos.File, Pos.Line);
  if (Line.empty())
    return;
  OS << Line << "\n";
  // The caret sits under the byte column; tabs keep their width.
  for (unsigned I = 1; I < Pos.Column && I <= Line.size(); ++I)
    OS << (Line[I - 1] == '\t' ? '\t' : ' ');
  if (Color)
    OS.changeColor(llvm::raw_ostream::GREEN, true);
  OS << "^";
  if (Color)
    OS.resetColor();
  OS << "\n";
}

llvm::json::Array fixesJson(const std::vector<Replacement> &Fixes) {
  llvm::json::Array A;
  for (const Replacement &R : Fixes)
    A.push_back(llvm::json::Object{{"file", R.File},
                                   {"offset", R.Offset},
                                   {"length", R.Length},
                                   {"replacement", R.Text}});
  return A;
}

} // namespace

llvm::StringRef parseStatusName(ParseStatus S) {
  switch (S) {
  case ParseStatus::Ok:
    return "ok";
  case ParseStatus::Partial:
    return "partial";
  case ParseStatus::Error:
    break;
  }
  return "error";
}

void writeText(const AnalysisResult &Result, llvm::raw_ostream &OS,
               bool Color) {
  SourceCache Sources;
  for (const FileError &E : Result.Errors) {
    OS << E.File << ": ";
    if (Color)
      OS.changeColor(llvm::raw_ostream::RED, true);
    OS << "error: ";
    if (Color)
      OS.resetColor();
    OS << E.Message << "\n";
  }
  for (const Finding &F : Result.Findings) {
    writeOne(OS, Sources, Color, F.Pos, F.Severity, F.Message, F.Check);
    for (const Note &N : F.Notes)
      writeOne(OS, Sources, Color, N.Pos, "note", N.Message, "");
  }
}

void writeJson(const AnalysisResult &Result, llvm::raw_ostream &OS,
               llvm::StringRef FingerprintRoot) {
  SourceCache Sources;
  std::vector<std::string> Fingerprints =
      computeFingerprints(Result, FingerprintRoot, Sources);
  llvm::json::Array Findings;
  for (size_t I = 0; I < Result.Findings.size(); ++I) {
    const Finding &F = Result.Findings[I];
    llvm::json::Array Notes;
    for (const Note &N : F.Notes)
      Notes.push_back(llvm::json::Object{{"file", N.Pos.File},
                                         {"line", N.Pos.Line},
                                         {"column", N.Pos.Column},
                                         {"message", N.Message},
                                         {"fixes", fixesJson(N.Fixes)}});
    Findings.push_back(llvm::json::Object{{"check", F.Check},
                                          {"file", F.Pos.File},
                                          {"line", F.Pos.Line},
                                          {"column", F.Pos.Column},
                                          {"severity", F.Severity},
                                          {"message", F.Message},
                                          {"confidence", F.Confidence},
                                          {"notes", std::move(Notes)},
                                          {"fixes", fixesJson(F.Fixes)},
                                          {"fingerprint", Fingerprints[I]}});
  }
  llvm::json::Array Errors;
  for (const FileError &E : Result.Errors)
    Errors.push_back(
        llvm::json::Object{{"file", E.File}, {"message", E.Message}});
  llvm::json::Array Files;
  for (const FileStatus &S : Result.Files) {
    llvm::json::Object O{{"file", S.File},
                         {"language", S.Language},
                         {"parseErrors", S.ParseErrors},
                         {"status", parseStatusName(S.Status)}};
    if (!S.FirstError.empty())
      O["firstError"] = S.FirstError;
    if (S.StandIns)
      O["standIns"] = S.StandIns;
    if (!S.AnalysedThrough.empty())
      O["analysedThrough"] = S.AnalysedThrough;
    Files.push_back(std::move(O));
  }
  llvm::json::Value Root = llvm::json::Object{
      {"version", kernelTidyVersion()},
      {"findings", std::move(Findings)},
      {"errors", std::move(Errors)},
      {"files", std::move(Files)},
      {"filesAnalysed", Result.FilesAnalysed},
      {"findingsHidden", Result.FindingsHidden}};
  OS << llvm::formatv("{0:2}", Root) << "\n";
}

namespace {

/// Workflow commands end at a newline and split properties at ',' and ':'.
std::string githubEscape(llvm::StringRef S, bool Property) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '%': Out += "%25"; break;
    case '\r': Out += "%0D"; break;
    case '\n': Out += "%0A"; break;
    case ':': Out += Property ? "%3A" : ":"; break;
    case ',': Out += Property ? "%2C" : ","; break;
    default: Out.push_back(C);
    }
  }
  return Out;
}

} // namespace

void writeGithub(const AnalysisResult &Result, llvm::raw_ostream &OS) {
  for (const FileError &E : Result.Errors)
    OS << "::error file=" << githubEscape(E.File, true)
       << ",title=kernel-tidy::" << githubEscape(E.Message, false) << "\n";
  for (const Finding &F : Result.Findings) {
    std::string Message = F.Message;
    for (const Note &N : F.Notes)
      Message += "\nnote: " + N.Pos.File + ":" + std::to_string(N.Pos.Line) +
                 ":" + std::to_string(N.Pos.Column) + ": " + N.Message;
    OS << "::" << (F.Severity == "error" ? "error" : "warning")
       << " file=" << githubEscape(F.Pos.File, true) << ",line=" << F.Pos.Line
       << ",col=" << F.Pos.Column << ",title=" << githubEscape(F.Check, true)
       << "::" << githubEscape(Message + " [" + F.Check + "]", false) << "\n";
  }
}

} // namespace kerneltidy
