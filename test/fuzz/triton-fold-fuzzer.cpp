//===- triton-fold-fuzzer.cpp - condensed parse == plain parse ------------===//
//
// Differential: the Triton path hands tree-sitter a condensed text (names
// folded and shortened, positions mapped back; PySyntax.cpp, CompactText)
// because the parse is most of its time. For any bytes whose plain parse has
// no syntax error, the condensed parse must have none either (parse() would
// fall back to the plain parse: right, but a fold that breaks the grammar)
// and must give the plain tree node for node. Invalid code is exempt: error
// recovery may see other tokens there.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/PySyntax.h"
#include "lib/frontend/triton/TritonModule.h"
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  using kerneltidy::triton::PySyntaxTree;
  llvm::StringRef Source(reinterpret_cast<const char *>(Data), Size);
  auto Ranges = kerneltidy::triton::TritonModule::parsedRanges(Source);
  if (Ranges.empty())
    return 0;
  auto Plain =
      PySyntaxTree::parse(Source, Ranges, PySyntaxTree::Reading::Plain);
  if (!Plain || Plain->hasErrors())
    return 0;
  auto Used =
      PySyntaxTree::parse(Source, Ranges, PySyntaxTree::Reading::Condensed);
  if (!Used) {
    std::fprintf(stderr,
                 "triton-fold: no tree where the plain parse has one\n");
    std::abort();
  }
  if (Used->hasErrors()) {
    std::fprintf(stderr,
                 "triton-fold: errors where the plain parse has none\n");
    std::abort();
  }
  if (auto I = Used->firstDifference(*Plain)) {
    std::fprintf(stderr, "triton-fold: node %zu differs from the plain tree\n",
                 *I);
    std::abort();
  }
  return 0;
}
