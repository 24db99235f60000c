//===- TritonCheckOptions.h - CheckOptions of the Triton rules --*- C++ -*-===//
//
// The Triton rules read the C++ checks' CheckOptions: the same keys
// (`check-id.Option`, as in `.kernel-tidy.yaml` and `--dump-config`), the
// same meanings where the option applies to Triton, and the same defaults,
// taken from the headers the C++ checks take them from
// (lib/model/OperationFamilies.h, lib/frontend/clang/Magnitude.h).
//
//   kernel-index-width-mismatch.ForwardMarkers, .BackwardMarkers,
//     .IgnoredNameWords  role and filler words of kernel names (an empty or
//     missing list keeps the default); Triton adds the gradient-part words
//     dx/dw/db/dwdb to the default backward list only
//   kernel-index-width-mismatch.SiblingFamilies  Triton sees no launches, so
//     its siblings are kernels of one name family with the same role
//     (`_bwd_dx` / `_bwd_dwdb`); false pairs forward with backward only
//   kernel-int32-offset.MaxElementCount  an int32 offset into a tensor of at
//     most this many elements cannot wrap: <= 2^31 - 1 silences the rule
//   kernel-int32-offset.MaxTokens, .MaxRowWidth, ... (lib/model/
//     ExtentMaxima.def)  the realistic maxima per role: a term whose every
//     factor has one, within 2^31 - 1 together, is not reported
//   kernel-store-mask-mismatch.CheckLoads  false reports stores and atomics
//     only
//
// kernel-int32-offset.MaxThreadsPerLaunch does not apply: the Triton model
// bounds program ids by grid arithmetic, not by a thread count.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_CHECKS_TRITON_TRITONCHECKOPTIONS_H
#define KERNEL_TIDY_CHECKS_TRITON_TRITONCHECKOPTIONS_H

#include "lib/model/ExtentMaxima.h"
#include "lib/model/OperationFamilies.h"
#include <cstdint>
#include <map>
#include <string>

namespace kerneltidy::triton {

struct TritonCheckOptions {
  // kernel-index-width-mismatch
  NameMarkers Markers;
  bool SiblingFamilies = true;
  // kernel-int32-offset
  uint64_t MaxElementCount;
  ExtentMaxima Maxima;
  // kernel-store-mask-mismatch
  bool CheckLoads = true;

  /// The defaults (the C++ checks' defaults, plus dx/dw/db/dwdb as backward
  /// markers).
  TritonCheckOptions();
  /// Options from a `check-id.Option` -> value map (the effective config's
  /// CheckOptions); missing keys and values that do not parse keep the
  /// default, keys of other checks are ignored.
  static TritonCheckOptions
  fromCheckOptions(const std::map<std::string, std::string> &CheckOptions);
  /// The shared defaults, built once.
  static const TritonCheckOptions &defaults();
};

} // namespace kerneltidy::triton

#endif
