//===- CliTestSupport.h - running kernel-tidy from unit tests ---*- C++ -*-===//
//
// Temporary directories, file helpers and a subprocess runner shared by the
// workflow tests (SARIF schema, baselines, --fix, pre-commit, sharding).
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_TEST_UNIT_CLITESTSUPPORT_H
#define KERNEL_TIDY_TEST_UNIT_CLITESTSUPPORT_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace kerneltidy::test {

/// The repository root, with a trailing '/'.
inline std::string sourceRoot() {
  llvm::SmallString<256> P(KT_FIXTURES_DIR);
  llvm::sys::path::remove_filename(P);
  return std::string(P) + "/";
}

inline std::string readText(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path, false, false);
  return B ? (*B)->getBuffer().str() : std::string();
}

inline void writeText(llvm::StringRef Path, llvm::StringRef Text) {
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << Text;
}

/// A fresh directory, removed with everything in it at scope exit.
class TempDir {
public:
  explicit TempDir(llvm::StringRef Prefix = "kt-test") {
    llvm::sys::fs::createUniqueDirectory(Prefix, Path);
    llvm::sys::fs::real_path(Path, Path);
  }
  ~TempDir() {
    // Make read-only directories writable again so they can be removed.
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Path, EC), End;
         It != End && !EC; It.increment(EC))
      if (It->type() == llvm::sys::fs::file_type::directory_file)
        llvm::sys::fs::setPermissions(It->path(), llvm::sys::fs::all_all);
    llvm::sys::fs::setPermissions(Path, llvm::sys::fs::all_all);
    llvm::sys::fs::remove_directories(Path);
  }
  std::string path(llvm::StringRef Rel = "") const {
    llvm::SmallString<256> P(Path);
    if (!Rel.empty())
      llvm::sys::path::append(P, Rel);
    return std::string(P);
  }

private:
  llvm::SmallString<256> Path;
};

struct ProgramResult {
  int Exit = -1;
  std::string Out, Err;
};

/// Runs Argv (Argv[0] a path, or a name looked up in PATH) in Directory.
inline ProgramResult runProgram(std::vector<std::string> Argv,
                                llvm::StringRef Directory = "",
                                std::optional<std::vector<std::string>> Env = std::nullopt,
                                unsigned Timeout = 600) {
  ProgramResult R;
  if (!llvm::sys::path::is_absolute(Argv[0])) {
    auto Found = llvm::sys::findProgramByName(Argv[0]);
    if (!Found) {
      R.Err = "program not found: " + Argv[0];
      return R;
    }
    Argv[0] = *Found;
  }
  // llvm::sys::ExecuteAndWait has no working-directory parameter.
  if (!Directory.empty()) {
    std::string Script = "cd \"$1\" && shift && exec \"$@\"";
    Argv.insert(Argv.begin(), {"/bin/sh", "-c", Script, "sh", Directory.str()});
  }
  llvm::SmallString<128> OutPath, ErrPath;
  llvm::sys::fs::createTemporaryFile("kt-run", "out", OutPath);
  llvm::sys::fs::createTemporaryFile("kt-run", "err", ErrPath);
  std::vector<llvm::StringRef> Args(Argv.begin(), Argv.end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), OutPath.str(),
                                                ErrPath.str()};
  std::vector<llvm::StringRef> EnvRefs;
  std::optional<llvm::ArrayRef<llvm::StringRef>> EnvArg;
  if (Env) {
    EnvRefs.assign(Env->begin(), Env->end());
    EnvArg = EnvRefs;
  }
  std::string ErrMsg;
  R.Exit = llvm::sys::ExecuteAndWait(Args[0], Args, EnvArg, Redirects, Timeout,
                                     0, &ErrMsg);
  R.Out = readText(OutPath);
  R.Err = readText(ErrPath) + ErrMsg;
  llvm::sys::fs::remove(OutPath);
  llvm::sys::fs::remove(ErrPath);
  return R;
}

inline ProgramResult runCli(std::vector<std::string> Args,
                            llvm::StringRef Directory = "") {
  Args.insert(Args.begin(), KT_CLI_PATH);
  return runProgram(std::move(Args), Directory);
}

/// Every file under Dir (recursively) with one of the extensions.
inline std::vector<std::string> filesUnder(llvm::StringRef Dir,
                                           llvm::StringRef Suffix) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), End;
       It != End && !EC; It.increment(EC))
    if (It->type() == llvm::sys::fs::file_type::regular_file &&
        llvm::StringRef(It->path()).ends_with(Suffix))
      Out.push_back(It->path());
  std::sort(Out.begin(), Out.end());
  return Out;
}

} // namespace kerneltidy::test

#endif
