//===- SourceText.cpp - an expression as the user wrote it ------------------===//
#include "lib/frontend/clang/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace kerneltidy {

std::string quotedSource(const Expr *E, const ASTContext &Ctx,
                         size_t MaxLength) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = SM.getFileLoc(E->getBeginLoc());
  SourceLocation End = SM.getFileLoc(E->getEndLoc());
  // Written inside one macro body: quote the macro's own text
  // ('_i_n_d_e_x'), not the macro's name.
  if (E->getBeginLoc().isMacroID() && B == End) {
    SourceLocation SB = SM.getSpellingLoc(E->getBeginLoc());
    SourceLocation SE = SM.getSpellingLoc(E->getEndLoc());
    if (SM.getFileID(SB) == SM.getFileID(SE) &&
        !SM.isBeforeInTranslationUnit(SE, SB)) {
      B = SB;
      End = SE;
    }
  }
  if (B.isInvalid() || End.isInvalid())
    return "";
  StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(B, End),
                                        SM, Ctx.getLangOpts());
  std::string Out;
  bool Space = false;
  for (char C : Text) {
    if (C == '\n' || C == '\t' || C == ' ' || C == '\r') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (MaxLength > 3 && Out.size() > MaxLength)
    Out = Out.substr(0, MaxLength - 3) + "...";
  return Out;
}

} // namespace kerneltidy
