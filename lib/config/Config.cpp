//===- Config.cpp ---------------------------------------------------------===//
#include "lib/config/Config.h"
#include "lib/model/Confidence.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "yaml-cpp/yaml.h"
#include <set>

namespace kerneltidy {

std::string ConfigError::str() const {
  std::string S = File;
  if (Line)
    S += ":" + std::to_string(Line) + ":" + std::to_string(Column);
  return S + ": error: " + Message;
}

std::string didYouMean(llvm::StringRef Word,
                       const std::vector<std::string> &Candidates) {
  std::string Best;
  unsigned BestDistance = std::max<unsigned>(2, Word.size() / 3) + 1;
  for (const std::string &C : Candidates) {
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true, BestDistance);
    if (D < BestDistance) {
      BestDistance = D;
      Best = C;
    }
  }
  return Best;
}

static std::string suggestion(llvm::StringRef Word,
                              const std::vector<std::string> &Candidates) {
  std::string Best = didYouMean(Word, Candidates);
  return Best.empty() ? "" : "; did you mean '" + Best + "'?";
}

namespace {

const std::vector<std::string> &knownKeys() {
  static const std::vector<std::string> Keys = {
      "Checks", "CheckOptions", "Confidence", "Exclude", "HeaderFilterRegex",
      "InheritParentConfig"};
  return Keys;
}

bool parsesAsBool(llvm::StringRef S) { return S == "true" || S == "false"; }
bool parsesAsInteger(llvm::StringRef S) {
  long long V;
  return !S.trim().getAsInteger(10, V);
}

class Parser {
public:
  Parser(llvm::StringRef Path, llvm::StringRef Text, const ConfigSchema &Schema,
         std::vector<ConfigError> &Errors)
      : Path(Path), Text(Text), Schema(Schema), Errors(Errors) {}

  std::optional<ConfigFile> parse() {
    YAML::Node Root;
    try {
      Root = YAML::Load(Text.str());
    } catch (const YAML::Exception &E) {
      error(E.mark, E.msg);
      return std::nullopt;
    }
    ConfigFile C;
    C.Path = Path.str();
    C.Directory = llvm::sys::path::parent_path(Path).str();
    if (C.Directory.empty())
      C.Directory = ".";
    if (Root.IsNull())
      return C;
    if (!Root.IsMap()) {
      error(Root.Mark(), "a config file is a mapping of keys "
                         "(Checks, CheckOptions, Exclude, ...)");
      return std::nullopt;
    }
    size_t ErrorsBefore = Errors.size();
    std::set<std::string> Seen;
    for (const auto &KV : Root) {
      std::string Key = KV.first.Scalar();
      if (!Seen.insert(Key).second) {
        error(KV.first.Mark(), "duplicate key '" + Key + "'");
        continue;
      }
      const YAML::Node &V = KV.second;
      if (Key == "Checks") {
        if (auto S = scalar(V, "Checks", "a string of comma-separated globs"))
          if (checkGlobs(V, *S))
            C.Checks = *S;
      } else if (Key == "CheckOptions") {
        checkOptions(V, C);
      } else if (Key == "Exclude") {
        exclude(V, C);
      } else if (Key == "HeaderFilterRegex") {
        if (auto S = scalar(V, Key, "a regular expression")) {
          // Empty is clang-tidy's "no header" default, and what
          // --dump-config writes when no file sets one.
          std::string Why;
          if (!S->empty() && !llvm::Regex(*S).isValid(Why))
            error(V.Mark(), "invalid HeaderFilterRegex: " + Why);
          else
            C.HeaderFilterRegex = *S;
        }
      } else if (Key == "Confidence") {
        if (auto S = scalar(V, Key, ConfidenceValues)) {
          if (!ConfidenceFilter::parse(*S))
            error(V.Mark(), "invalid Confidence '" + *S + "': expected one of " +
                                ConfidenceValues.str());
          else
            C.Confidence = *S;
        }
      } else if (Key == "InheritParentConfig") {
        if (auto S = scalar(V, Key, "true or false")) {
          if (!parsesAsBool(*S))
            error(V.Mark(), "InheritParentConfig must be true or false, not '" +
                                *S + "'");
          else
            C.InheritParentConfig = *S == "true";
        }
      } else {
        error(KV.first.Mark(), "unknown key '" + Key + "'" +
                                   suggestion(Key, knownKeys()));
      }
    }
    if (Errors.size() != ErrorsBefore)
      return std::nullopt;
    return C;
  }

private:
  void error(const YAML::Mark &M, std::string Message) {
    ConfigError E;
    E.File = Path.str();
    if (!M.is_null()) {
      E.Line = M.line + 1;
      E.Column = M.column + 1;
    }
    E.Message = std::move(Message);
    Errors.push_back(std::move(E));
  }

