//===- Config.h - .kernel-tidy.yaml -----------------------------*- C++ -*-===//
//
// kernel-tidy's configuration file, read with yaml-cpp and discovered upward
// from each analysed file like clang-tidy's .clang-tidy (the nearest file
// wins; "InheritParentConfig: true" layers it over its parent's). Keys:
//
//   Checks: '-*,kernel-int32-offset'      clang-tidy glob list
//   CheckOptions:                          check-id.Option: value
//     kernel-int32-offset.SomeOption: 3    (clang-tidy's key/value list too)
//   Exclude: ['third_party/*', '*.gen.cu'] globs, relative to the file's dir
//   HeaderFilterRegex: 'include/mylib/.*'  report findings in these headers
//   Confidence: default                    tiers shown: default (measured at 80%
//                                          precision or better), all, high,
//                                          medium, low (lib/model/Confidence.h)
//   InheritParentConfig: true
//
// A bad file is an error with file:line:col and a did-you-mean, never a
// silent fallback: unknown key, unknown check (or a glob matching none),
// unknown option, or a value of the wrong type (the type of an option's
// default value: integer, boolean or string).
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_CONFIG_CONFIG_H
#define KERNEL_TIDY_LIB_CONFIG_CONFIG_H

#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kerneltidy {

/// What a config may name: the caller fills it from the check registry.
struct ConfigSchema {
  std::vector<std::string> Checks;
  /// "check-id.Option" -> default value (as clang-tidy stores options).
  std::map<std::string, std::string> OptionDefaults;
};

struct ConfigError {
  std::string File;
  unsigned Line = 0, Column = 0; // 1-based; 0: the file as a whole
  std::string Message;
  /// "file:line:col: error: message", clang style.
  std::string str() const;
};

/// One file's contents, validated.
struct ConfigFile {
  std::string Path;
  std::string Directory; // Exclude globs are relative to it
  std::optional<std::string> Checks;
  std::map<std::string, std::string> CheckOptions;
  std::vector<std::string> Exclude;
  std::optional<std::string> HeaderFilterRegex;
  std::optional<std::string> Confidence;
  bool InheritParentConfig = false;
};

/// Parses and validates Text as the config file Path. Returns nothing and
/// appends to Errors when it is not valid.
std::optional<ConfigFile> parseConfigFile(llvm::StringRef Path,
                                          llvm::StringRef Text,
                                          const ConfigSchema &Schema,
                                          std::vector<ConfigError> &Errors);

/// The configuration that applies to one analysed file.
struct EffectiveConfig {
  std::vector<std::string> Sources; // config files, outermost first
  std::string Checks;               // glob list, parents' first; may be empty
  std::map<std::string, std::string> CheckOptions;
  struct ExcludeGlob {
    std::string Directory;
    std::string Glob;
  };
  std::vector<ExcludeGlob> Exclude;
  std::string HeaderFilterRegex;
  std::string Confidence = "default";

  /// True when an Exclude glob matches File: the path relative to the
  /// glob's config directory, or (for a glob without '/') the file name.
  bool excludes(llvm::StringRef File) const;
};

/// Finds, parses and caches config files.
class ConfigResolver {
public:
  /// ExplicitFile (--config-file) replaces discovery for every file.
  ConfigResolver(ConfigSchema Schema, std::string ExplicitFile = "");

  /// The config for SourceFile. Errors are collected in errors().
  EffectiveConfig configFor(llvm::StringRef SourceFile);
  const std::vector<ConfigError> &errors() const { return Errors; }

  /// --dump-config: Config as YAML, every option of an enabled check with
  /// its default filled in where the config does not set it.
  std::string dump(const EffectiveConfig &Config,
                   const std::vector<std::string> &EnabledChecks) const;

  static constexpr const char *FileName = ".kernel-tidy.yaml";

private:
  const ConfigFile *load(const std::string &Path);
  EffectiveConfig chain(std::vector<const ConfigFile *> Files) const;
  /// Nearest config file at or above Directory, following
  /// InheritParentConfig; nearest first.
  std::vector<const ConfigFile *> discover(llvm::StringRef Directory);

  ConfigSchema Schema;
  std::string ExplicitFile;
  std::map<std::string, std::unique_ptr<ConfigFile>> Loaded; // null: invalid
  std::map<std::string, std::vector<const ConfigFile *>> ByDirectory;
  std::vector<ConfigError> Errors;
};

/// The closest of Candidates to Word within a small edit distance, or "".
std::string didYouMean(llvm::StringRef Word,
                       const std::vector<std::string> &Candidates);

} // namespace kerneltidy

#endif
