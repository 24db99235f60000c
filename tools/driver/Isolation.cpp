//===- Isolation.cpp - one file's trouble stays with that file ------------===//
//
// Each file's analysis runs in a crash-recovery context (with an alternate
// signal stack for stack overflows), so that a crash of a front end costs
// that file only; clang-tidy's own stderr lines are silenced unless
// --verbose asks for them.
//
//===----------------------------------------------------------------------===//
#include "tools/driver/DriverInternal.h"
#include "lib/frontend/clang/DepthLimit.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <mutex>
#include <unistd.h>

namespace kerneltidy {
namespace {

std::mutex &silencerMutex() {
  static std::mutex M;
  return M;
}
int &silencerCount() {
  static int C = 0;
  return C;
}
int &savedStderr() {
  static int S = -1;
  return S;
}

/// clang-tidy's engine prints "N errors generated" and "Error while
/// processing" straight to stderr. Parse errors of half-visible files are
/// expected in no-build mode, so they are hidden unless --verbose asks; the
/// driver reports them itself, one line per file. Reference-counted so that
/// parallel analyses share one redirection.
class StderrSilencer {
public:
  explicit StderrSilencer(bool Active);
  ~StderrSilencer();

private:
  bool Active;
};

StderrSilencer::StderrSilencer(bool Active) : Active(Active) {
  if (!Active)
    return;
  std::lock_guard<std::mutex> Lock(silencerMutex());
  if (silencerCount()++ == 0) {
    fflush(stderr);
    llvm::errs().flush();
    savedStderr() = dup(2);
    int Null = open("/dev/null", O_WRONLY);
    if (Null >= 0) {
      dup2(Null, 2);
      close(Null);
    }
  }
}

StderrSilencer::~StderrSilencer() {
  if (!Active)
    return;
  std::lock_guard<std::mutex> Lock(silencerMutex());
  if (--silencerCount() == 0 && savedStderr() >= 0) {
    fflush(stderr);
    llvm::errs().flush();
    dup2(savedStderr(), 2);
    close(savedStderr());
    savedStderr() = -1;
  }
}

std::atomic<bool> CrashRecovered{false};

/// Gives this thread an alternate signal stack unless it has one (LLVM gives
/// the main thread one; -j workers have none). Removed at thread exit.
void installAlternateSignalStack() {
  struct AlternateStack {
    std::unique_ptr<char[]> Memory;
    AlternateStack() {
      stack_t Current;
      if (sigaltstack(nullptr, &Current) == 0 && !(Current.ss_flags & SS_DISABLE))
        return;
      constexpr size_t Size = 64 << 10;
      Memory = std::make_unique<char[]>(Size);
      stack_t Alt{};
      Alt.ss_sp = Memory.get();
      Alt.ss_size = Size;
      if (sigaltstack(&Alt, nullptr) != 0)
        Memory.reset();
    }
    ~AlternateStack() {
      if (!Memory)
        return;
      stack_t Off{};
      Off.ss_flags = SS_DISABLE;
      sigaltstack(&Off, nullptr);
    }
  };
  thread_local AlternateStack Stack;
  (void)Stack;
}

} // namespace

namespace driver {

bool runIsolated(const std::string &File, llvm::function_ref<void()> Analyse,
                 std::vector<FileError> &Errors) {
  static std::once_flag Enabled;
  std::call_once(Enabled, [] {
    llvm::CrashRecoveryContext::Enable();
    // A stack overflow (Clang's own Sema recurses once per operator of a
    // 50,000-term expression) faults again in a handler that runs on the
    // exhausted stack: run the recovery handler on an alternate one.
    for (int Signal : {SIGSEGV, SIGBUS}) {
      struct sigaction Action;
      if (sigaction(Signal, nullptr, &Action) == 0) {
        Action.sa_flags |= SA_ONSTACK;
        sigaction(Signal, &Action, nullptr);
      }
    }
  });
  installAlternateSignalStack();
  llvm::CrashRecoveryContext CRC;
  if (CRC.RunSafely(Analyse))
    return true;
  // The crash skipped the destructors of the analyses' depth guards.
  analysisDepth() = 0;
  int Signal = CRC.RetCode > 128 ? CRC.RetCode - 128 : 0;
  const char *Name = Signal == SIGSEGV   ? "SIGSEGV"
                     : Signal == SIGILL  ? "SIGILL"
                     : Signal == SIGABRT ? "SIGABRT"
                     : Signal == SIGBUS  ? "SIGBUS"
                     : Signal == SIGFPE  ? "SIGFPE"
                     : Signal == SIGTRAP ? "SIGTRAP"
                                         : nullptr;
  std::string Why = Name ? std::string(Name)
                         : "exit code " + std::to_string(CRC.RetCode);
  Errors.push_back({File, "the analysis crashed on this file (" + Why +
                              "); it has no findings, other files are still "
                              "analysed"});
  CrashRecovered = true;
  return false;
}

bool runIsolatedQuietly(const std::string &File, bool Quiet,
                        llvm::function_ref<void()> Analyse,
                        std::vector<FileError> &Errors) {
  StderrSilencer Silence(Quiet);
  return runIsolated(File, Analyse, Errors);
}

} // namespace driver

bool crashWasRecovered() { return CrashRecovered; }

} // namespace kerneltidy