  /// Points at Needle's first occurrence at or after Node's start.
  YAML::Mark markOf(const YAML::Node &Node, llvm::StringRef Needle) {
    YAML::Mark M = Node.Mark();
    if (M.is_null() || M.pos < 0)
      return M;
    size_t At = Text.find(Needle, M.pos);
    if (At == llvm::StringRef::npos)
      return M;
    llvm::StringRef Before = Text.take_front(At);
    M.pos = At;
    M.line = Before.count('\n');
    size_t LineStart = Before.rfind('\n');
    M.column = LineStart == llvm::StringRef::npos ? At : At - LineStart - 1;
    return M;
  }

  std::optional<std::string> scalar(const YAML::Node &V, llvm::StringRef Key,
                                    llvm::StringRef Expected) {
    if (V.IsScalar())
      return V.Scalar();
    error(V.Mark(), "'" + Key.str() + "' must be " + Expected.str() +
                        (V.IsSequence() ? ", not a list"
                         : V.IsMap()    ? ", not a mapping"
                                        : ", not empty"));
    return std::nullopt;
  }

  bool checkGlobs(const YAML::Node &V, llvm::StringRef Globs) {
    bool Ok = true;
    llvm::SmallVector<llvm::StringRef, 8> Items;
    Globs.split(Items, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef Item : Items) {
      llvm::StringRef Glob = Item.trim();
      if (Glob.empty())
        continue;
      llvm::StringRef Name = Glob;
      Name.consume_front("-");
      if (Name.contains('*')) {
        auto Pattern = llvm::GlobPattern::create(Name);
        bool Matches = Name == "*";
        if (Pattern)
          for (const std::string &C : Schema.Checks)
            Matches |= Pattern->match(C);
        else
          llvm::consumeError(Pattern.takeError());
        if (!Matches) {
          error(markOf(V, Glob), "check glob '" + Name.str() +
                                     "' matches no kernel-tidy check" +
                                     suggestion(Name, Schema.Checks));
          Ok = false;
        }
        continue;
      }
      if (!llvm::is_contained(Schema.Checks, Name.str())) {
        error(markOf(V, Glob), "unknown check '" + Name.str() + "'" +
                                   suggestion(Name, Schema.Checks));
        Ok = false;
      }
    }
    return Ok;
  }

  void checkOption(const YAML::Node &KeyNode, const std::string &Key,
                   const YAML::Node &Value, ConfigFile &C) {
    size_t Dot = Key.rfind('.');
    if (Dot == std::string::npos) {
      error(KeyNode.Mark(), "option '" + Key +
                                "' must be written 'check-id.OptionName'");
      return;
    }
    std::string Check = Key.substr(0, Dot), Option = Key.substr(Dot + 1);
    if (!llvm::is_contained(Schema.Checks, Check)) {
      error(KeyNode.Mark(), "option '" + Key + "' names unknown check '" +
                                Check + "'" +
                                suggestion(Check, Schema.Checks));
      return;
    }
    auto Default = Schema.OptionDefaults.find(Key);
    if (Default == Schema.OptionDefaults.end()) {
      std::vector<std::string> Options;
      for (const auto &[K, V] : Schema.OptionDefaults)
        if (llvm::StringRef(K).starts_with(Check + "."))
          Options.push_back(K.substr(Check.size() + 1));
      error(KeyNode.Mark(),
            "unknown option '" + Option + "' of check '" + Check + "'" +
                (Options.empty() ? " (it has no options)"
                                 : suggestion(Option, Options)));
      return;
    }
    if (!Value.IsScalar()) {
      error(Value.Mark(), "option '" + Key + "' takes a single value");
      return;
    }
    std::string V = Value.Scalar();
    if (parsesAsBool(Default->second) && !parsesAsBool(V)) {
      error(Value.Mark(), "option '" + Key + "' is true or false, not '" + V + "'");
      return;
    }
    if (parsesAsInteger(Default->second) && !parsesAsInteger(V)) {
      error(Value.Mark(), "option '" + Key + "' is an integer, not '" + V + "'");
      return;
    }
    C.CheckOptions[Key] = V;
  }

