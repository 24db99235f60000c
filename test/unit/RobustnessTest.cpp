//===- RobustnessTest.cpp - bad input never crashes kernel-tidy -----------===//
//
// Issue 12, the bad-input half: each test puts one bad input beside a small
// kernel with a known finding and runs the real kernel-tidy CLI on both.
// Each asserts that the bad input costs one error line on stderr naming it
// (or, where the input is valid, nothing), that the other file's findings
// are still reported, that the exit code is the documented one (never a
// signal), and that the run ends in bounded time. docs/robustness.md lists
// the inputs, the behaviour and the messages.
//
//===----------------------------------------------------------------------===//
#include "test/unit/CliTestSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"
#include <chrono>
#include <unistd.h>

using namespace kerneltidy::test;

namespace {

/// A row-major copy whose 'r*cols' wraps: kernel-int32-offset reports it
/// twice, at 1:127 (the store) and 1:139 (the load).
const char *const BuggyKernel =
    "__global__ void k(float* y,const float* x,int rows,int cols){int "
    "r=blockIdx.x; for(int c=threadIdx.x;c<cols;c+=blockDim.x) "
    "y[r*cols+c]=x[r*cols+c];}\n";

/// The Triton twin: 'pid * stride' is int32 (findings at 8:25 and 9:22), a
/// row offset of per-lane accesses (one element per program would be a
/// per-row scalar, the low tier).
const char *const BuggyTriton =
    "import triton\n"
    "import triton.language as tl\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def k(x_ptr, y_ptr, stride, BLOCK: tl.constexpr):\n"
    "    pid = tl.program_id(0)\n"
    "    x = tl.load(x_ptr + pid * stride + tl.arange(0, BLOCK))\n"
    "    tl.store(y_ptr + pid * stride + tl.arange(0, BLOCK), x)\n";

/// Every bad input must be dealt with well inside CI's per-test budget.
constexpr double MaxSeconds = 20;

struct TimedRun {
  ProgramResult R;
  double Seconds = 0;
};

TimedRun runTimed(std::vector<std::string> Args, llvm::StringRef Dir = "") {
  auto Start = std::chrono::steady_clock::now();
  TimedRun T;
  Args.insert(Args.begin(), KT_CLI_PATH);
  // The timeout (seconds) turns a hang into a failure, not a stuck suite.
  T.R = runProgram(std::move(Args), Dir, std::nullopt, /*Timeout=*/60);
  T.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return T;
}

std::vector<std::string> linesContaining(const std::string &Text,
                                         llvm::StringRef Needle) {
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  std::vector<std::string> Out;
  for (llvm::StringRef L : Lines)
    if (L.contains(Needle))
      Out.push_back(L.str());
  return Out;
}

/// No crash (the exit code is one kernel-tidy documents, not a signal or a
/// timeout) and bounded time.
void expectSane(const TimedRun &T, int ExitCode) {
  EXPECT_EQ(T.R.Exit, ExitCode) << "stderr:\n"
                                << T.R.Err.substr(0, 4000) << "\nstdout:\n"
                                << T.R.Out.substr(0, 4000);
  EXPECT_LT(T.Seconds, MaxSeconds);
}

/// Exactly one stderr line names File, and it is an error saying Message.
void expectOneError(const TimedRun &T, const std::string &File,
                    const std::string &Message) {
  std::vector<std::string> Lines = linesContaining(T.R.Err, File);
  ASSERT_EQ(Lines.size(), 1u) << T.R.Err.substr(0, 4000);
  EXPECT_EQ(Lines[0], File + ": error: " + Message);
}

/// The known finding of the small C++ kernel in File is reported.
void expectBuggyKernelReported(const TimedRun &T, const std::string &File) {
  EXPECT_NE(T.R.Out.find(File + ":1:127: warning: offset 'r*cols' is computed "
                                "in 32-bit 'int' and can wrap"),
            std::string::npos)
      << T.R.Out.substr(0, 4000);
  EXPECT_NE(T.R.Out.find(File + ":1:139: warning:"), std::string::npos)
      << T.R.Out.substr(0, 4000);
}

void expectBuggyTritonReported(const TimedRun &T, const std::string &File) {
  EXPECT_NE(T.R.Out.find(File + ":8:25: warning: offset 'pid * stride' is "
                                "computed in 32-bit 'int32' and can wrap"),
            std::string::npos)
      << T.R.Out.substr(0, 4000);
  EXPECT_NE(T.R.Out.find(File + ":9:22: warning:"), std::string::npos)
      << T.R.Out.substr(0, 4000);
}

llvm::json::Object parseReport(const std::string &Text) {
  auto V = llvm::json::parse(Text);
  if (!V || !V->getAsObject()) {
    ADD_FAILURE() << "not a JSON report: " << Text.substr(0, 2000);
    return {};
  }
  return std::move(*V->getAsObject());
}

std::string repeat(llvm::StringRef Piece, unsigned N, llvm::StringRef Sep) {
  std::string Out;
  Out.reserve(N * (Piece.size() + Sep.size()));
  for (unsigned I = 0; I < N; ++I) {
    if (I)
      Out += Sep;
    Out += Piece;
  }
  return Out;
}

// --- files that cannot be read ----------------------------------------------

TEST(BadInput, MissingPath) {
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  TimedRun T = runTimed({"--no-config", D.path("gone.cu"), D.path("good.cu")});
  expectSane(T, 1);
  expectOneError(T, D.path("gone.cu"),
                 "cannot open: No such file or directory");
  expectBuggyKernelReported(T, D.path("good.cu"));
}

TEST(BadInput, UnreadableFile) {
  if (geteuid() == 0)
    GTEST_SKIP() << "running as root: chmod 000 does not stop root's reads";
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  writeText(D.path("locked.cu"), BuggyKernel);
  llvm::sys::fs::setPermissions(D.path("locked.cu"), llvm::sys::fs::no_perms);
  TimedRun T =
      runTimed({"--no-config", D.path("locked.cu"), D.path("good.cu")});
  expectSane(T, 1);
  expectOneError(T, D.path("locked.cu"), "cannot read file: Permission denied");
  expectBuggyKernelReported(T, D.path("good.cu"));
}

TEST(BadInput, BinaryFileNamedCu) {
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  std::string Binary;
  for (unsigned I = 0; I < 65536; ++I)
    Binary += char((I * 2654435761u) >> 24); // NULs and every other byte
  writeText(D.path("blob.cu"), Binary);
  TimedRun T = runTimed({"--no-config", D.path("blob.cu"), D.path("good.cu")});
  expectSane(T, 1);
  expectOneError(T, D.path("blob.cu"), "not a source file (binary content)");
  expectBuggyKernelReported(T, D.path("good.cu"));
}

TEST(BadInput, EmptyFilesAreAnalysedAndSilent) {
  // An empty translation unit or module is valid: analysed, no finding, no
  // error.
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  writeText(D.path("empty.cu"), "");
  writeText(D.path("empty.py"), "");
  TimedRun T = runTimed({"--no-config", "--format=json", D.path("empty.cu"),
                         D.path("empty.py"), D.path("good.cu")});
  expectSane(T, 1);
  EXPECT_TRUE(linesContaining(T.R.Err, "empty.").empty()) << T.R.Err;
  llvm::json::Object Report = parseReport(T.R.Out);
  EXPECT_EQ(Report.getInteger("filesAnalysed"), 3);
  const llvm::json::Array *Errors = Report.getArray("errors");
  EXPECT_TRUE(Errors && Errors->empty()) << T.R.Out;
  std::vector<std::string> Found;
  if (const llvm::json::Array *Findings = Report.getArray("findings"))
    for (const llvm::json::Value &F : *Findings)
      Found.push_back(F.getAsObject()->getString("file")->str() + ":" +
                      std::to_string(*F.getAsObject()->getInteger("column")));
  EXPECT_EQ(llvm::join(Found, " "),
            D.path("good.cu") + ":127 " + D.path("good.cu") + ":139");
}

// --- size
// ---------------------------------------------------------------------

TEST(BadInput, FiftyMegabyteKernelFileIsOverTheSizeLimit) {
  // A 50 MB generated kernel file would take minutes and gigabytes (about
  // 5 s per MB of dense kernels on CI's cores): inputs over --max-file-size
  // (2 MiB by default) are skipped with one error.
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(D.path("generated.cu"), EC);
    ASSERT_FALSE(EC) << EC.message();
    std::string Kernel(BuggyKernel);
    for (uint64_t Written = 0; Written < 50u * 1000 * 1000;
         Written += Kernel.size())
      OS << Kernel;
  }
  uint64_t Size = 0;
  llvm::sys::fs::file_size(D.path("generated.cu"), Size);
  TimedRun T =
      runTimed({"--no-config", D.path("generated.cu"), D.path("good.cu")});
  expectSane(T, 1);
  EXPECT_LT(T.Seconds, 10);
  expectOneError(T, D.path("generated.cu"),
                 "file is " + std::to_string(Size) +
                     " bytes, over the --max-file-size limit of 2097152; not "
                     "analysed");
  expectBuggyKernelReported(T, D.path("good.cu"));

