//===- TritonThroughput.cpp - files/s of the Triton path, in-process ------===//
//
// The Triton path's speed without the CLI's process start (loading
// libclang-cpp and libLLVM costs about 0.12 s of CPU, a third of a run over a
// small repository): every .py file under the given paths is read into
// memory once, then analysed with all four rules, pass after pass; the
// figure is the best pass's CPU time of this thread. Run by hand (see
// docs/benchmarks.md), never by a test.
//
//   kt-triton-bench [--passes N] [--cpu K] [--stage S] PATH...
//
// --stage says how far each file goes, to show where the time is:
//   ts     tree-sitter's parse of the text the model reads, nothing else;
//   parse  the same plus the copy into kernel-tidy's flat tree (PySyntaxTree);
//   model  the same plus discovery (TritonModule::build), no analysis;
//   full   analyzePythonFile with all four rules (default; what the CLI does).
//   fold-check  no timing to read: parses each file with and without the
//          condensed text (PySyntaxTree::parse: folded names and broadcasts,
//          shortened names) and reports any file whose two trees differ;
//          count = files whose trees are the same.
// --cpu K pins the thread to core K, so that several copies can measure
// several cores of one machine at once (the per-core figure under load).
//
// Built only with -DKT_BUILD_BENCH=ON: linked statically (LLVMSupport,
// tree-sitter, libstdc++), so that it runs on a machine without LLVM 19 or a
// matching C library, such as an idle benchmark host.
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonChecks.h"
#include "lib/frontend/triton/PySyntax.h"
#include "lib/frontend/triton/TritonModule.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sched.h>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct SourceFile {
  std::string Path, Text;
};

double threadCpuSeconds() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

void collect(const std::filesystem::path &P, std::vector<SourceFile> &Out) {
  namespace fs = std::filesystem;
  std::vector<fs::path> Paths;
  if (fs::is_directory(P)) {
    for (const auto &E : fs::recursive_directory_iterator(P))
      if (E.is_regular_file() && E.path().extension() == ".py")
        Paths.push_back(E.path());
    std::sort(Paths.begin(), Paths.end());
  } else {
    Paths.push_back(P);
  }
  for (const auto &Path : Paths) {
    std::ifstream In(Path, std::ios::binary);
    std::stringstream S;
    S << In.rdbuf();
    Out.push_back({Path.string(), S.str()});
  }
}

} // namespace

