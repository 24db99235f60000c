//===- WorkflowLibTest.cpp - reporters, fixes, config, baselines ----------===//
//
// The workflow pieces of lib/ on findings built by hand, so they are tested
// whatever the checks report today.
//
//===----------------------------------------------------------------------===//
#include "lib/report/ApplyFixes.h"
#include "lib/report/Baseline.h"
#include "lib/config/Config.h"
#include "lib/report/Fingerprint.h"
#include "lib/report/Reporters.h"
#include "lib/report/Sarif.h"
#include "test/unit/CliTestSupport.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "gtest/gtest.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/YAMLTraits.h"

using namespace kerneltidy;
using namespace kerneltidy::test;

namespace {

const char *Kernel = "__global__ void k(float *out, const float *in, int n) {\n"
                     "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                     "  out[i * n] = in[i * n];\n"
                     "}\n";

/// A finding at line Line, column Col of File with a note and fixes.
Finding finding(const std::string &File, unsigned Line, unsigned Col,
                unsigned Offset) {
  Finding F;
  F.Check = "kernel-int32-offset";
  F.Pos = {File, Line, Col, Offset};
  F.Message = "offset 'i * n' can wrap";
  Note N;
  N.Pos = {File, 2, 3, 0};
  N.Message = "'i' is computed here";
  N.Fixes = {{File, Offset, 1, "(int64_t)i"}};
  F.Notes.push_back(N);
  return F;
}

TEST(Fingerprint, SurvivesLineShiftsButNotEdits) {
  TempDir D;
  std::string File = D.path("k.cu");
  writeText(File, Kernel);
  AnalysisResult R;
  R.Findings = {finding(File, 3, 7, 0)};
  SourceCache S1;
  std::string Before = computeFingerprints(R, D.path(), S1)[0];

  // Two lines added above and the indentation changed: same fingerprint.
  writeText(File, std::string("// header\n\n") + Kernel);
  std::string Shifted = Kernel;
  R.Findings[0].Pos.Line = 5;
  SourceCache S2;
  EXPECT_EQ(Before, computeFingerprints(R, D.path(), S2)[0]);

  // The offending line itself changed: a new finding.
  std::string Edited = Kernel;
  Edited.replace(Edited.find("i * n] = in"), 5, "i * m");
  writeText(File, Edited);
  R.Findings[0].Pos.Line = 3;
  SourceCache S3;
  EXPECT_NE(Before, computeFingerprints(R, D.path(), S3)[0]);
}

TEST(Fingerprint, TwoFindingsOnIdenticalLinesDiffer) {
  TempDir D;
  std::string File = D.path("k.cu");
  writeText(File, "x = a[i * n];\nx = a[i * n];\n");
  AnalysisResult R;
  R.Findings = {finding(File, 1, 7, 6), finding(File, 2, 7, 20)};
  SourceCache S;
  auto FPs = computeFingerprints(R, D.path(), S);
  EXPECT_NE(FPs[0], FPs[1]);
  EXPECT_EQ(FPs[0].size(), 32u);
}

TEST(Fingerprint, PathIsRelativeToTheRoot) {
  EXPECT_EQ(pathRelativeTo("/a/b/c.cu", "/a"), "b/c.cu");
  EXPECT_EQ(pathRelativeTo("/a/b/c.cu", "/a/"), "b/c.cu");
  EXPECT_EQ(pathRelativeTo("/ab/c.cu", "/a"), "/ab/c.cu");
}

const llvm::json::Object &obj(const llvm::json::Value *V) {
  static llvm::json::Object Empty;
  return V && V->getAsObject() ? *V->getAsObject() : Empty;
}

TEST(Sarif, OneRunWithRulesResultsNotesFixesAndNotifications) {
  TempDir D;
  std::string File = D.path("src/k.cu");
  writeText(File, Kernel);
  AnalysisResult R;
  Finding F = finding(File, 3, 7, 60);
  F.Fixes = {{File, 60, 1, "j"}};
  R.Findings = {F};
  R.Errors = {{File, "cannot parse"}};
  SarifOptions O;
  O.ToolVersion = "1.2.3";
  O.InformationUri = "https://example.org/kt";
  O.Root = D.path();
  O.ExitCode = 1;
  O.Rules = {{"kernel-int32-offset", "short", "full", "https://example.org/r", "warning"}};
  llvm::json::Value Log = sarifLog(R, O);
  const llvm::json::Object &Root = *Log.getAsObject();
  EXPECT_EQ(Root.getString("version"), "2.1.0");
  const llvm::json::Array &Runs = *Root.getArray("runs");
  ASSERT_EQ(Runs.size(), 1u);
  const llvm::json::Object &Run = *Runs[0].getAsObject();
  const llvm::json::Object &Driver = obj(obj(Run.get("tool")).get("driver"));
  EXPECT_EQ(Driver.getString("name"), "kernel-tidy");
  EXPECT_EQ(Driver.getString("version"), "1.2.3");
  EXPECT_EQ(Driver.getArray("rules")->size(), 1u);
  const llvm::json::Object &Res = *(*Run.getArray("results"))[0].getAsObject();
  EXPECT_EQ(Res.getString("ruleId"), "kernel-int32-offset");
  EXPECT_EQ(Res.getInteger("ruleIndex"), 0);
  EXPECT_EQ(Res.getString("level"), "warning");
  const llvm::json::Object &Phys =
      obj(obj(&(*Res.getArray("locations"))[0]).get("physicalLocation"));
  EXPECT_EQ(obj(Phys.get("artifactLocation")).getString("uri"), "src/k.cu");
  // Characters a URI may not hold are percent-encoded.
  AnalysisResult Odd;
  writeText(D.path("a b/é.cu"), Kernel);
  Odd.Findings = {finding(D.path("a b/é.cu"), 1, 1, 0)};
  llvm::json::Value OddLog = sarifLog(Odd, O);
  const llvm::json::Object &OddRun =
      *(*OddLog.getAsObject()->getArray("runs"))[0].getAsObject();
  const llvm::json::Object &OddRes = *(*OddRun.getArray("results"))[0].getAsObject();
  EXPECT_EQ(obj(obj(obj(&(*OddRes.getArray("locations"))[0]).get("physicalLocation"))
                    .get("artifactLocation"))
                .getString("uri"),
            "a%20b/%C3%A9.cu");
  EXPECT_EQ(obj(Phys.get("artifactLocation")).getString("uriBaseId"), "%SRCROOT%");
  const llvm::json::Object &Region = obj(Phys.get("region"));
  EXPECT_EQ(Region.getInteger("startLine"), 3);
  EXPECT_EQ(Region.getInteger("startColumn"), 7);
  EXPECT_EQ(Region.getInteger("endColumn"), 8); // the token 'i'
  EXPECT_EQ(Res.getArray("relatedLocations")->size(), 1u);
  EXPECT_EQ(Res.getArray("fixes")->size(), 2u); // the warning's and the note's
  EXPECT_TRUE(obj(Res.get("partialFingerprints")).getString(FingerprintKey));
  const llvm::json::Object &Inv = *(*Run.getArray("invocations"))[0].getAsObject();
  EXPECT_EQ(Inv.getInteger("exitCode"), 1);
  EXPECT_EQ(Inv.getArray("toolExecutionNotifications")->size(), 1u);
}

TEST(Github, AnnotationsEscapeNewlinesAndPropertySeparators) {
  AnalysisResult R;
  Finding F = finding("dir,x/k:1.cu", 3, 7, 0);
  F.Message = "100% wraps\nhere";
  R.Findings = {F};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeGithub(R, OS);
  EXPECT_EQ(Out.substr(0, Out.find("::", 2) + 2),
            "::warning file=dir%2Cx/k%3A1.cu,line=3,col=7,"
            "title=kernel-int32-offset::");
  EXPECT_NE(Out.find("100%25 wraps%0Ahere%0Anote: dir,x/k:1.cu:2:3: 'i' is "
                     "computed here [kernel-int32-offset]\n"),
            std::string::npos)
      << Out;
  EXPECT_EQ(llvm::StringRef(Out).count('\n'), 1u);
}

TEST(Json, CarriesTheFingerprint) {
  TempDir D;
  std::string File = D.path("k.cu");
  writeText(File, Kernel);
  AnalysisResult R;
  R.Findings = {finding(File, 3, 7, 0)};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeJson(R, OS, D.path());
  auto V = llvm::json::parse(Out);
  ASSERT_TRUE(bool(V));
  SourceCache S;
  EXPECT_EQ((*V->getAsObject()->getArray("findings"))[0]
                .getAsObject()
                ->getString("fingerprint"),
            computeFingerprints(R, D.path(), S)[0]);
}

TEST(Baseline, ReadsJsonAndSarifAndDropsKnownFindings) {
  TempDir D;
  std::string File = D.path("k.cu");
  writeText(File, Kernel);
  AnalysisResult Old;
  Old.Findings = {finding(File, 3, 7, 0)};
  std::string Json, Sarif;
  llvm::raw_string_ostream J(Json), S(Sarif);
  writeJson(Old, J, D.path());
  SarifOptions O;
  O.Root = D.path();
  writeSarif(Old, O, S);
  writeText(D.path("base.json"), Json);
  writeText(D.path("base.sarif"), Sarif);
  for (const char *Name : {"base.json", "base.sarif"}) {
    std::set<std::string> FPs;
    std::string Error;
    ASSERT_TRUE(readBaseline(D.path(Name), FPs, Error)) << Error;
    EXPECT_EQ(FPs.size(), 1u);
    AnalysisResult Now;
    Now.Findings = {finding(File, 3, 7, 0), finding(File, 2, 3, 0)};
    EXPECT_EQ(removeBaselined(Now, FPs, D.path()), 1u);
    ASSERT_EQ(Now.Findings.size(), 1u);
    EXPECT_EQ(Now.Findings[0].Pos.Line, 2u);
  }
  writeText(D.path("bad.json"), "{\"findings\":[{\"check\":\"x\"}]}");
  std::set<std::string> FPs;
  std::string Error;
  EXPECT_FALSE(readBaseline(D.path("bad.json"), FPs, Error));
  EXPECT_NE(Error.find("fingerprint"), std::string::npos);
}

TEST(Merge, JsonShardsBecomeOneSortedReport) {
  TempDir D;
  writeText(D.path("a.json"),
            R"({"version":"1","findings":[{"file":"b.cu","line":2,"column":1,"check":"c","message":"m"}],"errors":[],"filesAnalysed":1})");
  writeText(D.path("b.json"),
            R"({"version":"1","findings":[{"file":"a.cu","line":9,"column":1,"check":"c","message":"m"}],"errors":[{"file":"z","message":"e"}],"filesAnalysed":2})");
  std::string Out, Error;
  llvm::raw_string_ostream OS(Out);
  bool Findings = false;
  ASSERT_TRUE(mergeReports({D.path("a.json"), D.path("b.json")}, OS, Findings, Error)) << Error;
  EXPECT_TRUE(Findings);
  auto V = llvm::json::parse(Out);
  ASSERT_TRUE(bool(V));
  const llvm::json::Object &Root = *V->getAsObject();
  EXPECT_EQ(Root.getInteger("filesAnalysed"), 3);
  EXPECT_EQ(Root.getArray("errors")->size(), 1u);
  EXPECT_EQ((*Root.getArray("findings"))[0].getAsObject()->getString("file"), "a.cu");
  // Mixed formats are refused.
  writeText(D.path("c.sarif"), R"({"version":"2.1.0","runs":[]})");
  EXPECT_FALSE(mergeReports({D.path("a.json"), D.path("c.sarif")}, OS, Findings, Error));
}

TEST(Merge, SarifShardsFoldIntoOneRunAndInvocation) {
  TempDir D;
  std::string File = D.path("k.cu");
  writeText(File, Kernel);
  SarifOptions O;
  O.Root = D.path();
  for (int I = 0; I < 2; ++I) {
    AnalysisResult R;
    R.Findings = {finding(File, 3 - I, 7, 0)};
    R.Errors = {{"x" + std::to_string(I), "bad"}};
    O.ExitCode = I;
    std::string S;
    llvm::raw_string_ostream OS(S);
    writeSarif(R, O, OS);
    writeText(D.path("s" + std::to_string(I) + ".sarif"), S);
  }
  std::string Out, Error;
  llvm::raw_string_ostream OS(Out);
  bool Findings = false;
  ASSERT_TRUE(mergeReports({D.path("s0.sarif"), D.path("s1.sarif")}, OS, Findings, Error));
  auto V = llvm::json::parse(Out);
  ASSERT_TRUE(bool(V));
  const llvm::json::Array &Runs = *V->getAsObject()->getArray("runs");
  ASSERT_EQ(Runs.size(), 1u);
  const llvm::json::Object &Run = *Runs[0].getAsObject();
  EXPECT_EQ(Run.getArray("results")->size(), 2u);
  ASSERT_EQ(Run.getArray("invocations")->size(), 1u);
  const llvm::json::Object &Inv = *(*Run.getArray("invocations"))[0].getAsObject();
  EXPECT_EQ(Inv.getInteger("exitCode"), 1);
  EXPECT_EQ(Inv.getArray("toolExecutionNotifications")->size(), 2u);
}

TEST(ApplyEdits, AppliesSortedEditsAndDropsDuplicates) {
  std::string Out, Error;
  std::vector<Replacement> E = {{"f", 4, 1, "X"}, {"f", 0, 1, "A"}, {"f", 4, 1, "X"}};
  ASSERT_TRUE(applyEdits("abcdef", E, Out, Error)) << Error;
  EXPECT_EQ(Out, "AbcdXf");
}

TEST(ApplyEdits, RefusesOverlapsAndAmbiguousInsertions) {
  std::string Out = "untouched", Error;
  EXPECT_FALSE(applyEdits("abcdef", {{"f", 1, 3, "X"}, {"f", 2, 1, "Y"}}, Out, Error));
  EXPECT_NE(Error.find("overlapping"), std::string::npos);
  EXPECT_EQ(Out, "untouched");
  EXPECT_FALSE(applyEdits("abcdef", {{"f", 2, 0, "X"}, {"f", 2, 0, "Y"}}, Out, Error));
  EXPECT_FALSE(applyEdits("abc", {{"f", 2, 5, "X"}}, Out, Error));
  // Touching edits are fine.
  EXPECT_TRUE(applyEdits("abcdef", {{"f", 0, 2, "X"}, {"f", 2, 2, "Y"}}, Out, Error));
  EXPECT_EQ(Out, "XYef");
}

TEST(ApplyFixes, FailedRenameLeavesTheOriginalIntactAndNoTempFile) {
  TempDir D;
  std::string File = D.path("k.cu");
  writeText(File, Kernel);
  std::vector<Replacement> E = {{File, 0, 10, "__device__"}};
  unsigned Calls = 0;
  auto FailingRename = [&](const llvm::Twine &From, const llvm::Twine &To) {
    ++Calls;
    // The complete new text is written before the rename is attempted.
    EXPECT_EQ(readText(From.str()).substr(0, 10), "__device__");
    return std::make_error_code(std::errc::io_error);
  };
  auto Outcomes = applyFixes(E, FailingRename);
  EXPECT_EQ(Calls, 1u);
  ASSERT_EQ(Outcomes.size(), 1u);
  EXPECT_EQ(Outcomes[0].EditsApplied, 0u);
  EXPECT_NE(Outcomes[0].Error.find("left unchanged"), std::string::npos);
  EXPECT_EQ(readText(File), Kernel);
  EXPECT_EQ(filesUnder(D.path(), "").size(), 1u) << "temporary file left behind";

  Outcomes = applyFixes(E);
  EXPECT_EQ(Outcomes[0].EditsApplied, 1u) << Outcomes[0].Error;
  EXPECT_EQ(readText(File).substr(0, 10), "__device__");
}

TEST(ApplyFixes, ReadOnlyDirectoryLeavesTheOriginalIntact) {
  if (getuid() == 0)
    GTEST_SKIP() << "running as root: directory permissions are not enforced";
  TempDir D;
  std::string File = D.path("ro/k.cu");
  writeText(File, Kernel);
  llvm::sys::fs::setPermissions(D.path("ro"), llvm::sys::fs::perms(0555));
  auto Outcomes = applyFixes({{File, 0, 10, "__device__"}});
  EXPECT_FALSE(Outcomes[0].Error.empty());
  EXPECT_EQ(readText(File), Kernel);
}

TEST(ApplyFixes, KeepsPermissionsAndWritesThroughSymlinks) {
  TempDir D;
  std::string File = D.path("k.cu");
  writeText(File, Kernel);
  llvm::sys::fs::setPermissions(File, llvm::sys::fs::perms(0640));
  ASSERT_FALSE(llvm::sys::fs::create_link(File, D.path("link.cu")));
  auto Outcomes = applyFixes({{D.path("link.cu"), 0, 10, "__device__"}});
  ASSERT_TRUE(Outcomes[0].Error.empty()) << Outcomes[0].Error;
  EXPECT_EQ(readText(File).substr(0, 10), "__device__");
  llvm::sys::fs::file_status St;
  llvm::sys::fs::status(File, St);
  EXPECT_EQ(St.permissions(), llvm::sys::fs::perms(0640));
  EXPECT_TRUE(llvm::sys::fs::is_symlink_file(D.path("link.cu")));
}

TEST(ExportFixes, ClangApplyReplacementsYamlRoundTrips) {
  AnalysisResult R;
  Finding F = finding("/src/k.cu", 3, 7, 60);
  F.Fixes = {{"/src/k.cu", 60, 1, "j"}};
  R.Findings = {F};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeExportFixes(R, "/src/k.cu", OS);
  clang::tooling::TranslationUnitDiagnostics TU;
  llvm::yaml::Input In(Out);
  In >> TU;
  ASSERT_FALSE(In.error()) << Out;
  EXPECT_EQ(TU.MainSourceFile, "/src/k.cu");
  ASSERT_EQ(TU.Diagnostics.size(), 1u);
  EXPECT_EQ(TU.Diagnostics[0].DiagnosticName, "kernel-int32-offset");
  EXPECT_EQ(TU.Diagnostics[0].Message.Fix.lookup("/src/k.cu").size(), 1u);
  ASSERT_EQ(TU.Diagnostics[0].Notes.size(), 1u);
  EXPECT_EQ(TU.Diagnostics[0].Notes[0].Fix.lookup("/src/k.cu").begin()->getReplacementText(),
            "(int64_t)i");
}

TEST(SelectFixes, NotesOnlyWithFixNotes) {
  AnalysisResult R;
  Finding F = finding("k.cu", 3, 7, 0);
  F.Fixes = {{"k.cu", 0, 1, "j"}};
  R.Findings = {F};
  EXPECT_EQ(selectFixes(R, false).size(), 1u);
  EXPECT_EQ(selectFixes(R, true).size(), 2u);
}

ConfigSchema schema() {
  ConfigSchema S;
  S.Checks = {"kernel-int32-offset", "kernel-narrow-accumulation"};
  S.OptionDefaults = {{"kernel-int32-offset.MinElements", "2147483648"},
                      {"kernel-int32-offset.IgnoreHost", "false"},
                      {"kernel-int32-offset.IndexTypes", "int;unsigned"}};
  return S;
}

std::vector<ConfigError> parseErrors(llvm::StringRef Text) {
  std::vector<ConfigError> Errors;
  parseConfigFile("/p/.kernel-tidy.yaml", Text, schema(), Errors);
  return Errors;
}

TEST(Config, ReadsEveryKey) {
  std::vector<ConfigError> Errors;
  auto C = parseConfigFile("/p/.kernel-tidy.yaml",
                           "Checks: '-*,kernel-int32-offset'\n"
                           "CheckOptions:\n"
                           "  kernel-int32-offset.MinElements: 1024\n"
                           "  kernel-int32-offset.IgnoreHost: true\n"
                           "Exclude: ['third_party/*', '*.gen.cu']\n"
                           "HeaderFilterRegex: 'include/.*'\n",
                           schema(), Errors);
  ASSERT_TRUE(C.has_value());
  EXPECT_TRUE(Errors.empty());
  EXPECT_EQ(*C->Checks, "-*,kernel-int32-offset");
  EXPECT_EQ(C->CheckOptions["kernel-int32-offset.MinElements"], "1024");
  EXPECT_EQ(C->Exclude.size(), 2u);
  EXPECT_EQ(*C->HeaderFilterRegex, "include/.*");
  // clang-tidy's key/value list form too.
  C = parseConfigFile("/p/.kernel-tidy.yaml",
                      "CheckOptions:\n  - key: kernel-int32-offset.IgnoreHost\n"
                      "    value: 'false'\n",
                      schema(), Errors);
  ASSERT_TRUE(C.has_value());
  EXPECT_EQ(C->CheckOptions["kernel-int32-offset.IgnoreHost"], "false");
}

TEST(Config, UnknownKeyHasPositionAndSuggestion) {
  auto E = parseErrors("Checks: 'kernel-*'\nChecksOptions: {}\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].str(), "/p/.kernel-tidy.yaml:2:1: error: unknown key "
                        "'ChecksOptions'; did you mean 'CheckOptions'?");
}

TEST(Config, UnknownCheckPointsAtTheGlob) {
  auto E = parseErrors("Checks: '-*,kernel-int32-ofset'\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Line, 1u);
  EXPECT_EQ(E[0].Column, 13u);
  EXPECT_NE(E[0].Message.find("did you mean 'kernel-int32-offset'"), std::string::npos)
      << E[0].Message;
  E = parseErrors("Checks: 'kernal-*'\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_NE(E[0].Message.find("matches no kernel-tidy check"), std::string::npos);
  EXPECT_TRUE(parseErrors("Checks: '-*,kernel-narrow-*'\n").empty());
}

TEST(Config, UnknownOptionAndWrongTypes) {
  auto E = parseErrors("CheckOptions:\n  kernel-int32-offset.MinElement: 4\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Line, 2u);
  EXPECT_EQ(E[0].Column, 3u);
  EXPECT_NE(E[0].Message.find("did you mean 'MinElements'"), std::string::npos);
  E = parseErrors("CheckOptions:\n  kernel-narrow-accumulation.X: 4\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_NE(E[0].Message.find("has no options"), std::string::npos);
  E = parseErrors("CheckOptions:\n  kernel-int32-offst.MinElements: 4\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_NE(E[0].Message.find("did you mean 'kernel-int32-offset'"), std::string::npos);
  E = parseErrors("CheckOptions:\n  kernel-int32-offset.MinElements: lots\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Column, 36u);
  EXPECT_NE(E[0].Message.find("is an integer"), std::string::npos);
  E = parseErrors("CheckOptions:\n  kernel-int32-offset.IgnoreHost: yes please\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_NE(E[0].Message.find("true or false"), std::string::npos);
  E = parseErrors("Checks: [a, b]\nExclude: {a: 1}\n");
  EXPECT_EQ(E.size(), 2u);
  E = parseErrors("Checks: 'kernel-*'\nChecks: '-*'\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_NE(E[0].Message.find("duplicate"), std::string::npos);
  E = parseErrors("Checks: [unclosed\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_GT(E[0].Line, 0u);
}

TEST(Config, DiscoveredUpwardNearestWinsUnlessInheriting) {
  TempDir D;
  writeText(D.path(".kernel-tidy.yaml"),
            "Checks: '-*,kernel-int32-offset'\nExclude: 'gen/*'\n"
            "CheckOptions: {kernel-int32-offset.MinElements: 7}\n");
  writeText(D.path("a/b/.kernel-tidy.yaml"),
            "InheritParentConfig: true\nChecks: 'kernel-narrow-accumulation'\n");
  writeText(D.path("c/.kernel-tidy.yaml"), "Checks: 'kernel-narrow-*'\n");
  ConfigResolver R(schema());
  EffectiveConfig Top = R.configFor(D.path("x.cu"));
  EXPECT_EQ(Top.Checks, "-*,kernel-int32-offset");
  EffectiveConfig Deep = R.configFor(D.path("a/b/k.cu"));
  EXPECT_EQ(Deep.Checks, "-*,kernel-int32-offset,kernel-narrow-accumulation");
  EXPECT_EQ(Deep.CheckOptions["kernel-int32-offset.MinElements"], "7");
  EXPECT_EQ(R.configFor(D.path("a/k.cu")).Checks, "-*,kernel-int32-offset");
  EffectiveConfig Other = R.configFor(D.path("c/k.cu"));
  EXPECT_EQ(Other.Checks, "kernel-narrow-*");
  EXPECT_TRUE(Other.CheckOptions.empty());
  EXPECT_TRUE(Top.excludes(D.path("gen/k.cu")));
  EXPECT_FALSE(Top.excludes(D.path("k.cu")));
  EXPECT_TRUE(R.errors().empty());
  std::string Dump = R.dump(Deep, {"kernel-int32-offset"});
  EXPECT_NE(Dump.find("kernel-int32-offset.MinElements: '7'"), std::string::npos) << Dump;
  EXPECT_NE(Dump.find("kernel-int32-offset.IgnoreHost: 'false'"), std::string::npos) << Dump;
}

TEST(Config, DidYouMeanOnlyForCloseWords) {
  EXPECT_EQ(didYouMean("Chekcs", {"Checks", "Exclude"}), "Checks");
  EXPECT_EQ(didYouMean("Frobnicate", {"Checks", "Exclude"}), "");
}

} // namespace
