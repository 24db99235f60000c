//===- KernelTidyModule.cpp - the 'kernel' clang-tidy module --------------===//
//
// Registers every check of checks/Checks.def with clang-tidy's module
// registry. The same object file is linked into the clang-tidy plugin (where
// the host clang-tidy-19 owns the registry) and into the kernel-tidy CLI.
//
//===----------------------------------------------------------------------===//
#include "checks/clang/KernelChecks.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace clang::tidy::kernel {
namespace {

class KernelModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
#define KERNEL_CHECK(Id, Class, Hazard, Summary)                              \
  Factories.registerCheck<Class>(Id);
#include "checks/Checks.def"
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<KernelModule>
    Registration("kernel-module", "GPU kernel hazards: wrapping offsets, "
                                  "index-width mismatches, masked stores, "
                                  "narrow accumulation");

} // namespace clang::tidy::kernel

// Referenced by the CLI so that the linker keeps this object (and with it the
// registration) even when it links the checks from a static archive.
volatile int KernelTidyModuleAnchorSource = 0;
