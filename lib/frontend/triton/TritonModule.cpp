//===- TritonModule.cpp - discovery of Triton JIT functions ---------------===//
//
// A function is a JIT function when one of its decorators is `triton.jit`
// (called or not), `jit` imported from triton, or `triton.autotune` /
// `triton.heuristics` (which only ever wrap a JIT function). Other decorators
// in the stack (FlagGems' `@libentry()`, `@libtuner(...)`) are ignored, so
// any order of wrappers is found. JIT functions called from other JIT
// functions of the file are marked as helpers.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/TritonModule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>
#include <optional>

namespace kerneltidy::triton {

const TritonParam *JitFunction::param(llvm::StringRef N) const {
  for (const TritonParam &P : Params)
    if (P.Name == N)
      return &P;
  return nullptr;
}

int64_t JitFunction::configuredValue(llvm::StringRef Name) const {
  // Every occurrence of Name as a whole word followed by `"`/`'` and `:`,
  // or by `=` (not `==`), then an integer literal.
  int64_t Value = -1;
  llvm::StringRef Text = DecoratorText;
  auto Ident = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (size_t At = Text.find(Name); At != llvm::StringRef::npos;
       At = Text.find(Name, At + 1)) {
    size_t After = At + Name.size();
    if ((At > 0 && Ident(Text[At - 1])) ||
        (After < Text.size() && Ident(Text[After])))
      continue;
    llvm::StringRef Rest = Text.drop_front(After);
    bool Quoted = Rest.consume_front("\"") || Rest.consume_front("'");
    Rest = Rest.ltrim();
    if (Quoted ? !Rest.consume_front(":")
               : (!Rest.consume_front("=") || Rest.starts_with("=")))
      continue;
    Rest = Rest.ltrim();
    llvm::StringRef Digits = Rest.take_while(
        [](char C) { return C >= '0' && C <= '9'; });
    int64_t V;
    if (Digits.empty() || Digits.getAsInteger(10, V) ||
        (Value >= 0 && V != Value))
      return -1;
    Value = V;
  }
  return Value;
}

int JitFunction::paramIndex(llvm::StringRef N) const {
  for (unsigned I = 0; I < Params.size(); ++I)
    if (Params[I].Name == N)
      return int(I);
  return -1;
}

namespace {

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// What a top-level statement is to the model.
enum class TopLevelRole {
  Irrelevant, // host code: never parsed
  Needed,     // a triton import, or what can hold a JIT function
  Constant,   // `NAME = value`: needed only when some kernel names it
  Host,       // another def or class: needed only when it launches a kernel
};

/// The role of a top-level statement, from its text alone. A constant's
/// name is stored in Name.
TopLevelRole roleOf(llvm::StringRef Source, const TopLevelSpan &S,
                    llvm::StringRef &Name) {
  llvm::StringRef Whole = Source.slice(S.Begin, S.End);
  llvm::StringRef Stmt = Source.slice(S.StatementBegin, S.End);
  auto StartsWithWord = [&](llvm::StringRef Word) {
    return Stmt.starts_with(Word) &&
           (Stmt.size() == Word.size() || !isIdentChar(Stmt[Word.size()]));
  };
  auto NeededIf = [](bool Needed) {
    return Needed ? TopLevelRole::Needed : TopLevelRole::Irrelevant;
  };
  // Only imports of triton matter (its aliases, `from triton import jit`,
  // FlagGems' triton_lang_extension); `import torch` and friends do not.
  if (StartsWithWord("import") || StartsWithWord("from"))
    return NeededIf(Stmt.contains("triton"));
  if (StartsWithWord("def") || StartsWithWord("async")) {
    llvm::StringRef Decorators = Source.slice(S.Begin, S.StatementBegin);
    if (Decorators.contains("jit") || Decorators.contains("autotune") ||
        Decorators.contains("heuristics")) {
      // The kernel's name, for the launches of Host definitions.
      llvm::StringRef Rest = Stmt;
      Rest.consume_front("async");
      Rest = Rest.ltrim();
      if (Rest.consume_front("def"))
        Name = Rest.ltrim().take_while(isIdentChar);
      return TopLevelRole::Needed;
    }
    return TopLevelRole::Host;
  }
  if (StartsWithWord("class") && !Whole.contains("jit"))
    return TopLevelRole::Host;
  if (StartsWithWord("class") || StartsWithWord("if") ||
      StartsWithWord("try") || StartsWithWord("with") ||
      StartsWithWord("for") || StartsWithWord("while"))
    return NeededIf(Whole.contains("jit") ||
                    (Whole.contains("import") && Whole.contains("triton")));
  // Simple statements: `NAME = value` and `NAME: T = value` are constants.
  size_t I = 0;
  while (I < Stmt.size() && isIdentChar(Stmt[I]))
    ++I;
  if (I == 0)
    return TopLevelRole::Irrelevant;
  Name = Stmt.take_front(I);
  while (I < Stmt.size() && (Stmt[I] == ' ' || Stmt[I] == '\t'))
    ++I;
  if (I < Stmt.size() && Stmt[I] == ':')
    return TopLevelRole::Constant;
  return I + 1 < Stmt.size() && Stmt[I] == '=' && Stmt[I + 1] != '='
             ? TopLevelRole::Constant
             : TopLevelRole::Irrelevant;
}

/// Whether Word occurs in Text as a whole identifier (or inside a string or
/// comment, which only keeps a constant that was not needed).
bool mentionsWord(llvm::StringRef Text, llvm::StringRef Word) {
  for (size_t At = Text.find(Word); At != llvm::StringRef::npos;
       At = Text.find(Word, At + 1)) {
    size_t After = At + Word.size();
    if ((At == 0 || !isIdentChar(Text[At - 1])) &&
        (After == Text.size() || !isIdentChar(Text[After])))
      return true;
  }
  return false;
}

/// Whether Text launches one of Kernels: `name[` with `name` a whole
/// identifier (`kernel[grid](...)`), or `name)[` (`torch.library.
/// wrap_triton(kernel)[grid](...)`).
bool launchesKernel(llvm::StringRef Text,
                    llvm::ArrayRef<llvm::StringRef> Kernels) {
  for (llvm::StringRef K : Kernels)
    for (size_t At = Text.find(K); At != llvm::StringRef::npos;
         At = Text.find(K, At + 1)) {
      size_t After = At + K.size();
      if ((At == 0 || !isIdentChar(Text[At - 1])) && After < Text.size() &&
          (Text[After] == '[' ||
           (Text[After] == ')' && After + 1 < Text.size() &&
            Text[After + 1] == '[')))
        return true;
    }
  return false;
}

/// What the model reads, in a file that mentions triton: triton imports,
/// the definitions that can hold JIT functions and the module constants they
/// name (directly or through other such constants), and the definitions
/// that launch one of the file's kernels (for the buffers they allocate).
/// Other host code (autograd functions, tests, loggers) is most of a
/// typical file.
std::vector<ParseRange> modelRanges(llvm::StringRef Source) {
  std::vector<TopLevelSpan> Spans = scanTopLevel(Source);
  struct Constant {
    size_t Span;
    llvm::StringRef Name;
  };
  llvm::SmallVector<Constant, 8> Constants;
  llvm::SmallVector<llvm::StringRef, 16> Needed; // text that may name them
  llvm::SmallVector<llvm::StringRef, 8> Kernels;
  llvm::SmallVector<size_t, 8> Hosts;
  std::vector<bool> Keep(Spans.size(), false);
  for (size_t I = 0; I < Spans.size(); ++I) {
    llvm::StringRef Name;
    switch (roleOf(Source, Spans[I], Name)) {
    case TopLevelRole::Irrelevant:
      break;
    case TopLevelRole::Needed:
      Keep[I] = true;
      Needed.push_back(Source.slice(Spans[I].Begin, Spans[I].End));
      if (!Name.empty())
        Kernels.push_back(Name);
      break;
    case TopLevelRole::Constant:
      Constants.push_back({I, Name});
      break;
    case TopLevelRole::Host:
      Hosts.push_back(I);
      break;
    }
  }
  // Launchers are read for their allocations, not searched for constants.
  for (size_t I : Hosts)
    Keep[I] =
        launchesKernel(Source.slice(Spans[I].Begin, Spans[I].End), Kernels);
  // A kept constant's value may name further constants: repeat until no
  // constant is added.
  for (size_t Searched = 0; Searched < Needed.size();) {
    size_t Until = Needed.size();
    for (Constant &C : Constants) {
      if (Keep[C.Span])
        continue;
      for (size_t T = Searched; T < Until; ++T)
        if (mentionsWord(Needed[T], C.Name)) {
          Keep[C.Span] = true;
          Needed.push_back(
              Source.slice(Spans[C.Span].Begin, Spans[C.Span].End));
          break;
        }
    }
    Searched = Until;
  }
  size_t Out = 0;
  for (size_t I = 0; I < Spans.size(); ++I)
    if (Keep[I])
      Spans[Out++] = Spans[I];
  Spans.resize(Out);
  return withoutTrivia(
      Source, parseRangesOf(Source, Spans, /*WithoutDecoratorArguments=*/true));
}

} // namespace

std::vector<ParseRange> TritonModule::parsedRanges(llvm::StringRef Source) {
  if (!Source.contains("triton"))
    return {};
  return modelRanges(Source);
}

std::unique_ptr<TritonModule> TritonModule::build(llvm::StringRef Source) {
  auto M = std::unique_ptr<TritonModule>(new TritonModule());
  // Most Python is not Triton: skip the parse when the file cannot hold a
  // Triton kernel at all.
  if (!Source.contains("triton"))
    return M;
  M->Tree = PySyntaxTree::parse(Source, modelRanges(Source));
  if (!M->Tree)
    return nullptr;
  M->collectImports();
  M->discover();
  M->linkHelpers();
  M->collectLaunches();
  return M;
}

const JitFunction *TritonModule::function(llvm::StringRef Name) const {
  int I = functionIndex(Name);
  return I < 0 ? nullptr : &Functions[I];
}

int TritonModule::functionIndex(llvm::StringRef Name) const {
  for (unsigned I = 0; I < Functions.size(); ++I)
    if (Functions[I].Name == Name)
      return int(I);
  return -1;
}

void TritonModule::collectImports() {
  const PySyntaxTree &T = *Tree;
  LanguageNames.push_back("tl");
  TritonNames.push_back("triton");
  // Imports may sit anywhere (inside try/if blocks); scan the whole file for
  // import statements, skipping nothing: they are cheap to recognise.
  for (NodeId N = 0, E = NodeId(T.size()); N < E; ++N) {
    PyKind K = T.kind(N);
    if (K == PyKind::ImportStatement) {
      T.forEachNamedChild(N, [&](NodeId C) {
        if (T.kind(C) != PyKind::AliasedImport)
          return;
        llvm::StringRef Module = T.text(T.field(C, PyField::Name));
        llvm::StringRef Alias = T.text(T.field(C, PyField::Alias));
        if (Module == "triton.language")
          LanguageNames.push_back(Alias);
        else if (Module == "triton")
          TritonNames.push_back(Alias);
      });
    } else if (K == PyKind::ImportFromStatement) {
      llvm::StringRef Module = T.text(T.field(N, PyField::ModuleName));
      if (Module != "triton")
        continue;
      T.forEachNamedChild(N, [&](NodeId C) {
        if (T.node(C).Field != PyField::Name)
          return;
        llvm::StringRef Name = T.text(C), Alias = Name;
        if (T.kind(C) == PyKind::AliasedImport) {
          Name = T.text(T.field(C, PyField::Name));
          Alias = T.text(T.field(C, PyField::Alias));
        }
        if (Name == "jit")
          JitNames.push_back(Alias);
        else if (Name == "language")
          LanguageNames.push_back(Alias);
      });
    }
  }
}

llvm::StringRef TritonModule::languageMember(NodeId Node) const {
  const PySyntaxTree &T = *Tree;
  if (T.kind(Node) != PyKind::Attribute)
    return {};
  NodeId Object = T.field(Node, PyField::Object);
  bool IsLanguage = false;
  if (T.kind(Object) == PyKind::Identifier)
    IsLanguage = llvm::is_contained(LanguageNames, T.text(Object));
  else if (T.kind(Object) == PyKind::Attribute) // triton.language.<x>
    IsLanguage = T.text(T.field(Object, PyField::Attribute)) == "language" &&
                 llvm::is_contained(TritonNames,
                                    T.text(T.field(Object, PyField::Object)));
  return IsLanguage ? T.text(T.field(Node, PyField::Attribute))
                    : llvm::StringRef();
}

llvm::StringRef TritonModule::tritonMember(NodeId Node) const {
  const PySyntaxTree &T = *Tree;
  if (T.kind(Node) != PyKind::Attribute)
    return {};
  NodeId Object = T.field(Node, PyField::Object);
  if (T.kind(Object) != PyKind::Identifier ||
      !llvm::is_contained(TritonNames, T.text(Object)))
    return {};
  return T.text(T.field(Node, PyField::Attribute));
}

llvm::StringRef TritonModule::languageCallee(NodeId Call) const {
  if (Tree->kind(Call) != PyKind::Call)
    return {};
  return languageMember(Tree->field(Call, PyField::Function));
}

llvm::StringRef TritonModule::methodCallee(NodeId Call) const {
  const PySyntaxTree &T = *Tree;
  if (T.kind(Call) != PyKind::Call)
    return {};
  NodeId Fn = T.field(Call, PyField::Function);
  if (T.kind(Fn) != PyKind::Attribute || !languageMember(Fn).empty() ||
      !tritonMember(Fn).empty())
    return {};
  return T.text(T.field(Fn, PyField::Attribute));
}

NodeId TritonModule::argument(NodeId Call, unsigned Position,
                              llvm::StringRef Keyword) const {
  const PySyntaxTree &T = *Tree;
  NodeId Args = T.field(Call, PyField::Arguments);
  if (T.kind(Args) != PyKind::ArgumentList)
    return NoNode;
  NodeId Positional = NoNode;
  unsigned Index = 0;
  for (NodeId C = T.node(Args).FirstChild; C != NoNode;
       C = T.node(C).NextSibling) {
    const PyNode &N = T.node(C);
    if (!N.Named || N.Kind == PyKind::Comment)
      continue;
    if (N.Kind == PyKind::KeywordArgument) {
      if (!Keyword.empty() && T.text(T.field(C, PyField::Name)) == Keyword)
        return T.field(C, PyField::Value);
      continue;
    }
    if (Index++ == Position)
      Positional = C;
  }
  return Positional;
}

NodeId TritonModule::moduleConstant(llvm::StringRef Name) const {
  auto It = ModuleConstants.find(Name);
  return It == ModuleConstants.end() ? NoNode : It->second;
}

bool TritonModule::is64BitIntType(NodeId Node) const {
  const PySyntaxTree &T = *Tree;
  Node = T.stripParens(Node);
  llvm::StringRef Member = languageMember(Node);
  if (Member == "int64" || Member == "uint64")
    return true;
  if (T.kind(Node) == PyKind::String) {
    llvm::StringRef S = T.text(Node).trim("\"'");
    return S == "i64" || S == "u64" || S == "tl.int64";
  }
  return false;
}

bool TritonModule::isJitDecorator(NodeId Expr) const {
  const PySyntaxTree &T = *Tree;
  if (T.kind(Expr) == PyKind::Call)
    Expr = T.field(Expr, PyField::Function);
  if (T.kind(Expr) == PyKind::Identifier)
    return llvm::is_contained(JitNames, T.text(Expr));
  llvm::StringRef Member = tritonMember(Expr);
  return Member == "jit" || Member == "autotune" || Member == "heuristics";
}

void TritonModule::discover() {
  const PySyntaxTree &T = *Tree;
  for (NodeId N = 0, E = NodeId(T.size()); N < E; ++N) {
    PyKind K = T.kind(N);
    if (K == PyKind::Assignment && T.node(N).Parent != NoNode &&
        T.kind(T.node(N).Parent) == PyKind::ExpressionStatement &&
        T.kind(T.node(T.node(N).Parent).Parent) == PyKind::Module) {
      NodeId Left = T.field(N, PyField::Left);
      NodeId Right = T.field(N, PyField::Right);
      if (T.kind(Left) == PyKind::Identifier && Right != NoNode)
        ModuleConstants[T.text(Left)] = Right;
      continue;
    }
    if (K != PyKind::DecoratedDefinition)
      continue;
    NodeId Def = T.field(N, PyField::Definition);
    if (T.kind(Def) != PyKind::FunctionDefinition)
      continue;
    JitFunction F;
    bool IsJit = false;
    T.forEachNamedChild(N, [&](NodeId C) {
      if (T.kind(C) != PyKind::Decorator)
        return;
      NodeId Expr = T.firstNamedChild(C);
      F.Decorators.push_back(Expr);
      IsJit |= isJitDecorator(Expr);
    });
    if (!IsJit)
      continue;
    F.Definition = Def;
    F.DecoratorText = T.source().slice(T.node(N).Start, T.node(Def).Start);
    F.NameNode = T.field(Def, PyField::Name);
    F.Name = T.text(F.NameNode);
    F.Body = T.field(Def, PyField::Body);
    if (F.Name.empty() || F.Body == NoNode)
      continue;
    indexFunction(F);
    Functions.push_back(std::move(F));
  }
}

namespace {

/// Walks one function body, skipping nested functions, classes and lambdas.
class BodyIndexer {
public:
  BodyIndexer(const TritonModule &M, JitFunction &F)
      : M(M), T(M.tree()), F(F) {}

