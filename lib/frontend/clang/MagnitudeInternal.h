//===- MagnitudeInternal.h - helpers of the magnitude files -----*- C++ -*-===//
//
// Shared by the three files of the magnitude analysis only (Magnitude.cpp,
// MagnitudeVariables.cpp, WrapSites.cpp): saturating arithmetic, the local
// variable an expression names, the AssumeWide test and the 'min'/'max'
// calls the walks look into.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_MAGNITUDEINTERNAL_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_MAGNITUDEINTERNAL_H

#include "lib/frontend/clang/Magnitude.h"
#include "clang/AST/Expr.h"
#include <cstdint>

namespace kerneltidy::magnitude_detail {

inline uint64_t satAdd(uint64_t A, uint64_t B) {
  return A > UINT64_MAX - B ? UINT64_MAX : A + B;
}
inline uint64_t satMul(uint64_t A, uint64_t B) {
  if (A == 0 || B == 0)
    return 0;
  return A > UINT64_MAX / B ? UINT64_MAX : A * B;
}

/// The local variable (not a parameter) E names, if any.
const clang::VarDecl *localVar(const clang::Expr *E);

/// Is E (an operand of arithmetic) computed in 64 bits once the variables in
/// MagnitudeOptions::AssumeWide are?
bool isAssumedWide(const clang::Expr *E, const MagnitudeOptions &Opts);

/// A two-argument call of 'min' or 'max' or one of their integer spellings
/// ('umin', 'llmax', ...).
bool isMinMaxCall(const clang::CallExpr *Call);

} // namespace kerneltidy::magnitude_detail

#endif
