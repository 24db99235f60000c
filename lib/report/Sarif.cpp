//===- Sarif.cpp ----------------------------------------------------------===//
#include "lib/report/Sarif.h"
#include "lib/report/Fingerprint.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <map>

namespace kerneltidy {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

constexpr const char *RootBaseId = "%SRCROOT%";

/// Percent-encodes what a URI reference may not hold literally.
std::string uriEscape(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/!$&'()*+,;=:@").contains(C))
      Out.push_back(C);
    else {
      Out.push_back('%');
      Out.push_back(llvm::hexdigit(C >> 4));
      Out.push_back(llvm::hexdigit(C & 15));
    }
  }
  return Out;
}

std::string fileUri(llvm::StringRef AbsolutePath) {
  return "file://" + uriEscape(llvm::sys::path::convert_to_slash(AbsolutePath));
}

/// SARIF columns here count Unicode code points (run.columnKind); Finding
/// columns count bytes, as clang's do.
unsigned codePointColumn(llvm::StringRef Line, unsigned ByteColumn) {
  unsigned Col = 1;
  for (unsigned I = 0; I + 1 < ByteColumn && I < Line.size(); ++I)
    if ((static_cast<unsigned char>(Line[I]) & 0xC0) != 0x80)
      ++Col;
  if (ByteColumn > Line.size() + 1)
    Col += ByteColumn - Line.size() - 1;
  return Col;
}

/// The token under the caret: an identifier or number, else one character.
/// Findings carry a position, not a range, so the region ends there.
unsigned tokenEndByteColumn(llvm::StringRef Line, unsigned ByteColumn) {
  unsigned I = ByteColumn - 1;
  if (I >= Line.size())
    return ByteColumn + 1;
  auto IsWord = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  if (!IsWord(Line[I]))
    return ByteColumn + 1;
  while (I < Line.size() && IsWord(Line[I]))
    ++I;
  return I + 1;
}

class Builder {
public:
  Builder(const SarifOptions &Options) : Options(Options) {
    llvm::SmallString<256> R(Options.Root);
    if (R.empty())
      llvm::sys::fs::current_path(R);
    llvm::sys::fs::make_absolute(R);
    llvm::sys::path::remove_dots(R, true);
    Root = std::string(R);
  }

  Object artifactLocation(llvm::StringRef File) {
    std::string Rel = pathRelativeTo(File, Root);
    if (llvm::sys::path::is_absolute(Rel))
      return Object{{"uri", fileUri(Rel)}};
    return Object{{"uri", uriEscape(Rel)}, {"uriBaseId", RootBaseId}};
  }

  Object region(const SourcePosition &Pos) {
    llvm::StringRef Line = Sources.line(Pos.File, Pos.Line);
    unsigned Start = std::max(1u, Pos.Column);
    return Object{
        {"startLine", std::max(1u, Pos.Line)},
        {"startColumn", codePointColumn(Line, Start)},
        {"endLine", std::max(1u, Pos.Line)},
        {"endColumn", codePointColumn(Line, tokenEndByteColumn(Line, Start))}};
  }

  Object location(const SourcePosition &Pos, llvm::StringRef Message = "") {
    Object L{{"physicalLocation",
              Object{{"artifactLocation", artifactLocation(Pos.File)},
                     {"region", region(Pos)}}}};
    if (!Message.empty())
      L["message"] = Object{{"text", Message}};
    return L;
  }

  Value fix(llvm::StringRef Description,
            const std::vector<Replacement> &Fixes) {
    std::map<std::string, Array> ByFile;
    for (const Replacement &R : Fixes)
      ByFile[R.File].push_back(Object{
          {"deletedRegion",
           Object{{"byteOffset", R.Offset}, {"byteLength", R.Length}}},
          {"insertedContent", Object{{"text", R.Text}}}});
    Array Changes;
    for (auto &[File, Replacements] : ByFile)
      Changes.push_back(Object{{"artifactLocation", artifactLocation(File)},
                               {"replacements", std::move(Replacements)}});
    return Object{{"description", Object{{"text", Description}}},
                  {"artifactChanges", std::move(Changes)}};
  }