  void run() {
    collectParams();
    NodeId Begin = F.Body, End = T.subtreeEnd(F.Body);
    for (NodeId N = Begin; N < End;) {
      PyKind K = T.kind(N);
      if (K == PyKind::FunctionDefinition || K == PyKind::ClassDefinition ||
          K == PyKind::Lambda) {
        N = T.subtreeEnd(N);
        continue;
      }
      visit(N, K);
      ++N;
    }
    for (unsigned I = 0; I < F.Bindings.size(); ++I)
      F.BindingsByName[F.Bindings[I].Name].push_back(I);
  }

private:
  void collectParams() {
    NodeId Params = T.field(F.Definition, PyField::Parameters);
    if (Params == NoNode)
      return;
    T.forEachNamedChild(Params, [&](NodeId P) {
      TritonParam Param;
      switch (T.kind(P)) {
      case PyKind::Identifier:
        Param.Node = P;
        break;
      case PyKind::TypedParameter:
        Param.Node = T.firstNamedChild(P);
        Param.Annotation = T.field(P, PyField::Type);
        break;
      case PyKind::DefaultParameter:
        Param.Node = T.field(P, PyField::Name);
        Param.Default = T.field(P, PyField::Value);
        break;
      case PyKind::TypedDefaultParameter:
        Param.Node = T.field(P, PyField::Name);
        Param.Annotation = T.field(P, PyField::Type);
        Param.Default = T.field(P, PyField::Value);
        break;
      default:
        return;
      }
      if (T.kind(Param.Node) != PyKind::Identifier)
        return;
      Param.Name = T.text(Param.Node);
      if (Param.Annotation != NoNode) {
        NodeId Ann = T.kind(Param.Annotation) == PyKind::Type
                         ? T.firstNamedChild(Param.Annotation)
                         : Param.Annotation;
        Param.Annotation = Ann;
        Param.IsConstexpr = M.languageMember(Ann) == "constexpr" ||
                            T.text(Ann).ends_with("constexpr");
        Param.Is64Bit = M.is64BitIntType(Ann);
        if (Param.Is64Bit && F.WideningSite == NoNode)
          F.WideningSite = Ann;
      }
      F.Params.push_back(Param);
    });
  }

