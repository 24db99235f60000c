//===- CheckCatalog.cpp ---------------------------------------------------===//
#include "checks/CheckCatalog.h"
#include "checks/clang/KernelChecks.h"
#if KT_HAVE_TRITON
#include "checks/triton/TritonChecks.h"
#endif
#include <vector>

namespace kerneltidy {

static bool tritonImplements(llvm::StringRef Id) {
#if KT_HAVE_TRITON
  return triton::implementsCheck(Id);
#else
  return false;
#endif
}

llvm::ArrayRef<CheckInfo> checkCatalog() {
  static const std::vector<CheckInfo> Catalog = [] {
    std::vector<CheckInfo> C;
#define KERNEL_CHECK(Id, Class, Hazard, Summary)                              \
  C.push_back({Id, Hazard, Summary, clang::tidy::kernel::Class::Implemented,   \
               tritonImplements(Id)});
#include "checks/Checks.def"
    return C;
  }();
  return Catalog;
}

} // namespace kerneltidy
