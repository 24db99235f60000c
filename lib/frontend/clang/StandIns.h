//===- StandIns.h - values of the stand-ins for unknown names ----*- C++ -*-===//
//
// In no-build mode a name whose header is missing is declared as a stand-in
// of one permissive type (UnknownNames.h) so that the declarations around it
// keep their parameters and bodies. A value of that type has no magnitude
// and no width: the analyses treat an expression that involves one as they
// treat an expression Clang recovered from an error (containsErrors), and
// no finding is made through it.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_STANDINS_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_STANDINS_H

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace kerneltidy {

/// The one type every stand-in has.
inline constexpr llvm::StringLiteral StandInTypeName = "__kt_opaque";

inline bool isStandInType(clang::QualType T) {
  if (T.isNull())
    return false;
  const clang::CXXRecordDecl *RD =
      T.getNonReferenceType()->getPointeeCXXRecordDecl();
  if (!RD)
    RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() && RD->getName() == StandInTypeName;
}

/// Whether E, or anything it is computed from, is a stand-in's value.
inline bool containsStandIn(const clang::Expr *E) {
  llvm::SmallVector<const clang::Stmt *, 16> Work{E};
  unsigned Budget = 512;
  while (!Work.empty() && Budget--) {
    const clang::Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *X = llvm::dyn_cast<clang::Expr>(S))
      if (isStandInType(X->getType()))
        return true;
    for (const clang::Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

} // namespace kerneltidy

#endif