  NodeId innermostLoop(NodeId N) const {
    for (NodeId P = T.node(N).Parent; P != NoNode && P != F.Definition;
         P = T.node(P).Parent) {
      PyKind K = T.kind(P);
      if (K == PyKind::ForStatement || K == PyKind::WhileStatement) {
        // The iterable of a for loop is evaluated before the loop.
        if (K == PyKind::ForStatement &&
            !T.contains(T.field(P, PyField::Body), N))
          continue;
        return P;
      }
    }
    return NoNode;
  }

  void addBinding(NodeId Target, NodeId Value, NodeId Statement,
                  BindingKind Kind, uint32_t VisibleFrom) {
    if (T.kind(Target) != PyKind::Identifier)
      return;
    Binding B;
    B.Name = T.text(Target);
    B.Target = Target;
    B.Value = Value;
    B.Statement = Statement;
    B.Kind = Kind;
    B.VisibleFrom = VisibleFrom;
    B.Loop = innermostLoop(Statement);
    F.Bindings.push_back(B);
  }

  static bool isSequence(PyKind K) {
    return K == PyKind::PatternList || K == PyKind::TuplePattern ||
           K == PyKind::Tuple || K == PyKind::ExpressionList ||
           K == PyKind::List;
  }

  void bindTargets(NodeId Left, NodeId Right, NodeId Statement,
                   BindingKind Kind, uint32_t VisibleFrom) {
    if (T.kind(Left) == PyKind::Identifier) {
      addBinding(Left, Right, Statement, Kind, VisibleFrom);
      return;
    }
    if (!isSequence(T.kind(Left)))
      return;
    llvm::SmallVector<NodeId, 4> Values;
    if (Right != NoNode && isSequence(T.kind(T.stripParens(Right))))
      T.forEachNamedChild(T.stripParens(Right),
                          [&](NodeId V) { Values.push_back(V); });
    unsigned I = 0;
    T.forEachNamedChild(Left, [&](NodeId Target) {
      NodeId V = I < Values.size() ? Values[I] : NoNode;
      ++I;
      bindTargets(Target, V, Statement, BindingKind::Unpacked, VisibleFrom);
    });
  }