  void checkOptions(const YAML::Node &V, ConfigFile &C) {
    if (V.IsMap()) {
      for (const auto &KV : V)
        checkOption(KV.first, KV.first.Scalar(), KV.second, C);
      return;
    }
    if (V.IsSequence()) { // clang-tidy's older "- key: k\n  value: v" form
      for (const YAML::Node &Item : V) {
        if (!Item.IsMap() || !Item["key"] || !Item["value"]) {
          error(Item.Mark(), "each CheckOptions entry needs 'key' and 'value'");
          continue;
        }
        checkOption(Item["key"], Item["key"].Scalar(), Item["value"], C);
      }
      return;
    }
    if (!V.IsNull())
      error(V.Mark(), "'CheckOptions' must be a mapping of "
                      "'check-id.Option: value'");
  }

  void exclude(const YAML::Node &V, ConfigFile &C) {
    std::vector<YAML::Node> Items;
    if (V.IsScalar())
      Items.push_back(V);
    else if (V.IsSequence())
      for (const YAML::Node &I : V)
        Items.push_back(I);
    else if (!V.IsNull()) {
      error(V.Mark(), "'Exclude' must be a glob or a list of globs");
      return;
    }
    for (const YAML::Node &I : Items) {
      if (!I.IsScalar()) {
        error(I.Mark(), "'Exclude' entries must be glob strings");
        continue;
      }
      auto Pattern = llvm::GlobPattern::create(I.Scalar());
      if (!Pattern) {
        error(I.Mark(), "invalid Exclude glob '" + I.Scalar() +
                            "': " + llvm::toString(Pattern.takeError()));
        continue;
      }
      C.Exclude.push_back(I.Scalar());
    }
  }

  llvm::StringRef Path, Text;
  const ConfigSchema &Schema;
  std::vector<ConfigError> &Errors;
};

std::string absolute(llvm::StringRef P) {
  llvm::SmallString<256> S(P);
  llvm::sys::fs::make_absolute(S);
  llvm::sys::path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S);
}

} // namespace

std::optional<ConfigFile> parseConfigFile(llvm::StringRef Path,
                                          llvm::StringRef Text,
                                          const ConfigSchema &Schema,
                                          std::vector<ConfigError> &Errors) {
  return Parser(Path, Text, Schema, Errors).parse();
}

bool EffectiveConfig::excludes(llvm::StringRef File) const {
  std::string Abs = absolute(File);
  for (const ExcludeGlob &E : Exclude) {
    auto Pattern = llvm::GlobPattern::create(E.Glob);
    if (!Pattern) {
      llvm::consumeError(Pattern.takeError());
      continue;
    }
    llvm::StringRef Rel(Abs);
    std::string Dir = absolute(E.Directory);
    if (Rel.consume_front(Dir) && Rel.consume_front("/") &&
        Pattern->match(Rel))
      return true;
    if (!llvm::StringRef(E.Glob).contains('/') &&
        Pattern->match(llvm::sys::path::filename(Abs)))
      return true;
  }
  return false;
}

ConfigResolver::ConfigResolver(ConfigSchema Schema, std::string ExplicitFile)
    : Schema(std::move(Schema)), ExplicitFile(std::move(ExplicitFile)) {}

const ConfigFile *ConfigResolver::load(const std::string &Path) {
  auto It = Loaded.find(Path);
  if (It != Loaded.end())
    return It->second.get();
  std::unique_ptr<ConfigFile> Result;
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    Errors.push_back({Path, 0, 0, "cannot read config file: " +
                                      Buf.getError().message()});
  else if (auto C = parseConfigFile(Path, (*Buf)->getBuffer(), Schema, Errors))
    Result = std::make_unique<ConfigFile>(std::move(*C));
  return (Loaded[Path] = std::move(Result)).get();
}

