//===- TritonCheckOptions.cpp - CheckOptions of the Triton rules ----------===//
#include "checks/triton/TritonCheckOptions.h"
#include "lib/frontend/clang/Magnitude.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

namespace kerneltidy::triton {
namespace {

/// Fused Triton backward kernels name the gradient they compute
/// (`_layer_norm_bwd_dx_fused`, `_layer_norm_bwd_dwdb`).
const char *const GradientPartWords[] = {"dx", "dw", "db", "dwdb"};

/// clang-tidy's reading of a boolean option as the C++ checks do it: only
/// an explicit false/0/off/no turns a default-true option off.
bool parseBool(llvm::StringRef Value, bool Default) {
  std::string V = Value.trim().lower();
  if (V == "false" || V == "0" || V == "off" || V == "no")
    return false;
  if (V == "true" || V == "1" || V == "on" || V == "yes")
    return true;
  return Default;
}

const std::string *lookup(const std::map<std::string, std::string> &Map,
                          llvm::StringRef Key) {
  auto It = Map.find(Key.str());
  return It == Map.end() ? nullptr : &It->second;
}

} // namespace

TritonCheckOptions::TritonCheckOptions()
    : Markers(NameMarkers::defaults()),
      MaxElementCount(MagnitudeOptions().MaxElementCount) {
  for (const char *W : GradientPartWords)
    Markers.Backward.push_back(W);
}

const TritonCheckOptions &TritonCheckOptions::defaults() {
  static const TritonCheckOptions Defaults;
  return Defaults;
}

TritonCheckOptions TritonCheckOptions::fromCheckOptions(
    const std::map<std::string, std::string> &CheckOptions) {
  TritonCheckOptions O = defaults();
  const std::string *Fwd =
      lookup(CheckOptions, "kernel-index-width-mismatch.ForwardMarkers");
  const std::string *Bwd =
      lookup(CheckOptions, "kernel-index-width-mismatch.BackwardMarkers");
  const std::string *Ign =
      lookup(CheckOptions, "kernel-index-width-mismatch.IgnoredNameWords");
  if (Fwd || Bwd || Ign) {
    NameMarkers M =
        NameMarkers::parse(Fwd ? *Fwd : "", Bwd ? *Bwd : "", Ign ? *Ign : "");
    O.Markers.Forward = std::move(M.Forward);
    O.Markers.Ignored = std::move(M.Ignored);
    // A list the user gave replaces the default, gradient-part words
    // included; an empty one keeps it (as in the C++ check).
    if (Bwd && !llvm::StringRef(*Bwd).trim().empty())
      O.Markers.Backward = std::move(M.Backward);
  }
  if (const std::string *V =
          lookup(CheckOptions, "kernel-index-width-mismatch.SiblingFamilies"))
    O.SiblingFamilies = parseBool(*V, true);
  if (const std::string *V =
          lookup(CheckOptions, "kernel-int32-offset.MaxElementCount")) {
    uint64_t N = 0;
    if (!llvm::StringRef(*V).trim().getAsInteger(10, N))
      O.MaxElementCount = N;
  }
  O.Maxima = ExtentMaxima::fromCheckOptions(CheckOptions);
  if (const std::string *V =
          lookup(CheckOptions, "kernel-store-mask-mismatch.CheckLoads"))
    O.CheckLoads = parseBool(*V, true);
  return O;
}

} // namespace kerneltidy::triton