  Value build(const AnalysisResult &Result) {
    std::map<std::string, size_t> RuleIndex;
    Array Rules;
    for (const SarifRule &R : Options.Rules) {
      RuleIndex[R.Id] = Rules.size();
      Rules.push_back(Object{
          {"id", R.Id},
          {"name", R.Id},
          {"shortDescription", Object{{"text", R.ShortDescription}}},
          {"fullDescription", Object{{"text", R.FullDescription}}},
          {"helpUri", R.HelpUri},
          {"defaultConfiguration", Object{{"level", R.DefaultLevel}}},
          {"properties", Object{{"tags", Array{"correctness", "gpu"}}}}});
    }
    std::vector<std::string> Fingerprints =
        computeFingerprints(Result, Root, Sources);
    Array Results;
    for (size_t I = 0; I < Result.Findings.size(); ++I) {
      const Finding &F = Result.Findings[I];
      Object R{{"ruleId", F.Check},
               {"level", F.Severity == "error" ? "error" : "warning"},
               {"message", Object{{"text", F.Message}}},
               {"locations", Array{location(F.Pos)}},
               {"partialFingerprints",
                Object{{FingerprintKey, Fingerprints[I]}}}};
      auto It = RuleIndex.find(F.Check);
      if (It != RuleIndex.end())
        R["ruleIndex"] = It->second;
      // SARIF's rank (0-100) orders results for code scanning; the tier
      // itself is a property.
      if (!F.Confidence.empty()) {
        R["rank"] = F.Confidence == "high" ? 90.0 : F.Confidence == "medium" ? 50.0 : 10.0;
        R["properties"] = Object{{"confidence", F.Confidence}};
      }
      Array Related;
      for (size_t N = 0; N < F.Notes.size(); ++N) {
        Object L = location(F.Notes[N].Pos, F.Notes[N].Message);
        L["id"] = N + 1;
        Related.push_back(std::move(L));
      }
      if (!Related.empty())
        R["relatedLocations"] = std::move(Related);
      Array Fixes;
      if (!F.Fixes.empty())
        Fixes.push_back(fix(F.Message, F.Fixes));
      for (const Note &N : F.Notes)
        if (!N.Fixes.empty())
          Fixes.push_back(fix(N.Message, N.Fixes));
      if (!Fixes.empty())
        R["fixes"] = std::move(Fixes);
      Results.push_back(std::move(R));
    }
    Array Notifications;
    for (const FileError &E : Result.Errors) {
      Object N{{"level", "error"},
               {"message", Object{{"text", E.File + ": " + E.Message}}}};
      if (llvm::sys::fs::exists(E.File))
        N["locations"] = Array{Object{
            {"physicalLocation",
             Object{{"artifactLocation", artifactLocation(E.File)}}}}};
      Notifications.push_back(std::move(N));
    }
    // A file parsed with errors was analysed on a partial AST: code scanning
    // shows it as a warning of the run, not as a result.
    for (const FileStatus &S : Result.Files) {
      if (S.Status != ParseStatus::Partial)
        continue;
      std::string Text = S.File + ": " + std::to_string(S.ParseErrors) +
                         " error(s) while parsing" +
                         (S.AnalysedThrough.empty()
                              ? std::string()
                              : " " + S.AnalysedThrough +
                                    ", which it was analysed through") +
                         "; checks ran on the partial AST";
      if (!S.FirstError.empty())
        Text += " (first: " + S.FirstError + ")";
      Object N{{"level", "warning"}, {"message", Object{{"text", Text}}}};
      if (llvm::sys::fs::exists(S.File))
        N["locations"] = Array{Object{
            {"physicalLocation",
             Object{{"artifactLocation", artifactLocation(S.File)}}}}};
      Notifications.push_back(std::move(N));
    }
    Object Invocation{{"executionSuccessful", Options.ExitCode != 2},
                      {"exitCode", Options.ExitCode}};
    if (!Notifications.empty())
      Invocation["toolExecutionNotifications"] = std::move(Notifications);
    std::string RootUri = fileUri(Root);
    if (!llvm::StringRef(RootUri).ends_with("/"))
      RootUri += "/";
    Object Driver{{"name", "kernel-tidy"},
                  {"version", Options.ToolVersion},
                  {"semanticVersion", Options.ToolVersion},
                  {"rules", std::move(Rules)}};
    if (!Options.InformationUri.empty())
      Driver["informationUri"] = Options.InformationUri;
    Object Run{{"tool", Object{{"driver", std::move(Driver)}}},
               {"originalUriBaseIds",
                Object{{RootBaseId, Object{{"uri", RootUri}}}}},
               {"columnKind", "unicodeCodePoints"},
               {"results", std::move(Results)},
               {"invocations", Array{std::move(Invocation)}}};
    return Object{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                  {"version", "2.1.0"},
                  {"runs", Array{std::move(Run)}}};
  }

private:
  const SarifOptions &Options;
  std::string Root;
  SourceCache Sources;
};

} // namespace

llvm::json::Value sarifLog(const AnalysisResult &Result,
                           const SarifOptions &Options) {
  return Builder(Options).build(Result);
}

void writeSarif(const AnalysisResult &Result, const SarifOptions &Options,
                llvm::raw_ostream &OS) {
  OS << llvm::formatv("{0:2}", sarifLog(Result, Options)) << "\n";
}

} // namespace kerneltidy
