//===- CheckCatalog.h - what the registry says about each check -*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CHECKCATALOG_H
#define KERNEL_TIDY_CHECKS_CHECKCATALOG_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace kerneltidy {

struct CheckInfo {
  llvm::StringRef Id;
  llvm::StringRef Hazard;
  llvm::StringRef Summary;
  bool ClangImplemented;
  bool TritonImplemented;
};

/// Every registered check, in the order of checks/Checks.def.
llvm::ArrayRef<CheckInfo> checkCatalog();

} // namespace kerneltidy

#endif