  void visit(NodeId N, PyKind K) {
    switch (K) {
    case PyKind::Assignment: {
      // `a = b = v` nests: bind every target to the innermost value.
      NodeId Right = T.field(N, PyField::Right);
      while (T.kind(Right) == PyKind::Assignment)
        Right = T.field(Right, PyField::Right);
      bindTargets(T.field(N, PyField::Left), Right, N, BindingKind::Assign,
                  T.node(N).End);
      break;
    }
    case PyKind::AugmentedAssignment:
      addBinding(T.field(N, PyField::Left), T.field(N, PyField::Right), N,
                 BindingKind::Augmented, T.node(N).End);
      break;
    case PyKind::ForStatement: {
      NodeId Left = T.field(N, PyField::Left);
      NodeId Right = T.field(N, PyField::Right);
      // The target is visible in the body, not in the iterable
      // (`for start in range(start, end)` reads the earlier `start`).
      NodeId Body = T.field(N, PyField::Body);
      uint32_t Visible = Body != NoNode    ? T.node(Body).Start
                         : Right != NoNode ? T.node(Right).End
                                           : T.node(N).End;
      if (Left != NoNode)
        bindTargets(Left, Right, N, BindingKind::LoopTarget, Visible);
      break;
    }
    case PyKind::ComparisonOperator:
      F.Comparisons.push_back(N);
      break;
    case PyKind::ReturnStatement:
      if (NodeId V = T.firstNamedChild(N); V != NoNode)
        F.Returns.push_back(V);
      break;
    case PyKind::Call:
      visitCall(N);
      break;
    default:
      break;
    }
  }

