//===- ApplyFixes.cpp -----------------------------------------------------===//
#include "lib/report/ApplyFixes.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include <algorithm>
#include <map>
#include <tuple>

namespace kerneltidy {

std::vector<Replacement> selectFixes(const AnalysisResult &Result,
                                     bool IncludeNotes) {
  std::vector<Replacement> Out;
  for (const Finding &F : Result.Findings) {
    Out.insert(Out.end(), F.Fixes.begin(), F.Fixes.end());
    if (IncludeNotes)
      for (const Note &N : F.Notes)
        Out.insert(Out.end(), N.Fixes.begin(), N.Fixes.end());
  }
  return Out;
}

bool applyEdits(llvm::StringRef Text, std::vector<Replacement> Edits,
                std::string &Out, std::string &Error) {
  auto Key = [](const Replacement &R) {
    return std::tie(R.Offset, R.Length, R.Text);
  };
  std::sort(Edits.begin(), Edits.end(),
            [&](const Replacement &A, const Replacement &B) {
              return Key(A) < Key(B);
            });
  Edits.erase(std::unique(Edits.begin(), Edits.end(),
                          [&](const Replacement &A, const Replacement &B) {
                            return Key(A) == Key(B);
                          }),
              Edits.end());
  for (size_t I = 0; I < Edits.size(); ++I) {
    const Replacement &R = Edits[I];
    if (size_t(R.Offset) + R.Length > Text.size()) {
      Error = "edit at offset " + std::to_string(R.Offset) +
              " lies past the end of the file (was it changed since the "
              "analysis?)";
      return false;
    }
    if (I == 0)
      continue;
    const Replacement &P = Edits[I - 1];
    bool Overlap = R.Offset < P.Offset + P.Length;
    bool AmbiguousInsert = R.Offset == P.Offset && (R.Length == 0 || P.Length == 0);
    if (Overlap || AmbiguousInsert) {
      Error = "overlapping fixes at offsets " + std::to_string(P.Offset) +
              " and " + std::to_string(R.Offset) + "; no fix applied to it";
      return false;
    }
  }
  Out.clear();
  size_t Pos = 0;
  for (const Replacement &R : Edits) {
    Out += Text.slice(Pos, R.Offset);
    Out += R.Text;
    Pos = R.Offset + R.Length;
  }
  Out += Text.drop_front(Pos);
  return true;
}

std::error_code writeFileAtomically(llvm::StringRef Path,
                                    llvm::StringRef Contents,
                                    const RenameFunction &Rename) {
  // Write through a symbolic link to the file it names.
  llvm::SmallString<256> Real;
  if (std::error_code EC = llvm::sys::fs::real_path(Path, Real))
    return EC;
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Real, Status))
    return EC;
  llvm::SmallString<256> Model(Real);
  Model += ".kt-fix-%%%%%%%%";
  llvm::SmallString<256> Temp;
  int FD = -1;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(
          Model, FD, Temp, llvm::sys::fs::OF_None, Status.permissions()))
    return EC;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.flush();
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return EC;
    }
  }
  llvm::sys::fs::setPermissions(Temp, Status.permissions());
  std::error_code EC = Rename ? Rename(Temp, Real)
                              : llvm::sys::fs::rename(Temp, Real);
  if (EC)
    llvm::sys::fs::remove(Temp);
  return EC;
}

static std::string absolutePath(llvm::StringRef File) {
  llvm::SmallString<256> P(File);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::vector<FileFixOutcome> applyFixes(const std::vector<Replacement> &Edits,
                                       const RenameFunction &Rename) {
  std::map<std::string, std::vector<Replacement>> ByFile;
  for (const Replacement &R : Edits)
    ByFile[absolutePath(R.File)].push_back(R);
  std::vector<FileFixOutcome> Out;
  for (auto &[File, FileEdits] : ByFile) {
    FileFixOutcome O;
    O.File = File;
    auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    std::string NewText;
    if (!Buf)
      O.Error = "cannot read: " + Buf.getError().message();
    else if (applyEdits((*Buf)->getBuffer(), FileEdits, NewText, O.Error)) {
      if (std::error_code EC = writeFileAtomically(File, NewText, Rename))
        O.Error = "cannot write: " + EC.message() + "; file left unchanged";
      else
        O.EditsApplied = FileEdits.size();
    }
    Out.push_back(std::move(O));
  }
  return Out;
}

static void addFixes(const std::vector<Replacement> &Fixes,
                     llvm::StringMap<clang::tooling::Replacements> &Out) {
  for (const Replacement &R : Fixes) {
    std::string File = absolutePath(R.File);
    // A conflicting edit within one diagnostic is dropped here; --fix
    // reports it when it meets it.
    llvm::consumeError(Out[File].add(
        clang::tooling::Replacement(File, R.Offset, R.Length, R.Text)));
  }
}

static clang::tooling::DiagnosticMessage message(const std::string &Text,
                                                 const SourcePosition &Pos,
                                                 const std::vector<Replacement> &Fixes) {
  clang::tooling::DiagnosticMessage M;
  M.Message = Text;
  M.FilePath = absolutePath(Pos.File);
  M.FileOffset = Pos.Offset;
  addFixes(Fixes, M.Fix);
  return M;
}

void writeExportFixes(const AnalysisResult &Result,
                      llvm::StringRef MainSourceFile, llvm::raw_ostream &OS) {
  clang::tooling::TranslationUnitDiagnostics TU;
  TU.MainSourceFile = MainSourceFile.empty() ? "" : absolutePath(MainSourceFile);
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  for (const Finding &F : Result.Findings) {
    bool HasFix = !F.Fixes.empty();
    for (const Note &N : F.Notes)
      HasFix |= !N.Fixes.empty();
    if (!HasFix)
      continue;
    llvm::SmallVector<clang::tooling::DiagnosticMessage, 1> Notes;
    for (const Note &N : F.Notes)
      Notes.push_back(message(N.Message, N.Pos, N.Fixes));
    TU.Diagnostics.emplace_back(
        F.Check, message(F.Message, F.Pos, F.Fixes), Notes,
        F.Severity == "error" ? clang::tooling::Diagnostic::Error
                              : clang::tooling::Diagnostic::Warning,
        std::string(Cwd));
  }
  llvm::yaml::Output YAML(OS);
  YAML << TU;
}

} // namespace kerneltidy