  // The limit is the user's to move; a value it cannot read is a usage error.
  TimedRun Small =
      runTimed({"--no-config", "--max-file-size=100", D.path("good.cu")});
  expectSane(Small, 2); // nothing analysed
  EXPECT_NE(Small.R.Err.find("over the --max-file-size limit of 100;"),
            std::string::npos)
      << Small.R.Err;
  TimedRun Kilo =
      runTimed({"--no-config", "--max-file-size=1K", D.path("good.cu")});
  expectSane(Kilo, 1);
  TimedRun Bad =
      runTimed({"--no-config", "--max-file-size=lots", D.path("good.cu")});
  expectSane(Bad, 2);
  EXPECT_NE(Bad.R.Err.find("--max-file-size takes a byte count"),
            std::string::npos)
      << Bad.R.Err;
}

// --- deep nesting
// -------------------------------------------------------------

TEST(BadInput, CxxExpressionsNestedTenThousandDeep) {
  // Parentheses stop at Clang's bracket limit (256: one compiler error);
  // a flat 'a + a + ... + a' chain has no such limit and nests 10,000
  // deep in the AST, where the analyses' recursion gives up (DepthLimit.h).
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  const unsigned N = 10000;
  writeText(D.path("parens.cu"),
            "__global__ void k(float* y, int a) { y[0] = " +
                std::string(N, '(') + "a" + std::string(N, ')') + "; }\n");
  std::string Chain = repeat("a", N, " + ");
  writeText(D.path("chain.cu"),
            // an offset, a predicate, a loop condition, a stored value
            "__global__ void offset(float* y, int a, int cols) {\n"
            "  int r = blockIdx.x; y[r * cols + " +
                Chain +
                "] = 1.0f; }\n"
                "__global__ void guard(float* y, int n) {\n"
                "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                "  if (" +
                repeat("i < n", N, " && ") +
                ") y[i] = 1.0f; }\n"
                "__global__ void loop(float* y, int n) {\n"
                "  for (int i = threadIdx.x; " +
                repeat("i < n", N, " && ") +
                "; i += blockDim.x) y[i] = 1.0f; }\n"
                "__global__ void value(float* y, const float* x, int n) {\n"
                "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                "  if (i < n) y[i] = " +
                repeat("x[i]", N, " + ") + "; }\n");
  TimedRun T = runTimed({"--no-config", "--verbose", D.path("parens.cu"),
                         D.path("chain.cu"), D.path("good.cu")});
  expectSane(T, 1);
  expectBuggyKernelReported(T, D.path("good.cu"));
  std::vector<std::string> Parens =
      linesContaining(T.R.Err, D.path("parens.cu") + ": ");
  ASSERT_EQ(Parens.size(), 1u) << T.R.Err;
  EXPECT_NE(Parens[0].find("1 compiler error(s) while parsing (first: bracket "
                           "nesting level exceeded maximum of 256)"),
            std::string::npos)
      << Parens[0];
  EXPECT_TRUE(linesContaining(T.R.Err, D.path("chain.cu")).empty()) << T.R.Err;
  // Nothing was reported from the parts too deep to analyse.
  EXPECT_EQ(T.R.Out.find("chain.cu"), std::string::npos)
      << T.R.Out.substr(0, 2000);
}

TEST(BadInput, CxxChainThatOverflowsClangsStackIsOneError) {
  // At 50,000 terms Clang's own Sema (integer-overflow checking) recurses
  // past the stack: the crash is recovered on an alternate signal stack and
  // costs this file only.
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  writeText(D.path("huge.cu"),
            "__global__ void k(float* y, const float* x, int n) {\n"
            "  int i = threadIdx.x; if (i < n) y[i] = " +
                repeat("x[i]", 50000, "+") + "; }\n");
  TimedRun T = runTimed({"--no-config", D.path("huge.cu"), D.path("good.cu")});
  expectSane(T, 1);
  expectOneError(T, D.path("huge.cu"),
                 "the analysis crashed on this file (SIGSEGV); it has no "
                 "findings, other files are still analysed");
  expectBuggyKernelReported(T, D.path("good.cu"));
}

TEST(BadInput, TritonExpressionsNestedTenThousandDeep) {
  TempDir D;
  writeText(D.path("good.py"), BuggyTriton);
  const unsigned N = 10000;
  std::string Header = "import triton\nimport triton.language as tl\n\n\n"
                       "@triton.jit\ndef k(x_ptr, y_ptr, stride, a):\n"
                       "    pid = tl.program_id(0)\n";
  writeText(D.path("parens.py"), Header + "    v = " + std::string(N, '(') +
                                     "a" + std::string(N, ')') +
                                     "\n    tl.store(y_ptr + pid, v)\n");
  writeText(D.path("chain.py"), Header + "    off = pid + " +
                                    repeat("a", N, " + ") +
                                    "\n    tl.store(y_ptr + off, 1.0, mask=" +
                                    repeat("(off < a)", N, " & ") + ")\n");
  TimedRun T = runTimed({"--no-config", D.path("parens.py"), D.path("chain.py"),
                         D.path("good.py")});
  expectSane(T, 1);
  expectBuggyTritonReported(T, D.path("good.py"));
  EXPECT_TRUE(linesContaining(T.R.Err, "parens.py").empty()) << T.R.Err;
  EXPECT_TRUE(linesContaining(T.R.Err, "chain.py").empty()) << T.R.Err;
}

// --- encodings and line ends ----------------------------------------------

TEST(BadInput, InvalidUtf8) {
  // Bytes that are no UTF-8 (in a comment and a string) do not stop either
  // front end; the findings after them keep their positions.
  TempDir D;
  writeText(D.path("bytes.cu"), std::string("// \xff\xfe \xc3\x28\n"
                                            "const char *s = \"\xe2\x82\";\n") +
                                    BuggyKernel);
  writeText(D.path("bytes.py"),
            std::string("# \xff\xfe caf\xc3 \x80\x80\n") + BuggyTriton);
  TimedRun T = runTimed(
      {"--no-config", "--format=json", D.path("bytes.cu"), D.path("bytes.py")});
  expectSane(T, 1);
  EXPECT_TRUE(T.R.Err.empty()) << T.R.Err;
  llvm::json::Object Report = parseReport(T.R.Out);
  std::vector<std::string> Positions;
  if (const llvm::json::Array *Findings = Report.getArray("findings"))
    for (const llvm::json::Value &F : *Findings) {
      const llvm::json::Object &O = *F.getAsObject();
      Positions.push_back(
          llvm::sys::path::filename(*O.getString("file")).str() + ":" +
          std::to_string(*O.getInteger("line")) + ":" +
          std::to_string(*O.getInteger("column")));
    }
  EXPECT_EQ(llvm::join(Positions, " "),
            "bytes.cu:3:127 bytes.cu:3:139 bytes.py:9:25 bytes.py:10:22");
}

TEST(BadInput, ByteOrderMarkAndCrlfKeepPositions) {
  // Positions are those an editor shows: the BOM is not a column, '\r\n'
  // ends a line.
  TempDir D;
  auto Crlf = [](llvm::StringRef Text) {
    std::string Out;
    for (char C : Text) {
      if (C == '\n')
        Out += '\r';
      Out += C;
    }
    return Out;
  };
  const std::string Bom = "\xEF\xBB\xBF";
  writeText(D.path("first.cu"), Bom + Crlf(BuggyKernel));
  writeText(D.path("third.cu"),
            Bom + Crlf("// a\n// b\n" + std::string(BuggyKernel)));
  writeText(D.path("kernel.py"), Bom + Crlf(BuggyTriton));
  TimedRun T = runTimed({"--no-config", D.path("first.cu"), D.path("third.cu"),
                         D.path("kernel.py")});
  expectSane(T, 1);
  EXPECT_TRUE(T.R.Err.empty()) << T.R.Err;
  expectBuggyKernelReported(T, D.path("first.cu"));
  EXPECT_NE(T.R.Out.find(D.path("third.cu") + ":3:127: warning:"),
            std::string::npos)
      << T.R.Out;
  EXPECT_NE(T.R.Out.find(D.path("third.cu") + ":3:139: warning:"),
            std::string::npos)
      << T.R.Out;
  expectBuggyTritonReported(T, D.path("kernel.py"));
  // SARIF regions index the same line text: line 1 starts after the BOM.
  TimedRun S = runTimed({"--no-config", "--format=sarif", D.path("first.cu")});
  EXPECT_NE(S.R.Out.find("\"startColumn\": 127"), std::string::npos) << S.R.Out;
  EXPECT_EQ(S.R.Out.find("\"startColumn\": 125"), std::string::npos) << S.R.Out;
}

// --- broken Python
// --------------------------------------------------------------

TEST(BadInput, PythonSyntaxErrorsKeepValidKernels) {
  TempDir D;
  writeText(
      D.path("broken.py"),
      std::string(BuggyTriton) +
          "\n\n@triton.jit\ndef half_written(x_ptr:\n    pid = tl.program_id(\n"
          "\n\nclass Oops(:\n    pass\n");
  TimedRun T = runTimed({"--no-config", D.path("broken.py")});
  expectSane(T, 1);
  expectBuggyTritonReported(T, D.path("broken.py"));
  EXPECT_TRUE(linesContaining(T.R.Err, "broken.py").empty()) << T.R.Err;
}

TEST(BadInput, PythonMixedTabsAndSpacesKeepValidKernels) {
  // CPython rejects inconsistent tabs ('TabError'); the valid kernel in the
  // same file is still analysed.
  TempDir D;
  writeText(D.path("tabs.py"), std::string(BuggyTriton) +
                                   "\n\n@triton.jit\ndef tabbed(x_ptr, n):\n"
                                   "    pid = tl.program_id(0)\n"
                                   "\tif pid < n:\n"
                                   "        \ttl.store(x_ptr + pid, 1.0)\n");
  TimedRun T = runTimed({"--no-config", D.path("tabs.py")});
  expectSane(T, 1);
  expectBuggyTritonReported(T, D.path("tabs.py"));
  EXPECT_TRUE(linesContaining(T.R.Err, "tabs.py").empty()) << T.R.Err;
}

// --- directories, databases, configs -----------------------------------------

TEST(BadInput, DirectoryWithSymlinkLoop) {
  TempDir D;
  writeText(D.path("src/good.cu"), BuggyKernel);
  llvm::sys::fs::create_directories(D.path("src/sub"));
  ASSERT_FALSE(
      llvm::sys::fs::create_link(D.path("src"), D.path("src/sub/loop")));
  ASSERT_FALSE(
      llvm::sys::fs::create_link(D.path("src/self.cu"), D.path("src/self.cu")));
  TimedRun T = runTimed({"--no-config", D.path("src")});
  expectSane(T, 1);
  expectOneError(T, D.path("src/sub/loop"),
                 "symbolic link loop back to '" + D.path("src") +
                     "'; not followed");
  expectOneError(T, D.path("src/self.cu"),
                 "cannot open: Too many levels of symbolic links");
  expectBuggyKernelReported(T, D.path("src/good.cu"));
  // Reported once: the loop did not walk the file again.
  EXPECT_EQ(linesContaining(T.R.Out, ":1:127: warning:").size(), 1u) << T.R.Out;
}

TEST(BadInput, BuildDirectoryWithoutCompileCommands) {
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  llvm::sys::fs::create_directories(D.path("build"));
  TimedRun T =
      runTimed({"--no-config", "-p", D.path("build"), D.path("good.cu")});
  expectSane(T, 1);
  expectOneError(T, D.path("build"),
                 "no compile_commands.json in this directory; analysing "
                 "without it (no-build mode)");
  expectBuggyKernelReported(T, D.path("good.cu"));
}

TEST(BadInput, MalformedCompileCommands) {
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  writeText(D.path("build/compile_commands.json"),
            "[{\"directory\": \"/tmp\", \"file\": \"good.cu\", \"command\": ");
  TimedRun T =
      runTimed({"--no-config", "-p", D.path("build"), D.path("good.cu")});
  expectSane(T, 1);
  expectOneError(T, D.path("build/compile_commands.json"),
                 "invalid compile database: Expected string as value; "
                 "analysing without it (no-build mode)");
  expectBuggyKernelReported(T, D.path("good.cu"));
}

TEST(BadInput, MalformedConfigStopsWithPosition) {
  // A bad config is an error, never a silent fallback (docs/usage.md): the
  // run stops with exit 2 and the config's file:line:col.
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  writeText(D.path(".kernel-tidy.yaml"),
            "Checks: 'kernel-*'\nCheckOptions: [\n  {key: x\n");
  TimedRun T = runTimed({D.path("good.cu")});
  expectSane(T, 2);
  std::vector<std::string> Lines =
      linesContaining(T.R.Err, ".kernel-tidy.yaml:");
  ASSERT_EQ(Lines.size(), 1u) << T.R.Err;
  EXPECT_TRUE(
      llvm::StringRef(Lines[0]).starts_with(D.path(".kernel-tidy.yaml") + ":"))
      << Lines[0];
  EXPECT_NE(Lines[0].find(": error: "), std::string::npos) << Lines[0];
  // file:line:col, then the message.
  llvm::StringRef Where =
      llvm::StringRef(Lines[0])
          .drop_front(D.path(".kernel-tidy.yaml").size() + 1)
          .split(": error:")
          .first;
  auto [Line, Col] = Where.split(':');
  unsigned L = 0, C = 0;
  EXPECT_FALSE(Line.getAsInteger(10, L)) << Lines[0];
  EXPECT_FALSE(Col.getAsInteger(10, C)) << Lines[0];
  EXPECT_GE(L, 2u) << Lines[0];
  EXPECT_EQ(T.R.Out.find("warning:"), std::string::npos) << T.R.Out;
}

// --- compiler errors
// -------------------------------------------------------------

TEST(BadInput, ThousandsOfCompilerErrorsAreOneLine) {
  TempDir D;
  writeText(D.path("good.cu"), BuggyKernel);
  std::string Broken;
  for (unsigned I = 0; I < 2500; ++I)
    Broken += "int f" + std::to_string(I) + "() { return undeclared_" +
              std::to_string(I) + " + ; }\n";
  writeText(D.path("broken.cu"), Broken);
  // Hidden by default (no-build mode expects parse errors), counted.
  TimedRun T = runTimed(
      {"--no-config", "--format=json", D.path("broken.cu"), D.path("good.cu")});
  expectSane(T, 1);
  EXPECT_TRUE(linesContaining(T.R.Err, "broken.cu").empty())
      << T.R.Err.substr(0, 2000);
  llvm::json::Object Report = parseReport(T.R.Out);
  EXPECT_EQ(Report.getInteger("filesAnalysed"), 2);
  // --verbose: one line for the file, however many errors.
  TimedRun V = runTimed(
      {"--no-config", "--verbose", D.path("broken.cu"), D.path("good.cu")});
  expectSane(V, 1);
  std::vector<std::string> Lines =
      linesContaining(V.R.Err, D.path("broken.cu") + ": ");
  ASSERT_EQ(Lines.size(), 1u) << V.R.Err.substr(0, 2000);
  // The undeclared names are declared as stand-ins for a second parse
  // (UnknownNames.h): the syntax errors remain, and that parse is reported.
  EXPECT_EQ(Lines[0],
            D.path("broken.cu") +
                ": 2500 compiler error(s) while parsing (first: expected "
                "expression); checks ran on the partial AST, with 2500 "
                "name(s) of missing headers declared as stand-ins");
  EXPECT_LT(linesContaining(V.R.Err, "").size(), 10u)
      << V.R.Err.substr(0, 2000);
  expectBuggyKernelReported(V, D.path("good.cu"));
}

// --- crash isolation
// -----------------------------------------------------------

TEST(CrashIsolation, FrontEndCrashCostsOneFile) {
  // '#pragma clang __debug crash' traps in Clang's preprocessor (SIGILL);
  // 'llvm_fatal_error' aborts through report_fatal_error (SIGABRT). The
  // files after them -- a forward/backward pair split across two files,
  // which the run pairs at its end -- are still analysed, and stderr still
  // works (the crashed runs had it redirected).
  TempDir D;
  writeText(D.path("a_crash.cu"),
            "#pragma clang __debug crash\n__global__ void k() {}\n");
  writeText(D.path("a_fatal.cu"), "#pragma clang __debug llvm_fatal_error\n");
  writeText(D.path("b_forward.cu"),
            readText(std::string(KT_FIXTURES_DIR) +
                     "/cuda/kernel-index-width-mismatch/split_forward.cu"));
  writeText(D.path("layer_scale.cuh"), // their shared header: one program
            readText(std::string(KT_FIXTURES_DIR) +
                     "/cuda/kernel-index-width-mismatch/layer_scale.cuh"));
  writeText(D.path("split_backward.cu"),
            readText(std::string(KT_FIXTURES_DIR) +
                     "/cuda/kernel-index-width-mismatch/split_backward.cu"));
  writeText(D.path("good.cu"), BuggyKernel);
  for (const char *Jobs : {"-j1", "-j2"}) {
    SCOPED_TRACE(Jobs);
    TimedRun T = runTimed({"--no-config", Jobs, D.path("")});
    expectSane(T, 1);
    expectOneError(T, D.path("a_crash.cu"),
                   "the analysis crashed on this file (SIGILL); it has no "
                   "findings, other files are still analysed");
    expectOneError(T, D.path("a_fatal.cu"),
                   "the analysis crashed on this file (SIGABRT); it has no "
                   "findings, other files are still analysed");
    expectBuggyKernelReported(T, D.path("good.cu"));
    EXPECT_NE(T.R.Out.find(D.path("split_backward.cu") + ":13:"),
              std::string::npos)
        << T.R.Out.substr(0, 3000);
    EXPECT_EQ(T.R.Err.find("PLEASE submit a bug report"), std::string::npos)
        << T.R.Err.substr(0, 3000);
  }
  // Only crashed files: nothing analysed, exit 2.
  TimedRun Only = runTimed({"--no-config", D.path("a_crash.cu")});
  expectSane(Only, 2);
}

TEST(CrashIsolation, ListKernelsSurvivesACrash) {
  TempDir D;
  writeText(D.path("a_crash.cu"), "#pragma clang __debug crash\n");
  writeText(D.path("good.cu"), BuggyKernel);
  TimedRun T =
      runTimed({"--list-kernels", D.path("a_crash.cu"), D.path("good.cu")});
  expectSane(T, 2); // --list-kernels exits 2 when an input has an error
  expectOneError(T, D.path("a_crash.cu"),
                 "the analysis crashed on this file (SIGILL); it has no "
                 "findings, other files are still analysed");
  EXPECT_NE(T.R.Out.find("kernel 'k'"), std::string::npos) << T.R.Out;
}

} // namespace
