//===- KernelListing.cpp --------------------------------------------------===//
//
// Runs a syntax-only front-end action through clang's ToolInvocation (the
// same driver path clang-tidy takes), counts compiler errors instead of
// printing them, and turns findKernels/findLaunchSites into plain data.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/KernelListing.h"
#include "lib/frontend/clang/KernelDiscovery.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <map>

namespace kerneltidy {

using namespace clang;

namespace {

/// Counts errors; remembers the first. Nothing is printed.
class CountingDiagnostics : public DiagnosticConsumer {
public:
  explicit CountingDiagnostics(KernelListing &Out) : Out(Out) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    if (Out.Errors.size() < 5000) {
      CompilerErrorAt E;
      llvm::SmallString<128> Text;
      Info.FormatDiagnostic(Text);
      E.Message = std::string(Text);
      if (Info.hasSourceManager() && Info.getLocation().isValid()) {
        const SourceManager &SM = Info.getSourceManager();
        SourceLocation Loc = SM.getFileLoc(Info.getLocation());
        if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(Loc)))
          E.File = FE->getName().str();
        E.Offset = SM.getFileOffset(Loc);
      }
      Out.Errors.push_back(std::move(E));
    }
    if (Out.ParseErrors++ == 0) {
      llvm::SmallString<128> Msg;
      Info.FormatDiagnostic(Msg);
      std::string Where;
      if (Info.hasSourceManager() && Info.getLocation().isValid()) {
        PresumedLoc P =
            Info.getSourceManager().getPresumedLoc(Info.getLocation());
        if (P.isValid())
          Where = (llvm::sys::path::filename(P.getFilename()) + ":" +
                   llvm::Twine(P.getLine()) + ":" + llvm::Twine(P.getColumn()) +
                   ": ")
                      .str();
      }
      Out.FirstParseError = Where + std::string(Msg);
    }
  }

private:
  KernelListing &Out;
};

SourcePosition positionOf(const SourceManager &SM, SourceLocation Loc) {
  SourcePosition P;
  // Where it is written: a launch inside an AT_DISPATCH lambda is reported
  // at its own line, not at the macro's.
  Loc = SM.getFileLoc(Loc);
  if (Loc.isInvalid())
    return P;
  PresumedLoc PL = SM.getPresumedLoc(Loc);
  if (PL.isInvalid())
    return P;
  P.File = PL.getFilename();
  P.Line = PL.getLine();
  P.Column = PL.getColumn();
  P.Offset = SM.getFileOffset(Loc);
  return P;
}

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  // An argument of a launch macro (hipLaunchKernelGGL): the macro body wraps
  // it in parentheses, the argument itself is spelt in the file.
  if (E->getBeginLoc().isMacroID())
    E = E->IgnoreParenImpCasts();
  if (E->getBeginLoc().isMacroID() && SM.isMacroArgExpansion(E->getBeginLoc()))
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(
                   SM.getSpellingLoc(E->getBeginLoc()),
                   SM.getSpellingLoc(E->getEndLoc())),
               SM, Ctx.getLangOpts())
        .str();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  llvm::StringRef Text =
      Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  if (Text.empty()) {
    // Written inside a macro (hipLaunchKernelGGL): use the spelling.
    R = CharSourceRange::getTokenRange(SM.getSpellingLoc(E->getBeginLoc()),
                                       SM.getSpellingLoc(E->getEndLoc()));
    Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  }
  std::string S = Text.str();
  std::replace(S.begin(), S.end(), '\n', ' ');
  return S;
}

std::string describeConfig(const LaunchSite &L, const ASTContext &Ctx) {
  if (isa<CUDAKernelCallExpr>(L.Call) || L.Block) {
    std::string S = "<<<" + sourceText(L.Grid, Ctx) + ", " +
                    sourceText(L.Block, Ctx);
    if (L.SharedMem)
      S += ", " + sourceText(L.SharedMem, Ctx);
    if (L.Stream)
      S += ", " + sourceText(L.Stream, Ctx);
    return S + ">>>";
  }
  if (L.Grid)
    return "over " + sourceText(L.Grid, Ctx);
  return "";
}

