//===- Confidence.h - confidence tiers and what is shown by default -*- C++ -*-===//
//
// Every finding carries a confidence tier: High, Medium or Low. A tier is a
// claim about precision, so it is decided from evidence (what the analysis
// knows of the values involved) by one policy per hazard, the same for the
// C++ and the Triton front ends, and its precision is *measured* on labelled
// real code (docs/evaluation.md, tools/eval/evaluate.py).
//
// What a user sees without options is the measured table below: a tier of a
// check and front end is shown by default only when its precision on the
// labelled tuning heads is 80% or better (CodeQL's default code-scanning
// suite works the same way). `--confidence=all` (or `Confidence: all` in
// .kernel-tidy.yaml, or the clang-tidy check option `Confidence`) shows every
// tier; `--confidence=medium` shows Medium and High, and so on.
//
// Nothing here names a check's implementation: the table is keyed by check id
// and front end, the policies by the evidence they read.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_MODEL_CONFIDENCE_H
#define KERNEL_TIDY_LIB_MODEL_CONFIDENCE_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace kerneltidy {

enum class Confidence : uint8_t { Low, Medium, High };

llvm::StringRef confidenceName(Confidence C);
std::optional<Confidence> parseConfidenceName(llvm::StringRef Name);

enum class FrontEnd : uint8_t { Cxx, Triton };

/// Whether the tier C of a check is shown in the default profile: measured at
/// 80% precision or better on the labelled tuning heads.
bool shownByDefault(llvm::StringRef Check, FrontEnd FE, Confidence C);

/// The one tier of every finding of a check and front end whose findings are
/// not tiered by evidence yet, and the reason its note gives. The driver
/// gives it to findings that carry no tier; such a check run as a clang-tidy
/// plugin reports nothing when the filter hides that tier.
Confidence untieredCheckTier(llvm::StringRef Check, FrontEnd FE,
                             std::string *Why = nullptr);

/// The value of --confidence / `Confidence:` / the check option: "default"
/// (the measured table), "all", or a lowest tier to show ("high", "medium",
/// "low"; "low" is the same as "all").
class ConfidenceFilter {
public:
  static std::optional<ConfidenceFilter> parse(llvm::StringRef Value);
  /// parse(Value), or the default profile where Value does not parse (a
  /// check option is validated by the config reader, not by the check).
  static ConfidenceFilter parseOrDefaults(llvm::StringRef Value) {
    return parse(Value).value_or(defaults());
  }
  static ConfidenceFilter defaults() { return ConfidenceFilter(); }
  static ConfidenceFilter all() {
    ConfidenceFilter F;
    F.UseDefaults = false;
    F.Lowest = Confidence::Low;
    return F;
  }
  bool shows(llvm::StringRef Check, FrontEnd FE, Confidence C) const;
  /// Whether the findings of a check with one tier for all of them
  /// (untieredCheckTier) are shown.
  bool showsUntiered(llvm::StringRef Check, FrontEnd FE) const {
    return shows(Check, FE, untieredCheckTier(Check, FE));
  }
  bool showsEverything() const {
    return !UseDefaults && Lowest == Confidence::Low;
  }
  std::string str() const;

private:
  bool UseDefaults = true;
  Confidence Lowest = Confidence::Low;
};

/// The accepted spellings, for error messages and --help.
inline constexpr llvm::StringLiteral ConfidenceValues =
    "default, all, high, medium, low";

/// The text of the note every finding ends with: "confidence <tier>: <why>".
/// Front ends that talk through clang-tidy's diagnostics (the C++ checks)
/// carry the tier in this note; the driver reads it back with
/// confidenceFromNote.
std::string confidenceNote(Confidence C, llvm::StringRef Why);
std::optional<Confidence> confidenceFromNote(llvm::StringRef NoteText);

} // namespace kerneltidy

#endif