  void visitCall(NodeId Call) {
    llvm::StringRef Callee = M.languageCallee(Call);
    if (Callee.empty()) {
      if (M.isConversion(Call)) {
        NodeId Type = M.argument(Call, 0, "dtype");
        if (M.is64BitIntType(Type) && F.WideningSite == NoNode)
          F.WideningSite = Call;
      }
      return;
    }
    if (F.WideningSite == NoNode &&
        ((Callee == "cast" && M.is64BitIntType(M.argument(Call, 1, "dtype"))) ||
         ((Callee == "full" || Callee == "zeros") &&
          M.is64BitIntType(
              M.argument(Call, Callee == "full" ? 2 : 1, "dtype")))))
      F.WideningSite = Call;

    MemoryAccess A;
    A.Call = Call;
    A.Callee = Callee;
    A.Loop = innermostLoop(Call);
    if (Callee == "load") {
      A.Op = MemoryOp::Load;
      A.Pointer = M.argument(Call, 0, "pointer");
      A.Mask = M.argument(Call, 1, "mask");
      A.Other = M.argument(Call, 2, "other");
      A.BoundaryCheck = M.argument(Call, 3, "boundary_check");
    } else if (Callee == "store") {
      A.Op = MemoryOp::Store;
      A.Pointer = M.argument(Call, 0, "pointer");
      A.Value = M.argument(Call, 1, "value");
      A.Mask = M.argument(Call, 2, "mask");
      A.BoundaryCheck = M.argument(Call, 3, "boundary_check");
    } else if (Callee.starts_with("atomic_")) {
      A.Op = MemoryOp::Atomic;
      A.Pointer = M.argument(Call, 0, "pointer");
      if (Callee == "atomic_cas") {
        A.Value = M.argument(Call, 2, "val");
      } else {
        A.Value = M.argument(Call, 1, "val");
        A.Mask = M.argument(Call, 2, "mask");
      }
    } else if (Callee == "make_block_ptr") {
      A.Op = MemoryOp::MakeBlockPtr;
      A.Pointer = M.argument(Call, 0, "base");
    } else {
      return;
    }
    if (A.Pointer != NoNode)
      F.Accesses.push_back(A);
  }

