//===- KernelChecks.h - every Clang check class and its metadata -*- C++ -*-===//
#ifndef KERNEL_TIDY_CHECKS_CLANG_KERNELCHECKS_H
#define KERNEL_TIDY_CHECKS_CLANG_KERNELCHECKS_H

#include "checks/clang/IndexWidthMismatchCheck.h"
#include "checks/clang/Int32OffsetCheck.h"
#include "checks/clang/NarrowAccumulationCheck.h"
#include "checks/clang/StoreMaskMismatchCheck.h"

#endif
