//===- WorkflowCliTest.cpp - kernel-tidy as CI and pre-commit run it ------===//
//
// End-to-end runs of the built kernel-tidy: SARIF against the 2.1.0 schema,
// baselines, --fix against the golden .fixit. twins, config errors, exit
// codes, -j/--shard/merge determinism, and the pre-commit hook. Tests that
// need a tool this machine lacks (the schema validator, pre-commit) or a
// finding no check reports yet skip and say why.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/CompileCommands.h"
#include "lib/report/Sarif.h"
#include "test/FixtureHarness.h"
#include "test/unit/CliTestSupport.h"
#include "tools/driver/DriverInternal.h"
#include "gtest/gtest.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

using namespace kerneltidy;
using namespace kerneltidy::test;

namespace {

std::string fixturesDir() { return KT_FIXTURES_DIR; }

/// A mixed sample of the suite (C++ and Python), small enough to analyse
/// five times.
std::vector<std::string> sampleDirs() {
  return {fixturesDir() + "/sycl", fixturesDir() + "/triton/kernel-narrow-accumulation"};
}

std::vector<std::string> withSample(std::vector<std::string> Args) {
  for (const std::string &D : sampleDirs())
    Args.push_back(D);
  return Args;
}


llvm::json::Value parseJson(const std::string &Text) {
  auto V = llvm::json::parse(Text);
  if (!V) {
    ADD_FAILURE() << "not JSON: " << llvm::toString(V.takeError()) << "\n"
                  << Text.substr(0, 2000);
    return llvm::json::Object{};
  }
  return std::move(*V);
}

const llvm::json::Array &findingsOf(const llvm::json::Value &V) {
  static const llvm::json::Array Empty;
  const llvm::json::Object *O = V.getAsObject();
  const llvm::json::Array *A = O ? O->getArray("findings") : nullptr;
  return A ? *A : Empty;
}

/// Copies the fixture tree into Dir (so tests may edit it).
void copyFixtures(const TempDir &Dir) {
  for (llvm::StringRef Ext : {".cu", ".cuh", ".cpp", ".hip", ".h", ".py"})
    for (const std::string &F : filesUnder(fixturesDir(), Ext)) {
      llvm::StringRef Rel(F);
      Rel.consume_front(fixturesDir());
      Rel = Rel.ltrim('/');
      writeText(Dir.path(Rel), readText(F));
    }
}

// --- SARIF against the 2.1.0 schema ---------------------------------------

struct Validator {
  std::string Ajv, Schema, Why;
};

Validator sarifValidator() {
  Validator V;
  V.Ajv = sourceRoot() + ".deps/ajv/node_modules/.bin/ajv";
  V.Schema = sourceRoot() + ".deps/sarif-schema/sarif-2.1.0.json";
  if (!llvm::sys::fs::exists(V.Ajv) || !llvm::sys::fs::exists(V.Schema))
    V.Why = "the SARIF schema validator is not installed (tools/bootstrap.sh "
            "puts ajv-cli and the schema from @microsoft/sarif-multitool-linux "
            "into .deps/)";
  else if (!llvm::sys::findProgramByName("node"))
    V.Why = "node is not installed";
  return V;
}

ProgramResult validate(const Validator &V, const std::string &JsonFile) {
  return runProgram({V.Ajv, "validate", "--spec=draft2020", "--strict=false",
                     "-c", "ajv-formats", "-s", V.Schema, "-d", JsonFile},
                    sourceRoot() + ".deps/ajv");
}

TEST(SarifSchema, FixtureSuiteReportValidates) {
  Validator V = sarifValidator();
  if (!V.Why.empty())
    GTEST_SKIP() << V.Why;
  TempDir D;
  // ajv-cli picks its parser by extension: the log is written as .json.
  std::string Out = D.path("fixtures.sarif.json");
  ProgramResult R = runCli({"--format=sarif", "--output=" + Out,
                            "--sarif-root=" + sourceRoot(), fixturesDir()});
  ASSERT_TRUE(R.Exit == 0 || R.Exit == 1) << R.Exit << "\n" << R.Err;
  ProgramResult Check = validate(V, Out);
  EXPECT_EQ(Check.Exit, 0) << Check.Out << Check.Err;
  llvm::json::Value Log = parseJson(readText(Out));
  const llvm::json::Object &Run =
      *(*Log.getAsObject()->getArray("runs"))[0].getAsObject();
  const llvm::json::Array &Rules =
      *Run.getObject("tool")->getObject("driver")->getArray("rules");
  EXPECT_GE(Rules.size(), 4u);
  for (const llvm::json::Value &Rule : Rules)
    EXPECT_TRUE(llvm::sys::fs::exists(
        sourceRoot() + "docs/checks/" +
        Rule.getAsObject()->getString("id")->str() + ".md"))
        << "no doc page behind helpUri of " << Rule.getAsObject()->getString("id")->str();
}

TEST(SarifSchema, EveryFieldKernelTidyWritesValidates) {
  // Notes, fixes on warnings and notes, notifications, files outside the
  // root: whatever the checks report today.
  Validator V = sarifValidator();
  if (!V.Why.empty())
    GTEST_SKIP() << V.Why;
  TempDir D;
  writeText(D.path("src/k é.cu"), "__global__ void k(float *o, int n) {\n"
                                  "  o[threadIdx.x * n] = 0; // é\n}\n");
  AnalysisResult R;
  Finding F;
  F.Check = "kernel-int32-offset";
  F.Pos = {D.path("src/k é.cu"), 2, 5, 40};
  F.Message = "offset can wrap";
  F.Fixes = {{D.path("src/k é.cu"), 40, 11, "(size_t)threadIdx.x"}};
  F.Notes.push_back({{"/elsewhere/h.cuh", 1, 1, 0}, "declared here", {{"/elsewhere/h.cuh", 0, 0, "x"}}});
  R.Findings = {F};
  R.Errors = {{D.path("src/k é.cu"), "parse error"}, {"gone.cu", "cannot open"}};
  SarifOptions O;
  O.ToolVersion = "0.1.0";
  O.InformationUri = "https://example.org";
  O.Root = D.path();
  O.ExitCode = 1;
  O.Rules = {{"kernel-int32-offset", "s", "f", "https://example.org/x.md", "warning"}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeSarif(R, O, OS);
  writeText(D.path("log.json"), Text);
  ProgramResult Check = validate(V, D.path("log.json"));
  EXPECT_EQ(Check.Exit, 0) << Check.Out << Check.Err << Text;

  // The validator can fail: a level outside the enum is rejected.
  std::string Bad = Text;
  Bad.replace(Bad.find("\"level\": \"warning\""), 18, "\"level\": \"loud\"");
  writeText(D.path("bad.json"), Bad);
  EXPECT_NE(validate(V, D.path("bad.json")).Exit, 0);
}

// --- exit codes, formats, config ----------------------------------------

TEST(Cli, ExitCodeTwoForNothingAnalysedOrUsageErrors) {
  EXPECT_EQ(runCli({"/nonexistent/file.cu"}).Exit, 2);
  EXPECT_EQ(runCli({}).Exit, 2);
  EXPECT_EQ(runCli({"--shard=3/2", fixturesDir()}).Exit, 2);
  EXPECT_EQ(runCli({"--fix-notes", fixturesDir()}).Exit, 2);
  EXPECT_EQ(runCli({"--color=sometimes", fixturesDir()}).Exit, 2);
  EXPECT_EQ(runCli({"--confidence=sure", fixturesDir()}).Exit, 2);
}

// Every finding carries its tier; the default profile leaves out the tiers
// lib/model/DefaultProfile.def does not list (a C++ store-mask finding on an
// index the kernel computes: low), says how many, and --confidence=all shows
// them.
TEST(Cli, ConfidenceTiersAreReportedAndTheDefaultHidesUnmeasuredTiers) {
  std::string Seed =
      fixturesDir() + "/cuda/kernel-store-mask-mismatch/known_fp_validity_predicate.cu";
  std::string Only = "--checks=-*,kernel-store-mask-mismatch";
  ProgramResult All = runCli({"--format=json", "--confidence=all", Only, Seed});
  EXPECT_EQ(All.Exit, 1) << All.Err;
  llvm::json::Value AllReport = parseJson(All.Out);
  ASSERT_FALSE(findingsOf(AllReport).empty());
  for (const llvm::json::Value &V : findingsOf(AllReport))
    EXPECT_EQ(V.getAsObject()->getString("confidence"), "low") << All.Out;
  ProgramResult Default = runCli({"--format=json", Only, Seed});
  EXPECT_EQ(Default.Exit, 0) << Default.Err;
  llvm::json::Value DefaultReport = parseJson(Default.Out);
  EXPECT_TRUE(findingsOf(DefaultReport).empty()) << Default.Out;
  EXPECT_EQ(DefaultReport.getAsObject()->getInteger("findingsHidden"),
            static_cast<int64_t>(findingsOf(AllReport).size()));
  EXPECT_NE(Default.Err.find("--confidence=all shows them"), std::string::npos)
      << Default.Err;
  // A tier shown by default keeps its note and its SARIF rank.
  std::string Width =
      fixturesDir() + "/cuda/kernel-int32-offset/numel_truncated_int.cu";
  ProgramResult Sarif = runCli({"--format=sarif", Width});
  EXPECT_EQ(Sarif.Exit, 1) << Sarif.Err;
  EXPECT_NE(Sarif.Out.find("\"confidence\": \"high\""), std::string::npos) << Sarif.Out;
  EXPECT_NE(Sarif.Out.find("\"rank\": 90"), std::string::npos) << Sarif.Out;
}

// Every input gets a parse status (JSON "files", SARIF notifications, one
// summary line on stderr): findings of a partial AST are marked as such.
// Launchers wrap kernels in NVTX ranges and cuBLAS/cuBLASLt GEMMs, and
// quantisation kernels take cuda_fp8.h's types: the shim declares them (typed as the toolkit does: Shim.TypesMatchTheCudaToolkit),
// so such a file parses with no error and its kernel is analysed (issue 25).
// The launch's 'min(out_features, 256)' is CUDA's host min(int, int), which
// Clang's headers declare device-only (it was ambiguous: 10 of 139
// FasterTransformer kernel files).
TEST(Cli, HostLibraryCallsAroundALaunchParseWithTheShim) {
  std::string Dir = fixturesDir() + "/cuda/frontend/";
  ProgramResult Json = runCli({"--format=json", Dir + "host_library_calls.cu",
                               Dir + "host_library_calls.fixed.cu",
                               Dir + "fp8_quantize_rows.cu", Dir + "fp8_quantize_rows.fixed.cu"});
  llvm::json::Value Report = parseJson(Json.Out);
  const llvm::json::Array *Files = Report.getAsObject()->getArray("files");
  ASSERT_TRUE(Files) << Json.Out;
  ASSERT_EQ(Files->size(), 4u) << Json.Out;
  for (const llvm::json::Value &V : *Files) {
    const llvm::json::Object &O = *V.getAsObject();
    EXPECT_EQ(O.getString("status"), "ok") << Json.Out;
    EXPECT_EQ(O.getInteger("parseErrors"), 0) << Json.Out;
  }
  EXPECT_EQ(Json.Err.find("parsed with errors"), std::string::npos) << Json.Err;
}

// A C++20 code base analysed with no compile database (torch-xpu-ops: its
// helpers use concepts, 'requires' and <bit>): the C++17 parse fails on
// them, and the recovery rounds parse the file as C++20.
TEST(Cli, ACxx20CodeBaseIsParsedAsCxx20WithNoBuildFiles) {
  TempDir D;
  writeText(D.path("bits.h"),
            "#include <bit>\n#include <concepts>\n"
            "template <std::integral T> __device__ T round_up(T v) {\n"
            "  return static_cast<T>(std::bit_ceil(static_cast<unsigned>(v)));\n}\n");
  writeText(D.path("kernel.cu"),
            "#include \"bits.h\"\n"
            "__global__ void k(float *x, int rows, int cols) {\n"
            "  x[blockIdx.x * cols + round_up(threadIdx.x)] = 0.f;\n}\n");
  ProgramResult Json = runCli({"--format=json", "--verbose", "--confidence=all",
                               D.path("kernel.cu")});
  llvm::json::Value Report = parseJson(Json.Out);
  const llvm::json::Array *Files = Report.getAsObject()->getArray("files");
  ASSERT_TRUE(Files) << Json.Out;
  ASSERT_EQ(Files->size(), 1u) << Json.Out;
  const llvm::json::Object &O = *(*Files)[0].getAsObject();
  EXPECT_EQ(O.getString("status"), "ok") << Json.Out << Json.Err;
  EXPECT_NE(Json.Err.find("(parsed as C++20)"), std::string::npos) << Json.Err;
  // The kernel's body was analysed: its int row offset is reported.
  const llvm::json::Array *Findings = Report.getAsObject()->getArray("findings");
  ASSERT_TRUE(Findings);
  EXPECT_FALSE(Findings->empty()) << Json.Out;
}

// GCC and nvcc accept a non-constant narrowed in a braced list (a warning);
// Clang rejects it unless told not to. apex's launchers write
// 'int sizes[] = {t.size(0), t.size(1)}': such a file parses with no error.
TEST(Cli, NarrowingInABracedListIsNotAnError) {
  TempDir D;
  writeText(D.path("narrow.cu"),
            "#include <cstddef>\n"
            "__global__ void k(float *x, int rows) { x[threadIdx.x] = rows; }\n"
            "void launch(float *x, std::size_t rows) {\n"
            "  int dims[2] = {rows, rows};\n"
            "  k<<<1, 32>>>(x, dims[0]);\n}\n");
  ProgramResult Json = runCli({"--format=json", D.path("narrow.cu")});
  llvm::json::Value Report = parseJson(Json.Out);
  const llvm::json::Array *Files = Report.getAsObject()->getArray("files");
  ASSERT_TRUE(Files) << Json.Out;
  ASSERT_EQ(Files->size(), 1u) << Json.Out;
  EXPECT_EQ((*Files)[0].getAsObject()->getString("status"), "ok") << Json.Out;
}

TEST(Cli, EachFileCarriesItsParseStatus) {
  TempDir D;
  writeText(D.path("ok.cu"),
            "__global__ void k(float *x, int n) { x[threadIdx.x] = n; }\n");
  writeText(D.path("partial.cu"),
            "__global__ void k(float *x, UnknownType t, int n) {\n"
            "  x[threadIdx.x] = n +;\n}\n");
  // An unknown name alone is declared as a stand-in (UnknownNames.h): the
  // second parse has no error, and the report says how many were declared.
  writeText(D.path("stand_in.cu"),
            "__global__ void k(float *x, UnknownType t, int rows, int cols) {\n"
            "  int i = blockIdx.x * cols;\n  x[i + threadIdx.x] = t;\n}\n");
  writeText(D.path("broken.py"), "import triton\n@triton.jit\ndef k(x, n:\n    pass\n");
  writeText(D.path("binary.cu"), std::string("\0\x01\x02", 3));
  ProgramResult Json = runCli({"--format=json", D.path("ok.cu"),
                               D.path("partial.cu"), D.path("broken.py"),
                               D.path("binary.cu"), D.path("stand_in.cu")});
  llvm::json::Value Report = parseJson(Json.Out);
  const llvm::json::Array *Files = Report.getAsObject()->getArray("files");
  ASSERT_TRUE(Files) << Json.Out;
  std::map<std::string, std::string> StatusOf;
  std::map<std::string, int64_t> StandInsOf;
  for (const llvm::json::Value &V : *Files) {
    const llvm::json::Object &O = *V.getAsObject();
    StatusOf[llvm::sys::path::filename(*O.getString("file")).str()] =
        O.getString("status")->str();
    StandInsOf[llvm::sys::path::filename(*O.getString("file")).str()] =
        O.getInteger("standIns").value_or(0);
    if (O.getString("status") == "partial") {
      EXPECT_GT(*O.getInteger("parseErrors"), 0);
      EXPECT_TRUE(O.getString("firstError")) << Json.Out;
    }
  }
  EXPECT_EQ(StatusOf["ok.cu"], "ok");
  EXPECT_EQ(StatusOf["partial.cu"], "partial");
  EXPECT_EQ(StatusOf["broken.py"], "partial");
  EXPECT_EQ(StatusOf["binary.cu"], "error");
  EXPECT_EQ(StatusOf["stand_in.cu"], "ok");
  EXPECT_EQ(StandInsOf["stand_in.cu"], 1);
  EXPECT_EQ(StandInsOf["ok.cu"], 0);
  bool StandInKernelReported = false;
  for (const llvm::json::Value &F : *Report.getAsObject()->getArray("findings"))
    if (auto File = F.getAsObject()->getString("file"))
      StandInKernelReported |= File->ends_with("stand_in.cu");
  EXPECT_TRUE(StandInKernelReported) << Json.Out;
  EXPECT_NE(Json.Err.find("2 of 5 file(s) parsed with errors"), std::string::npos)
      << Json.Err;
  ProgramResult Sarif = runCli({"--format=sarif", D.path("partial.cu")});
  EXPECT_NE(Sarif.Out.find("error(s) while parsing; checks ran on the partial AST"),
            std::string::npos)
      << Sarif.Out;
  ProgramResult Clean = runCli({D.path("ok.cu")});
  EXPECT_EQ(Clean.Err.find("parsed with errors"), std::string::npos) << Clean.Err;
  // KT_NO_STAND_INS (what the evaluation uses to measure the stand-ins):
  // one parse, the unknown name stays an error.
  ProgramResult Strict = runProgram({"/usr/bin/env", "KT_NO_STAND_INS=1", KT_CLI_PATH,
                                     "--format=json", D.path("stand_in.cu")});
  EXPECT_NE(Strict.Out.find("\"status\": \"partial\""), std::string::npos) << Strict.Out;
  EXPECT_EQ(Strict.Out.find("standIns"), std::string::npos) << Strict.Out;
}

// --list-kernels shows what the front end found in a file it cannot build
// (its headers are missing): the kernel, its index parameters, its launch.
TEST(Cli, ListKernelsShowsKernelsParametersAndLaunchesAndNamesBadFiles) {
  TempDir D;
  writeText(D.path("k.cu"),
            "#include <ATen/cuda/CUDAContext.h>\n"
            "template <typename index_t>\n"
            "__global__ void scale_kernel(float *x, index_t n) {\n"
            "  index_t i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  if (i < n) x[i] *= 2.f;\n"
            "}\n"
            "void launch(float *x, long n) {\n"
            "  scale_kernel<long><<<(n + 255) / 256, 256>>>(x, n);\n"
            "}\n");
  ProgramResult R = runCli({"--list-kernels", D.path("k.cu")});
  EXPECT_EQ(R.Exit, 0) << R.Err;
  EXPECT_NE(R.Out.find("1 kernel"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("kernel 'scale_kernel' (cuda, template) at " +
                       D.path("k.cu") + ":3:17"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("'index_t n'"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("launched at " + D.path("k.cu") + ":8:3 <<<(n + 255) / 256, 256>>>"),
            std::string::npos)
      << R.Out;

  ProgramResult Missing = runCli({"--list-kernels", D.path("k.cu"), D.path("gone.cu")});
  EXPECT_EQ(Missing.Exit, 2);
  EXPECT_NE(Missing.Out.find("scale_kernel"), std::string::npos) << Missing.Out;
  EXPECT_NE(Missing.Err.find(D.path("gone.cu") + ": error:"), std::string::npos)
      << Missing.Err;
}

// --list-kernels says, per kernel, how many parameters kept their type and
// how much of the body holds an error: the measure of issue 25's "kernels
// keep their parameters and bodies". Without stand-ins the unknown types
// poison two parameters and two statements; with them (the default) the
// kernel is intact.
TEST(Cli, ListKernelsSaysWhichKernelsLostParametersOrBody) {
  TempDir D;
  writeText(D.path("k.cu"),
            "__global__ void k(UnknownT *p, int n, Other q) {\n"
            "  int i = threadIdx.x;\n"
            "  p[i] = q.f(i);\n"
            "  if (i < n) p[i] = 0;\n"
            "}\n");
  ProgramResult Strict = runProgram({"/usr/bin/env", "KT_NO_STAND_INS=1", KT_CLI_PATH,
                                     "--list-kernels", D.path("k.cu")});
  EXPECT_NE(Strict.Out.find("1 of 1 kernel(s) lost a parameter or part of the body"),
            std::string::npos)
      << Strict.Out;
  EXPECT_NE(Strict.Out.find("parameters: 1 of 3 typed (lost: 'p', 'q'); body: 2 of 3 "
                            "statement(s) in error"),
            std::string::npos)
      << Strict.Out;
  ProgramResult WithStandIns = runCli({"--list-kernels", D.path("k.cu")});
  EXPECT_NE(WithStandIns.Out.find("parameters: 3 of 3 typed; body: 3 statement(s), none "
                                  "in error"),
            std::string::npos)
      << WithStandIns.Out;
  EXPECT_EQ(WithStandIns.Out.find("lost a parameter"), std::string::npos) << WithStandIns.Out;
}

// A functor or lambda handed to a library's launcher is a kernel: the
// library's __global__ template runs its __device__ call operator (apex's
// multi_tensor_apply, declared here only by a missing header's stand-in;
// ATen's gpu_kernel with a device lambda). A host functor is not one.
TEST(Cli, ListKernelsShowsFunctorsLaunchedThroughALibrary) {
  TempDir D;
  writeText(D.path("k.cu"),
            "#include \"multi_tensor_apply.cuh\"\n"
            "struct ScaleFunctor {\n"
            "  __device__ void operator()(int chunk_size, TensorListMetadata<2> &tl) {}\n"
            "};\n"
            "struct HostOnly { void operator()(int n) {} };\n"
            "template <typename F> void gpu_kernel(int n, const F &f);\n"
            "void launch(int chunk_size) {\n"
            "  multi_tensor_apply<2>(512, chunk_size, ScaleFunctor());\n"
            "  gpu_kernel(4, [] __host__ __device__ (float x) { return x; });\n"
            "  gpu_kernel(4, HostOnly());\n"
            "}\n");
  ProgramResult R = runCli({"--list-kernels", D.path("k.cu")});
  EXPECT_NE(R.Out.find("2 kernels, 2 launch sites"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("kernel 'ScaleFunctor::operator()' (device functor)"), std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("'int chunk_size'"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("HostOnly"), std::string::npos) << R.Out;
}

TEST(Cli, BadConfigIsAnErrorWithPositionNotAFallback) {
  TempDir D;
  writeText(D.path("k.cu"), "__global__ void k() {}\n");
  writeText(D.path(".kernel-tidy.yaml"),
            "Checks: 'kernel-*'\nHeaderFilterRegx: 'x'\n");
  ProgramResult R = runCli({D.path("k.cu")});
  EXPECT_EQ(R.Exit, 2);
  EXPECT_NE(R.Err.find(D.path(".kernel-tidy.yaml") +
                       ":2:1: error: unknown key 'HeaderFilterRegx'; did you "
                       "mean 'HeaderFilterRegex'?"),
            std::string::npos)
      << R.Err;
  // --dump-config reports it the same way; a good file is printed.
  EXPECT_EQ(runCli({"--dump-config", D.path("k.cu")}).Exit, 2);
  writeText(D.path(".kernel-tidy.yaml"),
            "Checks: '-*,kernel-int32-offset'\nExclude: ['gen/*']\n");
  R = runCli({"--dump-config", D.path("k.cu")});
  EXPECT_EQ(R.Exit, 0) << R.Err;
  EXPECT_NE(R.Out.find("Checks: '-*,kernel-int32-offset'"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("'gen/*'"), std::string::npos) << R.Out;
  // --config-file replaces discovery.
  writeText(D.path("other.yaml"), "Checks: 'kernel-narrow-accumulation'\n");
  R = runCli({"--dump-config", "--config-file=" + D.path("other.yaml"), D.path("k.cu")});
  EXPECT_NE(R.Out.find("Checks: 'kernel-narrow-accumulation'"), std::string::npos) << R.Out;
}

TEST(Cli, CheckOptionsReachTheChecksInCliAndPlugin) {
  // kernel-int32-offset's MaxElementCount bounds every size: with tensors
  // of at most 1000 elements no 32-bit offset of the seed can wrap.
  std::string Seed = fixturesDir() +
      "/cuda/kernel-int32-offset/seed_spatial_softmax_backward.cu";
  TempDir D;
  std::string File = D.path("k.cu");
  writeText(File, readText(Seed));
  std::vector<std::string> Args = {"--quiet", "--checks=-*,kernel-int32-offset", File};
  ProgramResult Default = runCli(Args);
  if (Default.Exit != 1)
    GTEST_SKIP() << "kernel-int32-offset reports nothing on " << Seed << " yet";
  writeText(D.path(".kernel-tidy.yaml"),
            "CheckOptions:\n  kernel-int32-offset.MaxElementCount: 1000\n");
  ProgramResult Bounded = runCli(Args);
  EXPECT_EQ(Bounded.Exit, 0) << Bounded.Out << Bounded.Err;
  writeText(D.path(".kernel-tidy.yaml"),
            "CheckOptions:\n  kernel-int32-offset.MaxElementCount: lots\n");
  ProgramResult Bad = runCli(Args);
  EXPECT_EQ(Bad.Exit, 2);
  EXPECT_NE(Bad.Err.find(":2:40: error: option 'kernel-int32-offset.MaxElementCount' "
                         "is an integer, not 'lots'"),
            std::string::npos)
      << Bad.Err;
  llvm::sys::fs::remove(D.path(".kernel-tidy.yaml"));

  // The plugin reads the same option from .clang-tidy, natively.
#ifdef KT_PLUGIN_MODE_UNAVAILABLE
  GTEST_SKIP() << "plugin half: " KT_PLUGIN_MODE_UNAVAILABLE;
#endif
  std::vector<std::string> Plugin = {KT_CLANG_TIDY_PATH, "-load=" KT_PLUGIN_PATH,
                                     "-checks=-*,kernel-int32-offset", "--quiet",
                                     File, "--"};
  for (std::string &A : defaultParseArgs(SourceLanguage::Cuda, KT_SHIM_DIR,
                                         /*NoBuild=*/false))
    Plugin.push_back(A);
  ProgramResult P = runProgram(Plugin, D.path());
  EXPECT_NE(P.Out.find("[kernel-int32-offset]"), std::string::npos) << P.Out << P.Err;
  writeText(D.path(".clang-tidy"),
            "CheckOptions:\n  kernel-int32-offset.MaxElementCount: 1000\n");
  P = runProgram(Plugin, D.path());
  EXPECT_EQ(P.Out.find("[kernel-int32-offset]"), std::string::npos) << P.Out;
}

TEST(Cli, ExcludedInputsAreNotAnalysedAndNotAnError) {
  TempDir D;
  writeText(D.path("gen/k.cu"), "__global__ void k() {}\n");
  writeText(D.path(".kernel-tidy.yaml"), "Exclude: ['gen/*']\n");
  ProgramResult R = runCli({"--format=json", D.path("gen/k.cu")});
  EXPECT_EQ(R.Exit, 0) << R.Err;
  EXPECT_EQ(parseJson(R.Out).getAsObject()->getInteger("filesAnalysed"), 0);
  EXPECT_NE(R.Err.find("excluded by config"), std::string::npos) << R.Err;
  EXPECT_EQ(runCli({"--no-config", "--format=json", D.path("gen/k.cu")}).Exit, 0);
}

TEST(Cli, GithubFormatIsOneAnnotationPerLine) {
  ProgramResult R = runCli(withSample({"--format=github"}));
  ASSERT_TRUE(R.Exit == 0 || R.Exit == 1) << R.Err;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  llvm::StringRef(R.Out).split(Lines, '\n', -1, false);
  for (llvm::StringRef L : Lines)
    EXPECT_TRUE(L.starts_with("::warning file=") || L.starts_with("::error file="))
        << L.str();
  EXPECT_EQ(R.Exit == 1, !Lines.empty());
}

TEST(Cli, NoProgressLineWhenStderrIsNotATerminal) {
  ProgramResult R = runCli(withSample({"--format=json"}));
  EXPECT_EQ(R.Err.find('\r'), std::string::npos) << R.Err;
}

// --- -j, --shard and merge --------------------------------------------------

// -j is capped by free memory: each job gets its budget, at least one runs,
// and an unknown amount (no /proc/meminfo) caps nothing (issue 25).
// No-build mode finds a project's own headers in the include/ folders of the
// file's parents (ggml: src/ggml-cuda/*.cu include "ggml.h" from include/):
// the kernel's types are real, not stand-ins (issue 25).
TEST(Cli, NoBuildModeUsesTheProjectsIncludeFolders) {
  TempDir D;
  llvm::sys::fs::create_directories(D.path("proj/.git"));
  llvm::sys::fs::create_directories(D.path("proj/include"));
  llvm::sys::fs::create_directories(D.path("proj/src/backend"));
  writeText(D.path("proj/include/projlib.h"),
            "struct tensor { int ne0; float *data; };\n");
  writeText(D.path("proj/src/common.h"), "#define ROWS_PER_BLOCK 4\n");
  writeText(D.path("proj/src/backend/k.cu"),
            "#include \"projlib.h\"\n"
            "#include \"common.h\"\n"
            "static_assert(ROWS_PER_BLOCK == 4, \"src/common.h is found\");\n"
            "__global__ void k(tensor t, int rows, int cols) {\n"
            "  int i = blockIdx.x * cols;\n  t.data[i + threadIdx.x] = t.ne0;\n}\n");
  ProgramResult Json = runCli({"--format=json", D.path("proj/src/backend/k.cu")});
  EXPECT_NE(Json.Out.find("\"status\": \"ok\""), std::string::npos) << Json.Out;
  EXPECT_EQ(Json.Out.find("standIns"), std::string::npos) << Json.Out;
  std::vector<std::string> Dirs =
      driver::guessedIncludeDirs(D.path("proj/src/backend/k.cu"));
  ASSERT_EQ(Dirs.size(), 1u);
  EXPECT_TRUE(llvm::StringRef(Dirs[0]).ends_with("proj/include")) << Dirs[0];
  std::vector<std::string> Quoted =
      driver::parentFoldersForQuotedIncludes(D.path("proj/src/backend/k.cu"));
  ASSERT_EQ(Quoted.size(), 2u);
  EXPECT_TRUE(llvm::StringRef(Quoted[0]).ends_with("proj/src")) << Quoted[0];
  EXPECT_TRUE(llvm::StringRef(Quoted[1]).ends_with("proj")) << Quoted[1];
}

// The project's own headers named with their folders ('<ATen/native/xpu/
// sycl/BatchKernel.h>', as torch-xpu-ops includes them from src/) resolve
// where the project's build resolves them, and so do the headers they
// include: the kernel keeps its real parameter types, and a 32-bit typedef
// of the project is seen as one (a stand-in would be an opaque class).
TEST(Cli, NoBuildModeFindsTheProjectsHeadersByTheirIncludedPaths) {
  TempDir D;
  llvm::sys::fs::create_directories(D.path("proj/.git"));
  llvm::sys::fs::create_directories(D.path("proj/src/ATen/native/xpu/sycl"));
  writeText(D.path("proj/src/ATen/native/xpu/sycl/BatchKernel.h"),
            "#pragma once\n#include <ATen/native/xpu/sycl/Types.h>\n"
            "struct BatchKernelConfig { idx32_t rows; };\n");
  writeText(D.path("proj/src/ATen/native/xpu/sycl/Types.h"),
            "#pragma once\ntypedef int idx32_t;\n");
  std::string K = D.path("proj/src/ATen/native/xpu/sycl/k.cu");
  writeText(K, "#include <ATen/native/xpu/sycl/BatchKernel.h>\n"
               "__global__ void k(float *x, BatchKernelConfig cfg, idx32_t cols) {\n"
               "  idx32_t i = blockIdx.x * cols;\n"
               "  x[i + threadIdx.x] = cfg.rows;\n}\n");
  std::vector<std::string> Roots = driver::includeRootsOfProjectHeaders(K, {});
  ASSERT_EQ(Roots.size(), 1u);
  EXPECT_TRUE(llvm::StringRef(Roots[0]).ends_with("proj/src")) << Roots[0];
  ProgramResult R = runCli({"--confidence=all", "--format=json", K});
  EXPECT_NE(R.Out.find("\"status\": \"ok\""), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("standIns"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("offset 'i' is computed in 32-bit 'idx32_t'"), std::string::npos)
      << R.Out;
  // Without a .git folder there is no project to search.
  llvm::sys::fs::remove(D.path("proj/.git"));
  EXPECT_TRUE(driver::includeRootsOfProjectHeaders(K, {}).empty());
}

// A quoted name with no folder ('#include "quantization.h"', which
// DeepSpeed's build resolves with -I csrc/includes) names the folder of the
// project's one header so named, and that header's own quoted includes are
// followed. Where two copies are equally near the file, the one fewest
// folders deep wins (csrc/includes, not csrc/xpu/includes); where even that
// ties, nothing is guessed.
TEST(Cli, NoBuildModeFindsTheFolderOfAQuotedHeaderName) {
  TempDir D;
  llvm::sys::fs::create_directories(D.path("proj/.git"));
  llvm::sys::fs::create_directories(D.path("proj/csrc/includes"));
  llvm::sys::fs::create_directories(D.path("proj/csrc/xpu/includes"));
  llvm::sys::fs::create_directories(D.path("proj/csrc/quantization"));
  writeText(D.path("proj/csrc/includes/quantization.h"),
            "#pragma once\n#include \"ds_types.h\"\n");
  writeText(D.path("proj/csrc/includes/ds_types.h"),
            "#pragma once\ntypedef int ds_index_t;\n");
  writeText(D.path("proj/csrc/xpu/includes/quantization.h"), "#pragma once\n");
  std::string K = D.path("proj/csrc/quantization/quantize.cu");
  writeText(K, "#include \"quantization.h\"\n"
               "__global__ void q(float *x, ds_index_t cols) {\n"
               "  ds_index_t i = blockIdx.x * cols;\n"
               "  x[i + threadIdx.x] = 0.f;\n}\n");
  std::vector<std::string> Roots = driver::includeRootsOfProjectHeaders(K, {});
  ASSERT_EQ(Roots.size(), 1u);
  EXPECT_TRUE(llvm::StringRef(Roots[0]).ends_with("proj/csrc/includes"))
      << Roots[0];
  ProgramResult R = runCli({"--confidence=all", "--format=json", K});
  EXPECT_NE(R.Out.find("\"status\": \"ok\""), std::string::npos) << R.Out;
  // Two copies equally near and equally deep: no evidence for either (a
  // second project: the header index is read once per project and run).
  for (const char *Dir : {"tie/.git", "tie/csrc/xpu/includes",
                          "tie/csrc/cuda/includes", "tie/csrc/quantization"})
    llvm::sys::fs::create_directories(D.path(Dir));
  writeText(D.path("tie/csrc/xpu/includes/quantization.h"), "#pragma once\n");
  writeText(D.path("tie/csrc/cuda/includes/quantization.h"), "#pragma once\n");
  std::string T = D.path("tie/csrc/quantization/quantize.cu");
  writeText(T, "#include \"quantization.h\"\n");
  EXPECT_TRUE(driver::includeRootsOfProjectHeaders(T, {}).empty());
}

// Issue 25, headers in context: an input header that an input source
// includes is analysed through that source (as clang-tidy's header filter
// does), with what the source declared before it, and each finding is
// reported once, in the header. A header no input includes is analysed
// alone, as before.
TEST(Cli, HeadersAmongTheInputsAreAnalysedThroughTheSourceThatIncludesThem) {
  TempDir D;
  llvm::sys::fs::create_directories(D.path("proj/.git"));
  llvm::sys::fs::create_directories(D.path("proj/include/lib"));
  llvm::sys::fs::create_directories(D.path("proj/src"));
  writeText(D.path("proj/include/lib/types.h"),
            "#pragma once\ntypedef int index_type;\n"
            "struct Params { index_type rows; index_type cols; };\n");
  // Needs index_type and Params from the includer's earlier include.
  writeText(D.path("proj/src/kernels.cuh"),
            "#pragma once\n"
            "__global__ void scale_rows(float *out, const float *in, Params p) {\n"
            "  index_type offset = blockIdx.x * p.cols;\n"
            "  out[offset + threadIdx.x] = 2.f * in[offset + threadIdx.x];\n}\n");
  writeText(D.path("proj/src/main.cu"),
            "#include \"lib/types.h\"\n#include \"kernels.cuh\"\n"
            "void launch(float *o, const float *i, Params p) {\n"
            "  scale_rows<<<p.rows, 256>>>(o, i, p);\n}\n");
  writeText(D.path("proj/src/alone.cuh"),
            "#pragma once\n__global__ void fill(float *x, int n, int w) {\n"
            "  int i = blockIdx.x * w;\n  x[i + threadIdx.x] = n;\n}\n");
  ProgramResult R =
      runCli({"--confidence=all", "--format=json", D.path("proj/src")});
  ASSERT_NE(R.Exit, 2) << R.Err;
  llvm::json::Value V = parseJson(R.Out);
  const llvm::json::Object &Root = *V.getAsObject();
  unsigned InHeader = 0, Alone = 0;
  for (const llvm::json::Value &F : *Root.getArray("findings")) {
    llvm::StringRef File = *F.getAsObject()->getString("file");
    InHeader += File.ends_with("kernels.cuh");
    Alone += File.ends_with("alone.cuh");
  }
  EXPECT_EQ(InHeader, 1u) << R.Out;
  EXPECT_EQ(Alone, 1u) << R.Out;
  bool SawThrough = false, SawAlone = false;
  for (const llvm::json::Value &F : *Root.getArray("files")) {
    const llvm::json::Object &O = *F.getAsObject();
    llvm::StringRef File = *O.getString("file");
    if (File.ends_with("kernels.cuh")) {
      SawThrough = true;
      ASSERT_TRUE(O.getString("analysedThrough")) << R.Out;
      EXPECT_TRUE(O.getString("analysedThrough")->ends_with("main.cu"));
      EXPECT_EQ(*O.getString("status"), "ok");
    }
    if (File.ends_with("alone.cuh")) {
      SawAlone = true;
      EXPECT_FALSE(O.getString("analysedThrough"));
    }
  }
  EXPECT_TRUE(SawThrough && SawAlone) << R.Out;
  // Given alone, the header is analysed alone.
  ProgramResult H = runCli({"--confidence=all", "--format=json",
                            D.path("proj/src/kernels.cuh")});
  EXPECT_EQ(H.Out.find("analysedThrough"), std::string::npos) << H.Out;
}

TEST(Scale, JobsAreCappedByFreeMemory) {
  constexpr uint64_t GiB = 1ull << 30;
  EXPECT_EQ(driver::memoryCappedJobs(8, 64 * GiB, GiB), 8u);
  EXPECT_EQ(driver::memoryCappedJobs(8, 3 * GiB + GiB / 2, GiB), 3u);
  EXPECT_EQ(driver::memoryCappedJobs(8, GiB / 2, GiB), 1u);
  EXPECT_EQ(driver::memoryCappedJobs(4, 0, GiB), 4u);
  EXPECT_EQ(driver::memoryCappedJobs(0, 64 * GiB, GiB), 1u);
  // This machine (Linux) says how much it has.
  EXPECT_GT(driver::availableMemoryBytes(), 0u);
}

TEST(Scale, ParallelShardedAndMergedRunsAgreeWithOneThread) {
  ProgramResult One = runCli(withSample({"--format=json", "-j", "1"}));
  ProgramResult Two = runCli(withSample({"--format=json", "-j2"}));
  ASSERT_NE(One.Exit, 2) << One.Err;
  EXPECT_EQ(One.Exit, Two.Exit);
  EXPECT_EQ(One.Out, Two.Out) << "output order depends on scheduling";

  TempDir D;
  std::vector<std::string> Shards;
  for (int K = 1; K <= 3; ++K) {
    std::string Out = D.path("shard" + std::to_string(K) + ".json");
    ProgramResult S = runCli(withSample({"--format=json", "--output=" + Out,
                                         "--shard=" + std::to_string(K) + "/3"}));
    EXPECT_NE(S.Exit, 2) << S.Err;
    Shards.push_back(Out);
  }
  std::vector<std::string> MergeArgs = {"merge", "-o", D.path("merged.json")};
  MergeArgs.insert(MergeArgs.end(), Shards.begin(), Shards.end());
  ProgramResult M = runCli(MergeArgs);
  EXPECT_EQ(M.Exit, One.Exit) << M.Err;
  llvm::json::Value Merged = parseJson(readText(D.path("merged.json")));
  llvm::json::Value Whole = parseJson(One.Out);
  EXPECT_EQ(Merged.getAsObject()->getInteger("filesAnalysed"),
            Whole.getAsObject()->getInteger("filesAnalysed"));
  EXPECT_EQ(findingsOf(Merged), findingsOf(Whole));
}

// --- baselines --------------------------------------------------------------

TEST(Baseline, FixtureSuiteAgainstItsOwnBaselineIsSilentAndOneNewLineShows) {
  // Baselines are about fingerprints, not tiers: every finding counts.
  TempDir D;
  copyFixtures(D);
  std::string Root = "--sarif-root=" + D.path();
  ProgramResult W = runCli({"--confidence=all", "--write-baseline=" + D.path("base.json"), Root, D.path()});
  ASSERT_EQ(W.Exit, 0) << W.Err;
  llvm::json::Value Base = parseJson(readText(D.path("base.json")));
  if (findingsOf(Base).empty())
    GTEST_SKIP() << "no check reports a finding on the fixture suite yet";

  ProgramResult Again = runCli({"--confidence=all", "--format=json", "--baseline=" + D.path("base.json"),
                                Root, D.path()});
  EXPECT_EQ(Again.Exit, 0) << Again.Err;
  EXPECT_TRUE(findingsOf(parseJson(Again.Out)).empty()) << Again.Out;

  // The seed store of kernel-store-mask-mismatch, whose findings are in
  // the baseline.
  std::string File = D.path("cuda/kernel-store-mask-mismatch/seed_nll_loss_backward.cu");
  const std::string Store = "    grad_input[row * n_classes + t] = grad;";
  std::string Original = readText(File);
  size_t StoreAt = Original.find(Store);
  bool Known = llvm::any_of(findingsOf(Base), [&](const llvm::json::Value &V) {
    const llvm::json::Object *O = V.getAsObject();
    return O && O->getString("file") == File;
  });
  if (StoreAt == std::string::npos || !Known)
    GTEST_SKIP() << "kernel-store-mask-mismatch reports nothing on its seed fixture";

  // Shift the file by two lines: still nothing new.
  writeText(File, "// moved\n\n" + Original);
  Again = runCli({"--confidence=all", "--format=json", "--baseline=" + D.path("base.json"), Root, File});
  EXPECT_EQ(Again.Exit, 0) << Again.Out;

  // One buggy line more: a second unpredicated store through the target.
  std::string Edited = Original;
  size_t LineEnd = Edited.find('\n', StoreAt);
  Edited.insert(LineEnd + 1, "  if (row_in_bounds) grad_input[row * n_classes + t] = grad;\n");
  writeText(File, Edited);
  Again = runCli({"--confidence=all", "--format=json", "--baseline=" + D.path("base.json"), Root, File});
  EXPECT_EQ(Again.Exit, 1) << Again.Err;
  llvm::json::Value NewReport = parseJson(Again.Out);
  const llvm::json::Array &New = findingsOf(NewReport);
  ASSERT_EQ(New.size(), 1u) << Again.Out;
  ASSERT_NE(New[0].getAsObject(), nullptr) << Again.Out;
  EXPECT_EQ(New[0].getAsObject()->getString("check"), "kernel-store-mask-mismatch");

  // A SARIF report serves as a baseline as well.
  ProgramResult S = runCli({"--confidence=all", "--format=sarif", "--output=" + D.path("base.sarif"),
                            Root, File});
  EXPECT_EQ(S.Exit, 1) << S.Err;
  Again = runCli({"--confidence=all", "--format=json", "--baseline=" + D.path("base.sarif"), Root, File});
  EXPECT_EQ(Again.Exit, 0) << Again.Out;
}

// --- --fix against the golden twins -----------------------------------------

TEST(Fix, EveryFixtureWithAGoldenTwinBecomesIt) {
  std::vector<std::string> Goldens;
  for (llvm::StringRef Ext : {".cu", ".cuh", ".cpp", ".hip", ".py"})
    for (const std::string &F : filesUnder(fixturesDir(), Ext))
      if (llvm::StringRef(F).contains(".fixit."))
        Goldens.push_back(F);
  if (Goldens.empty())
    GTEST_SKIP() << "no <case>.fixit.<ext> golden file under fixtures/ yet";
  for (const std::string &Golden : Goldens) {
    SCOPED_TRACE(Golden);
    std::string Buggy = Golden;
    Buggy.replace(Buggy.find(".fixit."), 7, ".");
    ASSERT_TRUE(llvm::sys::fs::exists(Buggy));
    Fixture F = loadFixture(fixturesDir(), Buggy);
    TempDir D;
    std::string Copy = D.path(llvm::sys::path::filename(Buggy));
    writeText(Copy, readText(Buggy));
    std::vector<std::string> Args = {"--fix", "--fix-notes", "--quiet",
                                     "--confidence=" + F.Confidence,
                                     "--checks=-*," + llvm::join(F.Checks, ",")};
    for (const std::string &A : F.Args)
      Args.push_back("--extra-arg=" + A);
    Args.push_back(Copy);
    ProgramResult R = runCli(Args);
    EXPECT_EQ(R.Exit, 1) << R.Err;
    EXPECT_EQ(withoutExpectations(readText(Copy)),
              withoutExpectations(readText(Golden)));
    // The fixed file is silent.
    Args.erase(Args.begin(), Args.begin() + 2);
    EXPECT_EQ(runCli(Args).Exit, 0) << "the fixed file still has findings";
  }
}

TEST(Fix, ExpectationStripping) {
  EXPECT_EQ(withoutExpectations("a = b; // expected-warning {{x}}\n"
                                "// expected-no-diagnostics\nc;"),
            "a = b;\nc;\n");
}

// --- pre-commit -------------------------------------------------------------

std::string firstBuggyFixture(std::string &Fixed) {
  for (const std::string &F : filesUnder(fixturesDir() + "/cuda", ".cu")) {
    if (llvm::StringRef(F).contains(".fixed.") || llvm::StringRef(F).contains(".fixit."))
      continue;
    std::string Twin = F;
    Twin.replace(Twin.size() - 3, 3, ".fixed.cu");
    if (!llvm::sys::fs::exists(Twin))
      continue;
    if (runCli({"--quiet", F}).Exit == 1 && runCli({"--quiet", Twin}).Exit == 0) {
      Fixed = Twin;
      return F;
    }
  }
  return "";
}

TEST(PreCommit, BuggyKernelIsRefusedCleanKernelPasses) {
  auto PreCommit = llvm::sys::findProgramByName("pre-commit");
  auto Git = llvm::sys::findProgramByName("git");
  if (!PreCommit || !Git)
    GTEST_SKIP() << "pre-commit or git is not installed (Debian: apt-get "
                    "install pre-commit git; tools/bootstrap.sh does it)";
  if (!llvm::sys::fs::exists(sourceRoot() + ".pre-commit-hooks.yaml"))
    FAIL() << "no .pre-commit-hooks.yaml at the repository root";
  std::string FixedFixture;
  std::string BuggyFixture = firstBuggyFixture(FixedFixture);
  if (BuggyFixture.empty())
    GTEST_SKIP() << "no CUDA fixture has a finding and a silent fixed twin yet";

  TempDir Home("kt-precommit-home"), Repo("kt-precommit-repo");
  llvm::SmallString<256> CliDir(KT_CLI_PATH);
  llvm::sys::path::remove_filename(CliDir);
  const char *Path = getenv("PATH");
  std::vector<std::string> Env = {
      "PATH=" + std::string(CliDir) + ":" + (Path ? Path : "/usr/bin:/bin"),
      "HOME=" + Home.path(), "PRE_COMMIT_HOME=" + Home.path("cache"),
      "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org",
      "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org",
      "LANG=C.UTF-8"};
  auto Run = [&](std::vector<std::string> Argv) {
    return runProgram(std::move(Argv), Repo.path(), Env);
  };
  ASSERT_EQ(Run({*Git, "init", "-q", "."}).Exit, 0);

  // 1. pre-commit try-repo against this checkout, on a buggy kernel.
  writeText(Repo.path("kernel.cu"), readText(BuggyFixture));
  ASSERT_EQ(Run({*Git, "add", "kernel.cu"}).Exit, 0);
  ProgramResult Try = Run({*PreCommit, "try-repo", sourceRoot(), "kernel-tidy",
                           "--files", "kernel.cu"});
  EXPECT_NE(Try.Exit, 0) << Try.Out << Try.Err;
  EXPECT_NE(Try.Out.find("kernel.cu:"), std::string::npos) << Try.Out << Try.Err;
  EXPECT_NE(Try.Out.find("[kernel-"), std::string::npos) << Try.Out;

  // 2. Installed as a git hook: the commit is refused, with the finding.
  ProgramResult Head = runProgram({*Git, "-C", sourceRoot(), "rev-parse", "HEAD"});
  ASSERT_EQ(Head.Exit, 0) << Head.Err;
  writeText(Repo.path(".pre-commit-config.yaml"),
            "repos:\n- repo: " + sourceRoot() + "\n  rev: " +
                llvm::StringRef(Head.Out).trim().str() +
                "\n  hooks:\n  - id: kernel-tidy\n");
  ASSERT_EQ(Run({*PreCommit, "install"}).Exit, 0);
  ASSERT_EQ(Run({*Git, "add", "-A"}).Exit, 0);
  ProgramResult Commit = Run({*Git, "commit", "-q", "-m", "buggy"});
  EXPECT_NE(Commit.Exit, 0) << "the commit of a buggy kernel was accepted";
  EXPECT_NE((Commit.Out + Commit.Err).find("[kernel-"), std::string::npos)
      << Commit.Out << Commit.Err;
  EXPECT_NE(Run({*Git, "rev-parse", "-q", "--verify", "HEAD"}).Exit, 0);

  // 3. The fixed kernel passes, through try-repo and the hook.
  writeText(Repo.path("kernel.cu"), readText(FixedFixture));
  ASSERT_EQ(Run({*Git, "add", "-A"}).Exit, 0);
  Try = Run({*PreCommit, "try-repo", sourceRoot(), "kernel-tidy", "--files",
             "kernel.cu"});
  EXPECT_EQ(Try.Exit, 0) << Try.Out << Try.Err;
  Commit = Run({*Git, "commit", "-q", "-m", "fixed"});
  EXPECT_EQ(Commit.Exit, 0) << Commit.Out << Commit.Err;
}

// A run that holds two forward kernels of one name (a fixture and its fixed
// twin) pairs the backward kernel with the same one whatever the order in
// which the files finish: the output does not depend on scheduling.
TEST(CrossFilePairing, SameFindingsInAnyFileOrder) {
  for (llvm::StringRef Lang : {"cuda", "triton"}) {
    SCOPED_TRACE(Lang.str());
    std::string Dir = fixturesDir() + "/" + Lang.str() +
                      "/kernel-index-width-mismatch/";
    llvm::StringRef Ext = Lang == "cuda" ? ".cu" : ".py";
    std::vector<std::string> Files = {Dir + "split_backward" + Ext.str(),
                                      Dir + "split_forward" + Ext.str(),
                                      Dir + "split_forward.fixed" + Ext.str()};
    std::vector<std::string> Reversed(Files.rbegin(), Files.rend());
    auto Run = [](std::vector<std::string> Inputs) {
      Inputs.insert(Inputs.begin(), {"--no-config", "-j1", "--format=json"});
      return runCli(Inputs);
    };
    ProgramResult A = Run(Files), B = Run(Reversed);
    EXPECT_EQ(A.Exit, 1) << A.Err;
    EXPECT_NE(A.Out.find("split_backward"), std::string::npos) << A.Out;
    EXPECT_EQ(A.Out, B.Out);
  }
}

} // namespace

// --list-kernels parses as the checks do: in no-build mode the names of
// missing headers become stand-ins (UnknownNames.h), so a kernel whose
// parameters name CK's bhalf_t keeps them and its launch is resolved.
TEST(Cli, ListKernelsUsesTheStandInsOfTheAnalysis) {
  TempDir D;
  writeText(D.path("ck.cu"),
            "#include \"ck/ck.hpp\"\n"
            "__global__ void decode(bhalf_t *out, const bhalf_t *in, int rows, int cols) {\n"
            "  int i = blockIdx.x * cols + threadIdx.x;\n"
            "  out[i] = ck::type_convert<bhalf_t>(in[i]);\n"
            "}\n"
            "void launch(bhalf_t *out, const bhalf_t *in, int rows, int cols) {\n"
            "  decode<<<rows, 256>>>(out, in, rows, cols);\n"
            "}\n");
  ProgramResult R = runCli({"--list-kernels", D.path("ck.cu")});
  EXPECT_EQ(R.Exit, 0) << R.Err;
  EXPECT_NE(R.Out.find("1 kernel, 1 launch site, 0 parse errors"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("name(s) of missing headers declared as stand-ins"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("'int rows', 'int cols'"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("invalid declaration"), std::string::npos) << R.Out;
}

// Issue 25, time on whole repositories: from the third file of a language
// the no-build shim is precompiled once and loaded by each parse (recovery
// rounds for a missing header's names included). The report is the same as
// with the header parsed every time (KT_NO_PCH=1), and the PCH's folder is
// removed at exit.
TEST(Cli, PrecompiledShimGivesTheSameReport) {
  TempDir D;
  llvm::sys::fs::create_directories(D.path("proj/.git"));
  llvm::sys::fs::create_directories(D.path("tmp"));
  for (int I = 0; I < 5; ++I)
    writeText(D.path("proj/k" + std::to_string(I) + ".cu"),
              "#include <cuda_fp16.h>\n#include \"missing/table.h\"\n"
              "__global__ void k(__half *x, const TableRow *t, int rows,\n"
              "                  int cols) {\n"
              "  int r = blockIdx.x;\n"
              "  int offset = r * cols + threadIdx.x;\n"
              "  if (r < rows) x[offset] = __float2half(t[r].scale);\n}\n");
  // Three SYCL units, then plain C++ that names 'std' with no include: each
  // language has its own shim, and the SYCL one (which brings the standard
  // headers) must not be loaded for the C++ file.
  for (int I = 0; I < 3; ++I)
    writeText(D.path("proj/s" + std::to_string(I) + ".cpp"),
              "#include <sycl/sycl.hpp>\n"
              "void fill(sycl::queue &q, float *x, int cols) {\n"
              "  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) {\n"
              "    int offset = static_cast<int>(i[0]) * cols;\n"
              "    x[offset] = 0.f;\n  });\n}\n");
  writeText(D.path("proj/t_host.cpp"), "std::vector<int> sizes;\n");
  std::vector<std::string> Args = {KT_CLI_PATH,
                                   "--no-config",
                                   "--confidence=all",
                                   "--format=json",
                                   "--verbose",
                                   "-j",
                                   "1",
                                   D.path("proj")};
  std::vector<std::string> Env = {"TMPDIR=" + D.path("tmp"),
                                  "PATH=/usr/bin:/bin"};
  ProgramResult WithPch = runProgram(Args, "", Env);
  Env.push_back("KT_NO_PCH=1");
  ProgramResult Without = runProgram(Args, "", Env);
  EXPECT_EQ(WithPch.Exit, Without.Exit);
  EXPECT_EQ(WithPch.Out, Without.Out);
  EXPECT_NE(WithPch.Out.find("kernel-int32-offset"), std::string::npos)
      << WithPch.Out;
  EXPECT_NE(Without.Out.find("undeclared identifier 'std'"), std::string::npos)
      << Without.Out;
  // CUDA files 3 to 5 loaded one (the SYCL files parse with no error and
  // print no line); with KT_NO_PCH=1 none did.
  size_t Loaded = 0;
  for (size_t At = WithPch.Err.find("(shim precompiled)");
       At != std::string::npos;
       At = WithPch.Err.find("(shim precompiled)", At + 1))
    ++Loaded;
  EXPECT_EQ(Loaded, 3u) << WithPch.Err;
  EXPECT_EQ(Without.Err.find("(shim precompiled)"), std::string::npos);
  std::error_code EC;
  llvm::sys::fs::directory_iterator It(D.path("tmp"), EC), End;
  EXPECT_TRUE(!EC && It == End) << "left behind: " << It->path();
}