std::string kernelName(const KernelInfo &K) {
  if (K.Kind == KernelKind::SyclLambda)
    return "lambda";
  if (K.Kind == KernelKind::SyclFunctor && K.Record)
    return K.Record->getQualifiedNameAsString() + "::operator()";
  return K.Body->getQualifiedNameAsString();
}

class ListingConsumer : public ASTConsumer {
public:
  explicit ListingConsumer(KernelListing &Out) : Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.SuppressTagKeyword = true;
    std::map<const FunctionDecl *, size_t> Index;
    for (const KernelInfo &K : findKernels(Ctx)) {
      ListedKernel L;
      L.Name = kernelName(K);
      L.Kind = kernelKindName(K.Kind).str();
      L.Pos = positionOf(SM, K.Kind == KernelKind::SyclLambda && K.Record
                                 ? K.Record->getBeginLoc()
                                 : K.Body->getLocation());
      L.Template = K.Body->getDescribedFunctionTemplate() ||
                   (K.Record && K.Record->getDescribedClassTemplate()) ||
                   K.Body->isDependentContext();
      L.Invalid = K.Invalid;
      for (const ValueDecl *P : K.IndexParams)
        L.IndexParams.push_back(P->getType().getAsString(Policy) + " " +
                                P->getNameAsString());
      L.Params = K.Body->getNumParams();
      for (const ParmVarDecl *P : K.Body->parameters())
        if (P->isInvalidDecl() || P->getType()->containsErrors())
          L.LostParams.push_back(P->getName().empty() ? "(unnamed)"
                                                      : P->getNameAsString());
      if (const Stmt *Body = K.Body->getBody()) {
        L.HasBody = true;
        for (const Stmt *S : Body->children()) {
          if (!S)
            continue;
          ++L.BodyStatements;
          const auto *E = dyn_cast<Expr>(S);
          bool InError = E ? E->containsErrors() : false;
          if (!E)
            // A statement: an error anywhere inside it (a declaration's
            // initialiser, a condition, a nested expression).
            for (llvm::SmallVector<const Stmt *, 16> Work{S};
                 !Work.empty() && !InError;) {
              const Stmt *X = Work.pop_back_val();
              if (const auto *XE = dyn_cast_or_null<Expr>(X)) {
                InError = XE->containsErrors();
                continue;
              }
              if (const auto *DS = dyn_cast_or_null<DeclStmt>(X))
                for (const Decl *D : DS->decls())
                  if (const auto *VD = dyn_cast<VarDecl>(D)) {
                    InError |= VD->isInvalidDecl();
                    if (VD->getInit())
                      Work.push_back(VD->getInit());
                  }
              if (X)
                for (const Stmt *C : X->children())
                  Work.push_back(C);
            }
          L.BodyStatementsInError += InError;
        }
      }
      Index[K.Body] = Out.Kernels.size();
      Out.Kernels.push_back(std::move(L));
    }
    for (const LaunchSite &S : findLaunchSites(Ctx)) {
      ListedLaunch L{positionOf(SM, S.Call->getBeginLoc()),
                     describeConfig(S, Ctx)};
      auto It = S.Kernel ? Index.find(S.Kernel) : Index.end();
      if (It == Index.end())
        Out.UnresolvedLaunches.push_back(std::move(L));
      else
        Out.Kernels[It->second].Launches.push_back(std::move(L));
    }
  }

private:
  KernelListing &Out;
};

class ListingAction : public ASTFrontendAction {
public:
  explicit ListingAction(KernelListing &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<ListingConsumer>(Out);
  }

private:
  KernelListing &Out;
};

} // namespace

