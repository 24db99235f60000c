//===- Baseline.cpp -------------------------------------------------------===//
#include "lib/report/Baseline.h"
#include "lib/report/Fingerprint.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>

namespace kerneltidy {

static std::optional<llvm::json::Value> readJson(llvm::StringRef Path,
                                                 std::string &Error) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf) {
    Error = "cannot read '" + Path.str() + "': " + Buf.getError().message();
    return std::nullopt;
  }
  auto V = llvm::json::parse((*Buf)->getBuffer());
  if (!V) {
    Error = "'" + Path.str() + "' is not JSON: " + llvm::toString(V.takeError());
    return std::nullopt;
  }
  if (!V->getAsObject()) {
    Error = "'" + Path.str() + "' is not a kernel-tidy JSON or SARIF report";
    return std::nullopt;
  }
  return std::move(*V);
}

bool readBaseline(llvm::StringRef Path, std::set<std::string> &Fingerprints,
                  std::string &Error) {
  auto V = readJson(Path, Error);
  if (!V)
    return false;
  const llvm::json::Object &Root = *V->getAsObject();
  if (const llvm::json::Array *Runs = Root.getArray("runs")) {
    for (const llvm::json::Value &Run : *Runs) {
      const llvm::json::Object *R = Run.getAsObject();
      const llvm::json::Array *Results = R ? R->getArray("results") : nullptr;
      if (!Results)
        continue;
      for (const llvm::json::Value &Res : *Results) {
        const llvm::json::Object *O = Res.getAsObject();
        const llvm::json::Object *FP =
            O ? O->getObject("partialFingerprints") : nullptr;
        auto S = FP ? FP->getString(FingerprintKey) : std::nullopt;
        if (!S) {
          Error = "'" + Path.str() + "': a SARIF result lacks partialFingerprints." +
                  FingerprintKey + " (was it written by kernel-tidy?)";
          return false;
        }
        Fingerprints.insert(S->str());
      }
    }
    return true;
  }
  const llvm::json::Array *Findings = Root.getArray("findings");
  if (!Findings) {
    Error = "'" + Path.str() + "' has neither 'runs' (SARIF) nor 'findings' (JSON)";
    return false;
  }
  for (const llvm::json::Value &F : *Findings) {
    const llvm::json::Object *O = F.getAsObject();
    auto S = O ? O->getString("fingerprint") : std::nullopt;
    if (!S) {
      Error = "'" + Path.str() + "': a finding lacks its 'fingerprint'";
      return false;
    }
    Fingerprints.insert(S->str());
  }
  return true;
}

unsigned removeBaselined(AnalysisResult &Result,
                         const std::set<std::string> &Baseline,
                         llvm::StringRef Root) {
  SourceCache Sources;
  std::vector<std::string> FPs = computeFingerprints(Result, Root, Sources);
  std::vector<Finding> Kept;
  for (size_t I = 0; I < Result.Findings.size(); ++I)
    if (!Baseline.count(FPs[I]))
      Kept.push_back(std::move(Result.Findings[I]));
  unsigned Dropped = Result.Findings.size() - Kept.size();
  Result.Findings = std::move(Kept);
  return Dropped;
}

namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

std::string sortKeyOfFinding(const Value &V) {
  const Object *O = V.getAsObject();
  if (!O)
    return "";
  return llvm::formatv("{0}\x01{1,10}\x01{2,10}\x01{3}\x01{4}",
                       O->getString("file").value_or(""),
                       O->getInteger("line").value_or(0),
                       O->getInteger("column").value_or(0),
                       O->getString("check").value_or(""),
                       O->getString("message").value_or(""))
      .str();
}

void sortBy(Array &A, std::string (*Key)(const Value &)) {
  std::vector<std::pair<std::string, Value>> Keyed;
  for (Value &V : A)
    Keyed.emplace_back(Key(V), std::move(V));
  std::stable_sort(Keyed.begin(), Keyed.end(),
                   [](const auto &L, const auto &R) { return L.first < R.first; });
  A.clear();
  for (auto &[K, V] : Keyed)
    A.push_back(std::move(V));
}

std::string sortKeyOfResult(const Value &V) {
  const Object *O = V.getAsObject();
  const Array *Locs = O ? O->getArray("locations") : nullptr;
  const Object *Phys =
      Locs && !Locs->empty() && (*Locs)[0].getAsObject()
          ? (*Locs)[0].getAsObject()->getObject("physicalLocation")
          : nullptr;
  const Object *Art = Phys ? Phys->getObject("artifactLocation") : nullptr;
  const Object *Reg = Phys ? Phys->getObject("region") : nullptr;
  return llvm::formatv("{0}\x01{1,10}\x01{2,10}\x01{3}",
                       Art ? Art->getString("uri").value_or("") : "",
                       Reg ? Reg->getInteger("startLine").value_or(0) : 0,
                       Reg ? Reg->getInteger("startColumn").value_or(0) : 0,
                       O ? O->getString("ruleId").value_or("") : "")
      .str();
}

} // namespace

