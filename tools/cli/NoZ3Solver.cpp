// Linked into the static CLI only (KT_STATIC_LLVM). Debian builds LLVM with
// Z3, so LLVMSupport's archive holds the static analyser's Z3 backend in one
// member (Z3Solver.cpp), and clang-tidy's engine references what it defines.
// kernel-tidy never runs the static analyser; defining those symbols here, as
// LLVM does, keeps that member, and a dependency on libz3, out of a binary
// meant to run where no LLVM is installed.
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SMTAPI.h"
#include "llvm/Support/raw_ostream.h"

llvm::SMTSolverRef llvm::CreateZ3Solver() {
  llvm::report_fatal_error("kernel-tidy's static build has no Z3 solver");
}

void llvm::SMTSort::dump() const { print(llvm::errs()); }
void llvm::SMTExpr::dump() const { print(llvm::errs()); }
void llvm::SMTSolver::dump() const { print(llvm::errs()); }
void llvm::SMTSolverStatistics::dump() const { print(llvm::errs()); }