int main(int Argc, char **Argv) {
  int Passes = 7;
  int Cpu = -1;
  std::string Stage = "full";
  std::vector<SourceFile> Files;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--passes") && I + 1 < Argc)
      Passes = std::max(1, std::atoi(Argv[++I]));
    else if (!std::strcmp(Argv[I], "--cpu") && I + 1 < Argc)
      Cpu = std::atoi(Argv[++I]);
    else if (!std::strcmp(Argv[I], "--stage") && I + 1 < Argc)
      Stage = Argv[++I];
    else
      collect(Argv[I], Files);
  }
  if (Files.empty() || (Stage != "ts" && Stage != "parse" && Stage != "model" &&
                        Stage != "full" && Stage != "fold-check")) {
    std::fprintf(stderr, "usage: kt-triton-bench [--passes N] [--cpu K] "
                         "[--stage ts|parse|model|full|fold-check] PATH...\n");
    return 2;
  }
  if (Cpu >= 0) {
    cpu_set_t Set;
    CPU_ZERO(&Set);
    CPU_SET(Cpu, &Set);
    if (sched_setaffinity(0, sizeof Set, &Set) != 0)
      std::perror("sched_setaffinity");
  }
  size_t Bytes = 0;
  for (const SourceFile &F : Files)
    Bytes += F.Text.size();

  auto AllChecks = [](llvm::StringRef) { return true; };
  double Best = 1e30, Worst = 0;
  size_t Findings = 0;
  for (int P = 0; P < Passes; ++P) {
    kerneltidy::triton::clearTritonIndexWidthSummaries();
    size_t Count = 0;
    double Start = threadCpuSeconds();
    for (const SourceFile &F : Files) {
      if (Stage == "ts") {
        auto Ranges = kerneltidy::triton::TritonModule::parsedRanges(F.Text);
        if (!Ranges.empty())
          Count += kerneltidy::triton::PySyntaxTree::parseWithoutCopy(F.Text,
                                                                      Ranges);
      } else if (Stage == "model") {
        if (auto M = kerneltidy::triton::TritonModule::build(F.Text))
          Count += M->functions().size();
      } else if (Stage == "fold-check") {
        // Not a speed stage: the tree of the condensed text must be the tree
        // of the text, node for node; prints each file where it is not.
        auto Ranges = kerneltidy::triton::TritonModule::parsedRanges(F.Text);
        if (Ranges.empty())
          continue;
        using kerneltidy::triton::PySyntaxTree;
        auto A = PySyntaxTree::parse(F.Text, Ranges,
                                     PySyntaxTree::Reading::Condensed);
        auto Plain =
            PySyntaxTree::parse(F.Text, Ranges, PySyntaxTree::Reading::Plain);
        // Valid code must parse condensed as it is: a fallback there is a
        // fold that breaks the grammar (and costs the plain parse).
        if (A && Plain && A->hasErrors() && !Plain->hasErrors())
          std::printf("fold-check: %s: condensed text has errors, plain not\n",
                      F.Path.c_str());
        const PySyntaxTree *Used = A.get(), *B = Plain.get();
        if (A && A->hasErrors())
          Used = B; // what parse() gives: the plain tree
        if (!Used || !B)
          std::printf("fold-check: %s: no tree (%s)\n", F.Path.c_str(),
                      Used ? "plain" : "condensed");
        if (Used && B && Used->hasErrors() != B->hasErrors())
          std::printf("fold-check: %s: errors %d condensed, %d not\n",
                      F.Path.c_str(), Used->hasErrors(), B->hasErrors());
        if (!Used || !B || Used->hasErrors() != B->hasErrors())
          continue;
        if (std::optional<size_t> I = Used->firstDifference(*B)) {
          if (*I < std::min(Used->size(), B->size())) {
            const auto &X = Used->node(kerneltidy::triton::NodeId(*I));
            const auto &Y = B->node(kerneltidy::triton::NodeId(*I));
            std::printf("fold-check: %s: node %zu differs (line %u: "
                        "bytes %u-%u kind %d / %u-%u kind %d)\n",
                        F.Path.c_str(), *I, X.Line + 1, X.Start, X.End,
                        int(X.Kind), Y.Start, Y.End, int(Y.Kind));
          } else {
            std::printf("fold-check: %s: %zu nodes condensed, %zu not\n",
                        F.Path.c_str(), Used->size(), B->size());
          }
        } else {
          ++Count;
        }
      } else if (Stage == "parse") {
        auto Ranges = kerneltidy::triton::TritonModule::parsedRanges(F.Text);
        if (!Ranges.empty())
          if (auto T = kerneltidy::triton::PySyntaxTree::parse(F.Text, Ranges))
            Count += T->size();
      } else {
        Count += kerneltidy::triton::analyzePythonFile(F.Path, F.Text, AllChecks)
                     .Findings.size();
      }
    }
    if (Stage == "full")
      Count += kerneltidy::triton::crossFileTritonIndexWidthFindings().size();
    double Seconds = threadCpuSeconds() - Start;
    Best = std::min(Best, Seconds);
    Worst = std::max(Worst, Seconds);
    Findings = Count;
  }
  std::printf("stage %s  files %zu  MB %.2f  count %zu  passes %d  cpu_s best %.3f worst %.3f  "
              "files/s %.0f  MB/s %.2f\n",
              Stage.c_str(), Files.size(), Bytes / 1e6, Findings, Passes, Best, Worst,
              Files.size() / Best, Bytes / 1e6 / Best);
  return 0;
}