bool mergeReports(const std::vector<std::string> &Paths, llvm::raw_ostream &OS,
                  bool &Findings, std::string &Error) {
  if (Paths.empty()) {
    Error = "merge needs at least one report";
    return false;
  }
  std::vector<Value> Docs;
  for (const std::string &P : Paths) {
    auto V = readJson(P, Error);
    if (!V)
      return false;
    Docs.push_back(std::move(*V));
  }
  bool Sarif = Docs.front().getAsObject()->get("runs") != nullptr;
  for (size_t I = 0; I < Docs.size(); ++I) {
    const Object &O = *Docs[I].getAsObject();
    bool IsSarif = O.getArray("runs") != nullptr;
    bool IsJson = O.getArray("findings") != nullptr;
    if ((Sarif && !IsSarif) || (!Sarif && !IsJson)) {
      Error = "'" + Paths[I] + "' is not a " + (Sarif ? "SARIF" : "JSON") +
              " report like '" + Paths[0] + "'; merge reports of one format";
      return false;
    }
  }
  Value Out = std::move(Docs.front());
  Object &Root = *Out.getAsObject();
  if (!Sarif) {
    Array &F = *Root.getArray("findings");
    if (!Root.getArray("errors"))
      Root["errors"] = Array{};
    Array &E = *Root.getArray("errors");
    int64_t Files = Root.getInteger("filesAnalysed").value_or(0);
    for (size_t I = 1; I < Docs.size(); ++I) {
      Object &O = *Docs[I].getAsObject();
      for (Value &V : *O.getArray("findings"))
        F.push_back(std::move(V));
      if (Array *OE = O.getArray("errors"))
        for (Value &V : *OE)
          E.push_back(std::move(V));
      if (Array *OF = O.getArray("files")) {
        if (!Root.getArray("files"))
          Root["files"] = Array{};
        for (Value &V : *OF)
          Root.getArray("files")->push_back(std::move(V));
      }
      Files += O.getInteger("filesAnalysed").value_or(0);
    }
    sortBy(F, sortKeyOfFinding);
    Root["filesAnalysed"] = Files;
    Findings = !F.empty();
  } else {
    Array &Runs = *Root.getArray("runs");
    if (Runs.empty() || !Runs[0].getAsObject()) {
      Error = "'" + Paths[0] + "' has no run";
      return false;
    }
    Object &Run = *Runs[0].getAsObject();
    if (!Run.getArray("results"))
      Run["results"] = Array{};
    Array &Results = *Run.getArray("results");
    if (!Run.getArray("invocations"))
      Run["invocations"] = Array{Object{{"executionSuccessful", true}}};
    Array &Invocations = *Run.getArray("invocations");
    // Every run after the first of every log folds into the first run.
    std::vector<Object *> Others;
    for (size_t R = 1; R < Runs.size(); ++R)
      if (Object *O = Runs[R].getAsObject())
        Others.push_back(O);
    for (size_t I = 1; I < Docs.size(); ++I)
      for (Value &R : *Docs[I].getAsObject()->getArray("runs"))
        if (Object *O = R.getAsObject())
          Others.push_back(O);
    for (Object *O : Others) {
      if (Array *Res = O->getArray("results"))
        for (Value &V : *Res)
          Results.push_back(std::move(V));
      if (Array *Inv = O->getArray("invocations"))
        for (Value &V : *Inv)
          Invocations.push_back(std::move(V));
    }
    // One invocation: the worst exit code, success only if all succeeded,
    // every notification.
    Object Merged{{"executionSuccessful", true}};
    int64_t Exit = 0;
    Array Notes;
    for (Value &V : Invocations) {
      Object *I = V.getAsObject();
      if (!I)
        continue;
      if (!I->getBoolean("executionSuccessful").value_or(true))
        Merged["executionSuccessful"] = false;
      Exit = std::max(Exit, I->getInteger("exitCode").value_or(0));
      if (Array *N = I->getArray("toolExecutionNotifications"))
        for (Value &NV : *N)
          Notes.push_back(std::move(NV));
    }
    Merged["exitCode"] = Exit;
    if (!Notes.empty())
      Merged["toolExecutionNotifications"] = std::move(Notes);
    Invocations.clear();
    Invocations.push_back(std::move(Merged));
    sortBy(Results, sortKeyOfResult);
    Findings = !Results.empty();
    if (Runs.size() > 1) { // (json::Array cannot erase)
      Array One;
      One.push_back(std::move(Runs[0]));
      Runs = std::move(One);
    }
  }
  OS << llvm::formatv("{0:2}", Out) << "\n";
  return true;
}

} // namespace kerneltidy