std::vector<const ConfigFile *>
ConfigResolver::discover(llvm::StringRef Directory) {
  auto Cached = ByDirectory.find(Directory.str());
  if (Cached != ByDirectory.end())
    return Cached->second;
  std::vector<const ConfigFile *> Chain;
  llvm::SmallString<256> Candidate(Directory);
  llvm::sys::path::append(Candidate, FileName);
  if (llvm::sys::fs::exists(Candidate)) {
    const ConfigFile *C = load(std::string(Candidate));
    if (C)
      Chain.push_back(C);
    if (C && C->InheritParentConfig) {
      llvm::StringRef Parent = llvm::sys::path::parent_path(Directory);
      if (!Parent.empty() && Parent != Directory) {
        std::vector<const ConfigFile *> Up = discover(Parent);
        Chain.insert(Chain.end(), Up.begin(), Up.end());
      }
    }
  } else {
    llvm::StringRef Parent = llvm::sys::path::parent_path(Directory);
    if (!Parent.empty() && Parent != Directory)
      Chain = discover(Parent);
  }
  ByDirectory[Directory.str()] = Chain;
  return Chain;
}

EffectiveConfig
ConfigResolver::chain(std::vector<const ConfigFile *> Files) const {
  EffectiveConfig E;
  // Outermost first, so that nearer files override.
  for (auto It = Files.rbegin(); It != Files.rend(); ++It) {
    const ConfigFile &C = **It;
    E.Sources.push_back(C.Path);
    if (C.Checks)
      E.Checks = E.Checks.empty() ? *C.Checks : E.Checks + "," + *C.Checks;
    for (const auto &[K, V] : C.CheckOptions)
      E.CheckOptions[K] = V;
    for (const std::string &G : C.Exclude)
      E.Exclude.push_back({C.Directory, G});
    if (C.HeaderFilterRegex)
      E.HeaderFilterRegex = *C.HeaderFilterRegex;
    if (C.Confidence)
      E.Confidence = *C.Confidence;
  }
  return E;
}

EffectiveConfig ConfigResolver::configFor(llvm::StringRef SourceFile) {
  if (!ExplicitFile.empty()) {
    const ConfigFile *C = load(ExplicitFile);
    return C ? chain({C}) : EffectiveConfig();
  }
  std::string Abs = absolute(SourceFile);
  llvm::StringRef Dir = llvm::sys::fs::is_directory(Abs)
                            ? llvm::StringRef(Abs)
                            : llvm::sys::path::parent_path(Abs);
  return chain(discover(Dir));
}

static std::string yamlQuote(llvm::StringRef S) {
  std::string Out = "'";
  for (char C : S) {
    if (C == '\'')
      Out += "''";
    else
      Out.push_back(C);
  }
  return Out + "'";
}

std::string
ConfigResolver::dump(const EffectiveConfig &Config,
                     const std::vector<std::string> &EnabledChecks) const {
  std::string Out = "---\n";
  if (Config.Sources.empty())
    Out += "# no " + std::string(FileName) + " applies: defaults\n";
  for (const std::string &S : Config.Sources)
    Out += "# from " + S + "\n";
  Out += "Checks: " + yamlQuote(Config.Checks.empty() ? "kernel-*" : Config.Checks) + "\n";
  std::map<std::string, std::string> Options;
  for (const auto &[K, V] : Schema.OptionDefaults)
    if (llvm::is_contained(EnabledChecks, K.substr(0, K.rfind('.'))))
      Options[K] = V;
  for (const auto &[K, V] : Config.CheckOptions)
    Options[K] = V;
  Out += "CheckOptions:";
  Out += Options.empty() ? " {}\n" : "\n";
  for (const auto &[K, V] : Options)
    Out += "  " + K + ": " + yamlQuote(V) + "\n";
  Out += "Exclude:";
  Out += Config.Exclude.empty() ? " []\n" : "\n";
  for (const auto &E : Config.Exclude)
    Out += "  - " + yamlQuote(E.Glob) + "  # relative to " + E.Directory + "\n";
  Out += "HeaderFilterRegex: " + yamlQuote(Config.HeaderFilterRegex) + "\n";
  Out += "Confidence: " + yamlQuote(Config.Confidence) + "\n...\n";
  return Out;
}

} // namespace kerneltidy