  const TritonModule &M;
  const PySyntaxTree &T;
  JitFunction &F;
};

} // namespace

void TritonModule::indexFunction(JitFunction &F) {
  BodyIndexer(*this, F).run();
}

void TritonModule::linkHelpers() {
  const PySyntaxTree &T = *Tree;
  for (JitFunction &F : Functions) {
    NodeId End = T.subtreeEnd(F.Body);
    for (NodeId N = F.Body; N < End; ++N) {
      if (T.kind(N) != PyKind::Call)
        continue;
      NodeId Fn = T.field(N, PyField::Function);
      if (T.kind(Fn) != PyKind::Identifier)
        continue;
      int Callee = functionIndex(T.text(Fn));
      if (Callee < 0 || &Functions[Callee] == &F)
        continue;
      F.Calls.push_back({N, unsigned(Callee)});
    }
  }
  for (const JitFunction &F : Functions)
    for (const HelperCall &C : F.Calls)
      Functions[C.Callee].CalledFromJit = true;
}

namespace {

/// The element type a torch dtype names (`torch.float16`, `torch.bfloat16`,
/// `torch.float32`, ...); Unknown for anything else.
BufferElementType torchDType(const PySyntaxTree &T, NodeId DType) {
  DType = T.stripParens(DType);
  if (T.kind(DType) != PyKind::Attribute)
    return BufferElementType::Unknown;
  NodeId Object = T.field(DType, PyField::Object);
  if (T.kind(Object) != PyKind::Identifier || T.text(Object) != "torch")
    return BufferElementType::Unknown;
  llvm::StringRef Name = T.text(T.field(DType, PyField::Attribute));
  if (Name == "float16" || Name == "half")
    return BufferElementType::Float16;
  if (Name == "bfloat16")
    return BufferElementType::BFloat16;
  if (Name == "float32" || Name == "float" || Name == "float64" ||
      Name == "double")
    return BufferElementType::Wide;
  return BufferElementType::Unknown;
}

/// The allocations of host code: which buffer a launch argument is and what
/// sets its element type. One host function (Scope) at a time; names are
/// followed to their last plain assignment before the launch.
class HostAllocations {
public:
  HostAllocations(const TritonModule &M, NodeId Scope, NodeId Launch)
      : M(M), T(M.tree()), Scope(Scope), Launch(Launch) {}

  /// Fills B's Allocation, DTypeSource and Type from the argument B.Argument;
  /// false when it is no allocation this model reads.
  bool classify(HostBuffer &B) {
    NodeId Value = T.stripParens(B.Argument);
    if (T.kind(Value) == PyKind::Identifier)
      Value = assignedValue(T.text(Value));
    Value = allocatedBranch(Value);
    if (Value == NoNode || !allocation(Value, B, 0))
      return false;
    B.ProcessorRows = processorRows(B.Allocation, 0);
    return true;
  }

private:
  /// The leading dimension of a `torch.empty/zeros/ones/full` allocation
  /// (`(sm_count, N)` or `sm_count, N`) when it counts the device's
  /// processors: the name, as Scope assigns it, or the expression itself
  /// reads `multi_processor_count` (CUDA, ROCm) or a core count (an NPU's
  /// `get_npu_core_count()`, `num_cores`); that expression, or empty.
  std::string processorRows(NodeId Call, unsigned Depth) const {
    Call = T.stripParens(Call);
    if (Call == NoNode || T.kind(Call) != PyKind::Call || Depth > 3)
      return {};
    // `torch.empty_like(_dw)`: the rows of the tensor it copies.
    NodeId Fn = T.field(Call, PyField::Function);
    if (T.kind(Fn) == PyKind::Attribute &&
        T.text(T.field(Fn, PyField::Attribute)).ends_with("_like")) {
      NodeId Like = T.stripParens(M.argument(Call, 0, "input"));
      if (T.kind(Like) != PyKind::Identifier)
        return {};
      return processorRows(allocatedBranch(assignedValue(T.text(Like))),
                           Depth + 1);
    }
    NodeId First = M.argument(Call, 0, "size");
    if (First == NoNode)
      return {};
    First = T.stripParens(First);
    if (T.kind(First) == PyKind::Tuple || T.kind(First) == PyKind::List) {
      NodeId Lead = NoNode;
      T.forEachNamedChild(First, [&](NodeId C) {
        if (Lead == NoNode)
          Lead = C;
      });
      First = Lead;
    }
    if (First == NoNode)
      return {};
    auto Counts = [](llvm::StringRef Text) {
      return Text.contains("multi_processor_count") ||
             Text.contains("core_count") || Text.contains("core_num") ||
             Text.contains("num_cores");
    };
    llvm::StringRef Text = T.text(First);
    if (Counts(Text))
      return Text.str();
    // A name whose value reads the count, directly or through one more
    // name (`nrow_groups = math.ceil(sm_count * ... / ngroups)`, Mamba's
    // gated norm): a few rows per processor.
    std::function<bool(NodeId, unsigned)> Reads = [&](NodeId E,
                                                      unsigned Level) {
      if (Counts(T.text(E)))
        return true;
      if (Level >= 2)
        return false;
      bool Found = false;
      T.walk(E, [&](NodeId N) {
        if (Found || T.kind(N) != PyKind::Identifier)
          return;
        NodeId Value = assignedValue(T.text(N));
        Found = Value != NoNode && Value != E && Reads(Value, Level + 1);
      });
      return Found;
    };
    if (T.kind(First) == PyKind::Identifier) {
      NodeId Value = assignedValue(Text);
      if (Value != NoNode && Reads(Value, 0))
        return Text.str();
    }
    return {};
  }