KernelListing listKernels(llvm::ArrayRef<std::string> CommandLine,
                          llvm::StringRef File,
                          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                          llvm::StringRef Directory,
                          llvm::StringRef StandInHeader) {
  KernelListing Out;
  Out.File = File.str();
  std::vector<std::string> Args(CommandLine.begin(), CommandLine.end());
  if (!StandInHeader.empty()) {
    auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(FS);
    auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    Memory->addFile(UnknownNameDeclarations::headerPath(), 0,
                    llvm::MemoryBuffer::getMemBufferCopy(StandInHeader));
    Overlay->pushOverlay(Memory);
    FS = Overlay;
    Args.push_back("-include");
    Args.push_back(UnknownNameDeclarations::headerPath().str());
  }
  if (!Directory.empty())
    FS->setCurrentWorkingDirectory(Directory);
  // Syntax only: no object file, and the driver must not look for one.
  // No caret diagnostics: the error count is reported, not the errors.
  Args.insert(Args.begin() + (Args.empty() ? 0 : 1),
              {"-fsyntax-only", "-fno-caret-diagnostics"});
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), FS));
  CountingDiagnostics Diags(Out);
  tooling::ToolInvocation Invocation(
      Args, std::make_unique<ListingAction>(Out), Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  if (!Invocation.run() && Out.Kernels.empty() && Out.ParseErrors == 0)
    Out.FatalError = "could not run the parser on this command line";
  return Out;
}

static std::string formatPosition(const SourcePosition &P) {
  return P.File + ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
}

void printKernelListing(const KernelListing &L, llvm::raw_ostream &OS) {
  size_t Launches = L.UnresolvedLaunches.size();
  for (const ListedKernel &K : L.Kernels)
    Launches += K.Launches.size();
  OS << L.File << ": " << L.Kernels.size()
     << (L.Kernels.size() == 1 ? " kernel, " : " kernels, ") << Launches
     << (Launches == 1 ? " launch site, " : " launch sites, ") << L.ParseErrors
     << (L.ParseErrors == 1 ? " parse error" : " parse errors");
  if (!L.FirstParseError.empty())
    OS << " (first: " << L.FirstParseError << ")";
  if (L.StandIns)
    OS << ", " << L.StandIns << " name(s) of missing headers declared as stand-ins";
  unsigned NotIntact = 0;
  for (const ListedKernel &K : L.Kernels)
    NotIntact += !K.intact();
  if (NotIntact)
    OS << "; " << NotIntact << " of " << L.Kernels.size()
       << " kernel(s) lost a parameter or part of the body";
  OS << "\n";
  if (!L.FatalError.empty())
    OS << "  error: " << L.FatalError << "\n";
  for (const ListedKernel &K : L.Kernels) {
    OS << "  kernel '" << K.Name << "' (" << K.Kind;
    if (K.Template)
      OS << ", template";
    if (K.Invalid)
      OS << ", invalid declaration";
    OS << ") at " << formatPosition(K.Pos) << "\n";
    OS << "    index parameters:";
    if (K.IndexParams.empty())
      OS << " none";
    for (size_t I = 0; I < K.IndexParams.size(); ++I)
      OS << (I ? ", '" : " '") << K.IndexParams[I] << "'";
    OS << "\n";
    OS << "    parameters: " << (K.Params - K.LostParams.size()) << " of "
       << K.Params << " typed";
    for (size_t I = 0; I < K.LostParams.size(); ++I)
      OS << (I ? ", '" : " (lost: '") << K.LostParams[I]
         << (I + 1 == K.LostParams.size() ? "')" : "'");
    OS << "; body: ";
    if (!K.HasBody)
      OS << "none";
    else if (K.BodyStatementsInError == 0)
      OS << K.BodyStatements << " statement(s), none in error";
    else
      OS << K.BodyStatementsInError << " of " << K.BodyStatements
         << " statement(s) in error";
    OS << "\n";
    for (const ListedLaunch &La : K.Launches)
      OS << "    launched at " << formatPosition(La.Pos)
         << (La.Config.empty() ? "" : " ") << La.Config << "\n";
  }
  for (const ListedLaunch &La : L.UnresolvedLaunches)
    OS << "  launch of an unresolved kernel at " << formatPosition(La.Pos)
       << (La.Config.empty() ? "" : " ") << La.Config << "\n";
}

} // namespace kerneltidy
