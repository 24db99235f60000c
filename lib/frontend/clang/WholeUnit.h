//===- WholeUnit.h - walk every declaration of a unit -----------*- C++ -*-===//
//
// The driver narrows the AST's traversal scope to user code (the top-level
// declarations outside system headers) before the checks run, and a
// visitor's TraverseAST honours that scope. A few analyses must see system
// headers too: a SYCL functor is a kernel, and is launched, only through the
// shim's or SYCL's submit template. They walk every top-level declaration
// with this instead.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_WHOLEUNIT_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_WHOLEUNIT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace kerneltidy {

/// Visitor.TraverseDecl on every top-level declaration of Ctx's unit,
/// whatever its traversal scope.
template <typename Visitor>
void traverseWholeUnit(Visitor &V, clang::ASTContext &Ctx) {
  for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    V.TraverseDecl(D);
}

} // namespace kerneltidy

#endif