  /// The allocating branch of `torch.empty(...) if bias is not None else
  /// None` (the other branch passes no buffer); Value itself otherwise.
  NodeId allocatedBranch(NodeId Value) const {
    Value = T.stripParens(Value);
    if (Value == NoNode || T.kind(Value) != PyKind::ConditionalExpression)
      return Value;
    NodeId Found = NoNode;
    unsigned Count = 0;
    T.forEachNamedChild(Value, [&](NodeId C) {
      // The children: the value, the condition, the alternative.
      if (Count++ != 1 && T.kind(T.stripParens(C)) == PyKind::Call &&
          Found == NoNode)
        Found = C;
    });
    return Found;
  }

  /// The value of the last `Name = value` of Scope before the launch
  /// (nested functions, classes and lambdas skipped), or NoNode.
  NodeId assignedValue(llvm::StringRef Name) const {
    NodeId Found = NoNode;
    uint32_t Before = T.node(Launch).Start;
    NodeId Body = T.field(Scope, PyField::Body);
    if (Body == NoNode)
      return NoNode;
    for (NodeId N = Body, E = T.subtreeEnd(Body); N < E;) {
      PyKind K = T.kind(N);
      if (K == PyKind::FunctionDefinition || K == PyKind::ClassDefinition ||
          K == PyKind::Lambda) {
        N = T.subtreeEnd(N);
        continue;
      }
      if (K == PyKind::Assignment && T.node(N).Start < Before) {
        NodeId Left = T.field(N, PyField::Left);
        if (T.kind(Left) == PyKind::Identifier && T.text(Left) == Name)
          Found = T.field(N, PyField::Right);
      }
      ++N;
    }
    return Found;
  }

  /// The element type of a tensor whose dtype an allocation copies: its own
  /// allocation's when Scope allocates it, else an input's.
  BufferElementType tensorType(NodeId Tensor, unsigned Depth) {
    Tensor = T.stripParens(Tensor);
    if (Depth < 3 && T.kind(Tensor) == PyKind::Identifier) {
      NodeId Value = assignedValue(T.text(Tensor));
      HostBuffer Inner;
      if (Value != NoNode && allocation(Value, Inner, Depth + 1))
        return Inner.Type;
      if (Value != NoNode)
        if (std::optional<BufferElementType> C = conversion(Value))
          return *C;
    }
    return BufferElementType::InputType;
  }

  /// The element type a conversion chain gives a tensor: `x.to(torch.float32)`,
  /// `x.float()`, `x.half()`, `x.to(dtype).contiguous()`; Unknown for a
  /// dtype held in a variable (`x.to(compute_dtype)`); nothing when the chain
  /// converts nothing (`x.contiguous()`, `x.to(device)`).
  std::optional<BufferElementType> conversion(NodeId E) const {
    for (unsigned Steps = 0; Steps < 8; ++Steps) {
      E = T.stripParens(E);
      if (T.kind(E) != PyKind::Call)
        return std::nullopt;
      NodeId Fn = T.field(E, PyField::Function);
      if (T.kind(Fn) != PyKind::Attribute)
        return std::nullopt;
      llvm::StringRef Method = T.text(T.field(Fn, PyField::Attribute));
      if (Method == "float" || Method == "double")
        return BufferElementType::Wide;
      if (Method == "half")
        return BufferElementType::Float16;
      if (Method == "bfloat16")
        return BufferElementType::BFloat16;
      if (Method == "to" || Method == "type") {
        NodeId DType = M.argument(E, 99, "dtype");
        if (DType == NoNode)
          DType = M.argument(E, 0, "dtype");
        BufferElementType Named = DType == NoNode
                                      ? BufferElementType::Unknown
                                      : torchDType(T, DType);
        if (Named != BufferElementType::Unknown)
          return Named;
        if (DType != NoNode &&
            (M.argument(E, 99, "dtype") != NoNode ||
             llvm::StringRef(T.text(DType).lower()).contains("dtype")))
          return BufferElementType::Unknown;
      }
      E = T.field(Fn, PyField::Object);
    }
    return std::nullopt;
  }

