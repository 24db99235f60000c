//===- Reporters.cpp ------------------------------------------------------===//
#include "lib/Reporters.h"
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

class SourceCache {
public:
  llvm::StringRef line(const std::string &File, unsigned Line) {
    auto It = Files.find(File);
    if (It == Files.end()) {
      auto Buf = llvm::MemoryBuffer::getFile(File, false, false);
      It = Files.try_emplace(File, Buf ? std::move(*Buf) : nullptr).first;
    }
    if (!It->second || Line == 0)
      return {};
    llvm::StringRef Text = It->second->getBuffer();
    for (unsigned L = 1; L < Line; ++L) {
      size_t NL = Text.find('\n');
      if (NL == llvm::StringRef::npos)
        return {};
      Text = Text.drop_front(NL + 1);
    }
    return Text.take_until([](char C) { return C == '\n'; }).rtrim('\r');
  }

private:
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> Files;
};

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

void writeJson(const AnalysisResult &Result, llvm::raw_ostream &OS) {
  llvm::json::Array Findings;
  for (const Finding &F : Result.Findings) {
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
                                          {"notes", std::move(Notes)},
                                          {"fixes", fixesJson(F.Fixes)}});
  }
  llvm::json::Array Errors;
  for (const FileError &E : Result.Errors)
    Errors.push_back(
        llvm::json::Object{{"file", E.File}, {"message", E.Message}});
  llvm::json::Value Root = llvm::json::Object{
      {"version", kernelTidyVersion()},
      {"findings", std::move(Findings)},
      {"errors", std::move(Errors)},
      {"filesAnalysed", Result.FilesAnalysed}};
  OS << llvm::formatv("{0:2}", Root) << "\n";
}

} // namespace kerneltidy
