//===- config-fuzzer.cpp - bytes -> .kernel-tidy.yaml ---------------------===//
//
// Any bytes as a config file, through the resolver as --config-file reads
// it, validated against the real schema (every registered check and every
// option the checks store). A valid file is then used the way the driver
// uses it (Exclude globs) and dumped as --dump-config does; the dump must
// itself be a valid config file.
//
//===----------------------------------------------------------------------===//
#include "lib/config/Config.h"
#include "test/fuzz/FuzzScratch.h"
#include "tools/driver/Driver.h"
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const kerneltidy::ConfigSchema Schema = kerneltidy::configSchema();
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::string Path = kerneltidy::fuzz::writeScratchFile(
      kerneltidy::ConfigResolver::FileName, "", Text);
  kerneltidy::ConfigResolver Resolver(Schema, Path);
  kerneltidy::EffectiveConfig Config = Resolver.configFor("a.cu");
  for (const kerneltidy::ConfigError &E : Resolver.errors())
    (void)E.str();
  if (!Resolver.errors().empty())
    return 0;
  for (const char *Source : {"a.cu", "third_party/x/b.cpp", "/elsewhere/c.py"})
    (void)Config.excludes(Source);
  std::string Dump = Resolver.dump(Config, Schema.Checks);
  std::vector<kerneltidy::ConfigError> DumpErrors;
  if (!kerneltidy::parseConfigFile("dump.yaml", Dump, Schema, DumpErrors)) {
    llvm::errs() << "--dump-config output is not a valid config:\n"
                 << Dump << "\n";
    for (const kerneltidy::ConfigError &E : DumpErrors)
      llvm::errs() << E.str() << "\n";
    std::abort();
  }
  return 0;
}
