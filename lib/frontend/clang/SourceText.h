//===- SourceText.h - an expression as the user wrote it --------*- C++ -*-===//
//
// The one way the C++ checks quote source in their messages and notes: the
// file text of an expression (for an expression written inside one macro
// body, the macro's own text rather than the macro's name), blanks and line
// breaks collapsed to single spaces, cut to MaxLength characters with "...".
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_SOURCETEXT_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_SOURCETEXT_H

#include <cstddef>
#include <string>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace kerneltidy {

/// Empty when E is null or has no file text.
std::string quotedSource(const clang::Expr *E, const clang::ASTContext &Ctx,
                         size_t MaxLength = 60);

} // namespace kerneltidy

#endif
