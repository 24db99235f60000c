//===- Fingerprint.h - source text and line-shift-proof ids -----*- C++ -*-===//
//
// A finding's fingerprint names it independently of its line number, so a
// baseline taken today still recognises the finding after code above it
// moved: hash(check, file relative to a root, the offending source line with
// whitespace removed, and how many earlier findings share those three).
// SARIF's partialFingerprints, the JSON "fingerprint" field and --baseline all
// use this one definition.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_REPORT_FINGERPRINT_H
#define KERNEL_TIDY_LIB_REPORT_FINGERPRINT_H

#include "lib/report/Finding.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <string>
#include <vector>

namespace kerneltidy {

/// Reads each source file once and hands out its lines (without the newline).
class SourceCache {
public:
  /// Line number Line (1-based) of File; empty when unreadable or past EOF.
  llvm::StringRef line(llvm::StringRef File, unsigned Line);

private:
  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::vector<size_t> Starts;
  };
  llvm::StringMap<Entry> Files;
};

/// File made absolute (dots removed), then relative to Root when below it
/// (Root empty: the current directory), with '/' separators. Files outside
/// Root stay absolute.
std::string pathRelativeTo(llvm::StringRef File, llvm::StringRef Root);

/// One fingerprint per finding of Result, in the same order.
std::vector<std::string> computeFingerprints(const AnalysisResult &Result,
                                             llvm::StringRef Root,
                                             SourceCache &Sources);

/// The partialFingerprints key kernel-tidy writes into SARIF.
constexpr const char *FingerprintKey = "kernelTidy/v1";

} // namespace kerneltidy

#endif
