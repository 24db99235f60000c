//===- Confidence.cpp - confidence tiers and the default profile -----------===//
#include "lib/model/Confidence.h"
#include "llvm/ADT/StringSwitch.h"

namespace kerneltidy {

llvm::StringRef confidenceName(Confidence C) {
  switch (C) {
  case Confidence::High:
    return "high";
  case Confidence::Medium:
    return "medium";
  case Confidence::Low:
    break;
  }
  return "low";
}

std::optional<Confidence> parseConfidenceName(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<Confidence>>(Name.trim().lower())
      .Case("high", Confidence::High)
      .Case("medium", Confidence::Medium)
      .Case("low", Confidence::Low)
      .Default(std::nullopt);
}

namespace {
/// The measured default profile: for each check and front end, the lowest
/// tier whose precision on the labelled tuning heads is at least 80%, with
/// every tier above it also at 80% or better. Measured with
/// tools/eval/evaluate.py; the figures are in docs/evaluation.md, section 5.
/// A check and front end absent from this table shows nothing by default.
struct DefaultRow {
  llvm::StringLiteral Check;
  FrontEnd FE;
  Confidence Lowest;
};
constexpr DefaultRow DefaultProfile[] = {
#define KT_DEFAULT_TIER(CHECK, FE, TIER)                                       \
  {CHECK, FrontEnd::FE, Confidence::TIER},
#include "lib/model/DefaultProfile.def"
};
} // namespace

bool shownByDefault(llvm::StringRef Check, FrontEnd FE, Confidence C) {
  for (const DefaultRow &R : DefaultProfile)
    if (R.Check == Check && R.FE == FE)
      return C >= R.Lowest;
  return false;
}

Confidence untieredCheckTier(llvm::StringRef, FrontEnd,
                             std::string *Why) {
  if (Why)
    *Why = "one tier for every finding of this check: its evidence is not "
           "graded yet";
  return Confidence::Medium;
}

std::optional<ConfidenceFilter> ConfidenceFilter::parse(llvm::StringRef V) {
  std::string L = V.trim().lower();
  if (L == "default" || L.empty())
    return defaults();
  if (L == "all")
    return all();
  if (auto C = parseConfidenceName(L)) {
    ConfidenceFilter F;
    F.UseDefaults = false;
    F.Lowest = *C;
    return F;
  }
  return std::nullopt;
}

bool ConfidenceFilter::shows(llvm::StringRef Check, FrontEnd FE,
                             Confidence C) const {
  if (UseDefaults)
    return shownByDefault(Check, FE, C);
  return C >= Lowest;
}

std::string ConfidenceFilter::str() const {
  if (UseDefaults)
    return "default";
  if (Lowest == Confidence::Low)
    return "all";
  return confidenceName(Lowest).str();
}

std::string confidenceNote(Confidence C, llvm::StringRef Why) {
  std::string Text = "confidence " + confidenceName(C).str();
  if (!Why.empty())
    Text += ": " + Why.str();
  return Text;
}

std::optional<Confidence> confidenceFromNote(llvm::StringRef Text) {
  if (!Text.consume_front("confidence "))
    return std::nullopt;
  return parseConfidenceName(Text.take_until([](char C) { return C == ':'; }));
}

} // namespace kerneltidy