  /// Reads `torch.empty/zeros/ones/full[_like](..., dtype=...)` and
  /// `t.new_empty/zeros/ones/full(...)`.
  bool allocation(NodeId Call, HostBuffer &B, unsigned Depth) {
    Call = T.stripParens(Call);
    if (T.kind(Call) != PyKind::Call)
      return false;
    NodeId Fn = T.field(Call, PyField::Function);
    if (T.kind(Fn) != PyKind::Attribute)
      return false;
    NodeId Object = T.field(Fn, PyField::Object);
    llvm::StringRef Name = T.text(T.field(Fn, PyField::Attribute));
    bool Torch =
        T.kind(Object) == PyKind::Identifier && T.text(Object) == "torch";
    NodeId Like = NoNode; // the tensor whose dtype a missing dtype= copies
    if (Torch && (Name == "empty" || Name == "zeros" || Name == "ones" ||
                  Name == "full")) {
    } else if (Torch && (Name == "empty_like" || Name == "zeros_like" ||
                         Name == "ones_like" || Name == "full_like")) {
      Like = M.argument(Call, 0, "input");
    } else if (!Torch && (Name == "new_empty" || Name == "new_zeros" ||
                          Name == "new_ones" || Name == "new_full")) {
      Like = Object;
    } else {
      return false;
    }
    B.Allocation = Call;
    NodeId DType = M.argument(Call, ~0u, "dtype");
    if (DType != NoNode) {
      B.DTypeSource = DType;
      B.Type = torchDType(T, DType);
      NodeId Stripped = T.stripParens(DType);
      if (B.Type == BufferElementType::Unknown &&
          T.kind(Stripped) == PyKind::Attribute &&
          T.text(T.field(Stripped, PyField::Attribute)) == "dtype") {
        B.DTypeSource = T.field(Stripped, PyField::Object);
        B.Type = tensorType(B.DTypeSource, Depth);
      }
    } else if (Like != NoNode) {
      B.DTypeSource = Like;
      B.Type = tensorType(Like, Depth);
    }
    return true;
  }

  const TritonModule &M;
  const PySyntaxTree &T;
  NodeId Scope, Launch;
};

} // namespace

void TritonModule::collectLaunches() {
  const PySyntaxTree &T = *Tree;
  for (NodeId N = 0, E = NodeId(T.size()); N < E; ++N) {
    if (T.kind(N) != PyKind::Call)
      continue;
    NodeId Fn = T.field(N, PyField::Function);
    if (T.kind(Fn) != PyKind::Subscript)
      continue;
    NodeId Kernel = T.stripParens(T.field(Fn, PyField::Value));
    // `torch.library.wrap_triton(kernel)[grid](...)` launches the kernel
    // it wraps.
    if (T.kind(Kernel) == PyKind::Call &&
        T.text(T.field(Kernel, PyField::Function)).ends_with("wrap_triton"))
      Kernel = T.stripParens(argument(Kernel, 0, "triton_kernel"));
    if (T.kind(Kernel) != PyKind::Identifier)
      continue;
    int K = functionIndex(T.text(Kernel));
    if (K < 0)
      continue;
    // Host code: the innermost function around the launch, not a kernel.
    NodeId Scope = T.node(N).Parent;
    while (Scope != NoNode && T.kind(Scope) != PyKind::FunctionDefinition)
      Scope = T.node(Scope).Parent;
    if (Scope == NoNode || llvm::any_of(Functions, [&](const JitFunction &F) {
          return F.Definition == Scope;
        }))
      continue;
    HostAllocations Host(*this, Scope, N);
    const JitFunction &F = Functions[K];
    for (unsigned I = 0; I < F.Params.size(); ++I) {
      if (F.Params[I].IsConstexpr)
        continue;
      HostBuffer B;
      B.Kernel = unsigned(K);
      B.Param = I;
      B.Launch = N;
      B.Argument = argument(N, I, F.Params[I].Name);
      if (B.Argument != NoNode && Host.classify(B))
        HostBuffers.push_back(B);
    }
  }
}

llvm::SmallVector<const HostBuffer *, 2>
TritonModule::hostBuffers(unsigned Kernel, unsigned Param) const {
  llvm::SmallVector<const HostBuffer *, 2> Out;
  for (const HostBuffer &B : HostBuffers)
    if (B.Kernel == Kernel && B.Param == Param)
      Out.push_back(&B);
  return Out;
}

} // namespace kerneltidy::triton
