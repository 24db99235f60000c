//===- TypeDispatch.cpp - concrete types of template type parameters -----===//
#include "lib/frontend/clang/TypeDispatch.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace kerneltidy {

//===-- 16-bit floating types ---------------------------------------------===//

/// The last component of a qualified name, with ATen's 'k' enumerator prefix
/// ('kHalf') removed.
static StringRef unqualifiedTypeName(StringRef Spelling) {
  Spelling = Spelling.trim();
  size_t Colon = Spelling.rfind("::");
  StringRef Last =
      Colon == StringRef::npos ? Spelling : Spelling.drop_front(Colon + 2);
  if (Last.size() > 1 && Last[0] == 'k' && isUppercase(Last[1]))
    Last = Last.drop_front();
  return Last;
}

Float16Kind float16KindOfName(StringRef Spelling) {
  return llvm::StringSwitch<Float16Kind>(unqualifiedTypeName(Spelling))
      .Cases("Half", "__half", "half", "__half2", "half2", Float16Kind::Half)
      .Cases("half_t", "_Float16", "__fp16", "float16_t", Float16Kind::Half)
      .Cases("BFloat16", "__nv_bfloat16", "nv_bfloat16", "bfloat16",
             Float16Kind::BFloat16)
      .Cases("__nv_bfloat162", "nv_bfloat162", "bfloat16_t", "__bf16",
             Float16Kind::BFloat16)
      .Cases("__hip_bfloat16", "__hip_bfloat162", "hip_bfloat16",
             Float16Kind::BFloat16)
      .Default(Float16Kind::None);
}

StringRef float16KindName(Float16Kind K) {
  switch (K) {
  case Float16Kind::Half:
    return "fp16";
  case Float16Kind::BFloat16:
    return "bf16";
  case Float16Kind::None:
    break;
  }
  return "";
}

/// Record names that are 16-bit floating types only inside one of the given
/// namespaces (a user's own 'Half' class is not PyTorch's).
static Float16Kind float16KindOfRecord(const RecordDecl *RD) {
  if (!RD->getIdentifier())
    return Float16Kind::None;
  StringRef Name = RD->getName();
  // CUDA's and HIP's types live in the global namespace; their names are
  // reserved, so no namespace test is needed.
  Float16Kind Reserved = llvm::StringSwitch<Float16Kind>(Name)
                             .Cases("__half", "__half2", Float16Kind::Half)
                             .Cases("__nv_bfloat16", "__nv_bfloat162",
                                    "__hip_bfloat16", "__hip_bfloat162",
                                    Float16Kind::BFloat16)
                             .Default(Float16Kind::None);
  if (Reserved != Float16Kind::None)
    return Reserved;
  llvm::StringSet<> Namespaces;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier())
        Namespaces.insert(NS->getName());
  auto In = [&](std::initializer_list<StringRef> Names) {
    return llvm::any_of(Names, [&](StringRef N) { return Namespaces.count(N); });
  };
  if ((Name == "Half" || Name == "BFloat16") && In({"c10", "at"}))
    return Name == "Half" ? Float16Kind::Half : Float16Kind::BFloat16;
  if (Name == "half" && In({"sycl", "half_impl", "Eigen", "cl"}))
    return Float16Kind::Half;
  if (Name == "bfloat16" && In({"sycl", "oneapi", "Eigen"}))
    return Float16Kind::BFloat16;
  if (Name == "half_t" && In({"cutlass"}))
    return Float16Kind::Half;
  if (Name == "bfloat16_t" && In({"cutlass"}))
    return Float16Kind::BFloat16;
  if (Name == "hip_bfloat16")
    return Float16Kind::BFloat16;
  return Float16Kind::None;
}

Float16Kind float16KindOf(QualType T) {
  if (T.isNull())
    return Float16Kind::None;
  QualType C = T.getNonReferenceType().getCanonicalType();
  if (C->isDependentType())
    return Float16Kind::None;
  if (const auto *BT = C->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::Half:
    case BuiltinType::Float16:
      return Float16Kind::Half;
    case BuiltinType::BFloat16:
      return Float16Kind::BFloat16;
    default:
      return Float16Kind::None;
    }
  }
  if (const auto *RD = C->getAsRecordDecl())
    return float16KindOfRecord(RD);
  return Float16Kind::None;
}

bool isWideFloatingType(QualType T) {
  if (T.isNull())
    return false;
  const auto *BT = T.getNonReferenceType().getCanonicalType()->getAs<BuiltinType>();
  if (!BT)
    return false;
  switch (BT->getKind()) {
  case BuiltinType::Float:
  case BuiltinType::Double:
  case BuiltinType::LongDouble:
  case BuiltinType::Float128:
    return true;
  default:
    return false;
  }
}

//===-- Dispatch macros ----------------------------------------------------===//

/// ATen's ScalarType enumerators and the C++ types they dispatch to.
static std::optional<StringRef> typeOfScalarTypeName(StringRef Spelling) {
  static constexpr std::pair<StringRef, StringRef> ScalarTypes[] = {
      {"Byte", "uint8_t"}, {"Char", "int8_t"}, {"Short", "int16_t"},
      {"Int", "int"}, {"Long", "int64_t"}, {"Half", "at::Half"},
      {"Float", "float"}, {"Double", "double"},
      {"ComplexHalf", "c10::complex<at::Half>"},
      {"ComplexFloat", "c10::complex<float>"},
      {"ComplexDouble", "c10::complex<double>"}, {"Bool", "bool"},
      {"BFloat16", "at::BFloat16"}};
  StringRef Name = unqualifiedTypeName(Spelling);
  for (const auto &[Enumerator, Type] : ScalarTypes)
    if (Name == Enumerator)
      return Type;
  return std::nullopt;
}

static void addTypeGroups(StringRef Name, std::vector<std::string> &Types) {
  auto Add = [&](std::initializer_list<StringRef> Ts) {
    for (StringRef T : Ts)
      if (!llvm::is_contained(Types, T))
        Types.push_back(std::string(T));
  };
  const bool Reduced = Name.contains("REDUCED_FLOATING_TYPES");
  if (Reduced)
    Add({"at::Half", "at::BFloat16"});
  else if (Name.contains("FLOATING_TYPES"))
    Add({"double", "float"});
  if (Name.contains("ALL_TYPES") || Name.contains("INTEGRAL_TYPES"))
    Add({"uint8_t", "int8_t", "int16_t", "int", "int64_t"});
  if (Name.contains("ALL_TYPES"))
    Add({"double", "float"});
  if (Name.contains("COMPLEX"))
    Add({"c10::complex<float>", "c10::complex<double>"});
  if (Name.contains("INDEX_TYPES"))
    Add({"int", "int64_t"});
  if (!Reduced && Name.contains("_HALF"))
    Add({"at::Half"});
  if (!Reduced && Name.contains("_BFLOAT16"))
    Add({"at::BFloat16"});
}

static bool isQualifiedName(StringRef S) {
  return !S.empty() && llvm::all_of(S, [](char C) {
    return isAsciiIdentifierContinue(C) || C == ':';
  });
}

std::optional<DispatchSite>
parseDispatchMacro(StringRef MacroName, ArrayRef<std::string> ArgSpellings) {
  if (!MacroName.starts_with("AT_DISPATCH_") ||
      MacroName.starts_with("AT_DISPATCH_CASE"))
    return std::nullopt;
  DispatchSite Site;
  Site.MacroName = std::string(MacroName);
  Site.BoundName = MacroName.contains("INDEX_TYPES") ? "index_t" : "scalar_t";
  addTypeGroups(MacroName.drop_front(strlen("AT_DISPATCH_")), Site.Types);
  for (StringRef Arg : ArgSpellings) {
    Arg = Arg.trim();
    // A nested case list (AT_DISPATCH_SWITCH) or a V2 type group.
    if (Arg.starts_with("AT_DISPATCH_CASE")) {
      StringRef CaseName = Arg.take_until([](char C) { return C == '('; });
      addTypeGroups(CaseName.drop_front(strlen("AT_DISPATCH_CASE")),
                    Site.Types);
      if (CaseName == "AT_DISPATCH_CASE") {
        StringRef First = Arg.drop_front(CaseName.size() + 1)
                              .take_until([](char C) { return C == ','; });
        if (auto T = typeOfScalarTypeName(First))
          if (!llvm::is_contained(Site.Types, *T))
            Site.Types.push_back(std::string(*T));
      }
      continue;
    }
    if (Arg.starts_with("AT_EXPAND(") || Arg.starts_with("AT_")) {
      if (Arg.contains("AT_FLOATING_TYPES") || Arg.contains("AT_ALL_TYPES") ||
          Arg.contains("AT_INTEGRAL_TYPES") || Arg.contains("AT_COMPLEX_TYPES"))
        addTypeGroups(Arg.drop_front(3), Site.Types);
      continue;
    }
    // Extra types: 'Half', 'kBFloat16', 'at::ScalarType::Half'. Only plain
    // names, so that nothing inside the body lambda counts.
    if (!isQualifiedName(Arg))
      continue;
    if (auto T = typeOfScalarTypeName(Arg))
      if (!llvm::is_contained(Site.Types, *T))
        Site.Types.push_back(std::string(*T));
  }
  if (Site.Types.empty())
    return std::nullopt;
  return Site;
}

void DispatchMacroRecorder::MacroExpands(const Token &MacroNameTok,
                                         const MacroDefinition &MD,
                                         SourceRange Range,
                                         const MacroArgs *Args) {
  const IdentifierInfo *II = MacroNameTok.getIdentifierInfo();
  if (!II || !Args || !Range.getBegin().isFileID())
    return;
  StringRef Name = II->getName();
  if (!Name.starts_with("AT_DISPATCH_"))
    return;
  const MacroInfo *MI = MD.getMacroInfo();
  if (!MI)
    return;
  std::vector<std::string> Spellings;
  for (unsigned I = 0, N = Args->getNumMacroArguments(); I < N; ++I) {
    std::string Text;
    for (const Token *T = Args->getUnexpArgument(I); T && T->isNot(tok::eof);
         ++T)
      Text += PP.getSpelling(*T);
    Spellings.push_back(std::move(Text));
  }
  if (auto Site = parseDispatchMacro(Name, Spellings)) {
    Site->Range = Range;
    Sites.push_back(std::move(*Site));
  }
}

//===-- Bindings -------------------------------------------------------------===//

std::optional<TypeDispatch::ParamKey>
TypeDispatch::keyOf(const TemplateTypeParmDecl *P) {
  if (!P)
    return std::nullopt;
  // Template parameters belong to the templated declaration (Clang adopts
  // them), so the owner names the template; its canonical declaration makes
  // the key the same for every redeclaration.
  const Decl *Owner = dyn_cast_or_null<Decl>(P->getDeclContext());
  const TemplateDecl *TD = nullptr;
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Owner))
    TD = FD->getDescribedFunctionTemplate();
  else if (const auto *RD = dyn_cast_or_null<CXXRecordDecl>(Owner))
    TD = RD->getDescribedClassTemplate();
  if (!TD || !TD->getTemplateParameters() ||
      TD->getTemplateParameters()->getDepth() != P->getDepth())
    return std::nullopt;
  return ParamKey(TD->getCanonicalDecl(), P->getIndex());
}

const TemplateTypeParmDecl *TypeDispatch::asTemplateParm(QualType T) {
  if (T.isNull())
    return nullptr;
  // Not getAs<>: TemplateTypeParmType is a leaf type, and getAs returns its
  // canonical form, which has no declaration. Walk the sugar instead.
  QualType Cur = T.getNonReferenceType();
  for (unsigned Steps = 0; !Cur.isNull() && Steps < 32; ++Steps) {
    if (const auto *TTP = dyn_cast<TemplateTypeParmType>(Cur.getTypePtr()))
      return TTP->getDecl();
    QualType Next = Cur->getLocallyUnqualifiedSingleStepDesugaredType();
    if (Next.getTypePtr() == Cur.getTypePtr())
      break;
    Cur = Next;
  }
  return nullptr;
}

void TypeDispatch::addBinding(ParamKey K, TypeBinding B) {
  auto &List = Bindings[K];
  for (const TypeBinding &Existing : List)
    if (Existing.TypeName == B.TypeName && Existing.Origin == B.Origin)
      return;
  List.push_back(std::move(B));
}

static bool isInRange(const SourceManager &SM, SourceLocation Loc,
                      SourceRange R) {
  if (Loc.isInvalid() || R.isInvalid())
    return false;
  Loc = SM.getFileLoc(Loc);
  return !SM.isBeforeInTranslationUnit(Loc, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), Loc);
}

/// Walks the translation unit once and records the evidence.
class TypeDispatchIndexer
    : public RecursiveASTVisitor<TypeDispatchIndexer> {
public:
  TypeDispatchIndexer(TypeDispatch &TD, ArrayRef<DispatchSite> Sites)
      : TD(TD), Ctx(TD.Ctx), SM(TD.Ctx.getSourceManager()), Sites(Sites) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitFunctionTemplateDecl(FunctionTemplateDecl *FTD) {
    if (FTD != FTD->getCanonicalDecl())
      return true;
    for (FunctionDecl *FD : FTD->specializations()) {
      const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
      if (Args)
        addInstantiation(FTD, Args->asArray(),
                         FD->getTemplateSpecializationKind(),
                         FD->getPointOfInstantiation());
    }
    return true;
  }

  bool VisitClassTemplateDecl(ClassTemplateDecl *CTD) {
    if (CTD != CTD->getCanonicalDecl())
      return true;
    for (ClassTemplateSpecializationDecl *S : CTD->specializations())
      addInstantiation(CTD, S->getTemplateArgs().asArray(),
                       S->getSpecializationKind(), S->getPointOfInstantiation());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (!E->hasExplicitTemplateArgs())
      return true;
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      if (const FunctionTemplateDecl *FTD = FD->getPrimaryTemplate())
        addWrittenArgs(FTD, E->template_arguments());
    return true;
  }

  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *E) {
    if (!E->hasExplicitTemplateArgs())
      return true;
    for (const NamedDecl *D : E->decls())
      if (const auto *FTD =
              dyn_cast<FunctionTemplateDecl>(D->getUnderlyingDecl()))
        addWrittenArgs(FTD, E->template_arguments());
    return true;
  }

  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    const TemplateDecl *TmplD =
        TL.getTypePtr()->getTemplateName().getAsTemplateDecl();
    const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(TmplD);
    if (!CTD)
      return true;
    llvm::SmallVector<TemplateArgumentLoc, 4> Args;
    for (unsigned I = 0, N = TL.getNumArgs(); I < N; ++I)
      Args.push_back(TL.getArgLoc(I));
    addWrittenArgs(CTD, Args);
    return true;
  }

private:
  static const TemplateTypeParmDecl *typeParamAt(const TemplateDecl *Tmpl,
                                                 unsigned I) {
    const TemplateParameterList *Params = Tmpl->getTemplateParameters();
    if (!Params || I >= Params->size())
      return nullptr;
    const auto *P = dyn_cast<TemplateTypeParmDecl>(Params->getParam(I));
    return P && !P->isParameterPack() ? P : nullptr;
  }

  static TypeDispatch::ParamKey keyAt(const TemplateDecl *Tmpl, unsigned I) {
    return {Tmpl->getCanonicalDecl(), I};
  }

  void addInstantiation(const TemplateDecl *Tmpl,
                        ArrayRef<TemplateArgument> Args,
                        TemplateSpecializationKind TSK, SourceLocation POI) {
    if (TSK == TSK_Undeclared || TSK == TSK_ExplicitSpecialization)
      return;
    for (unsigned I = 0; I < Args.size(); ++I) {
      if (!typeParamAt(Tmpl, I) || Args[I].getKind() != TemplateArgument::Type)
        continue;
      QualType T = Args[I].getAsType();
      if (T.isNull() || T->isDependentType())
        continue;
      TypeBinding B;
      QualType Canon = T.getCanonicalType();
      PrintingPolicy Policy(Ctx.getLangOpts());
      Policy.SuppressTagKeyword = true;
      B.TypeName = Canon.getAsString(Policy);
      B.Type = Canon;
      B.Float16 = float16KindOf(Canon);
      B.Origin = TSK == TSK_ImplicitInstantiation
                     ? TypeBinding::Instantiation
                     : TypeBinding::ExplicitInstantiation;
      B.Loc = POI.isValid() ? SM.getFileLoc(POI) : POI;
      TD.addBinding(keyAt(Tmpl, I), std::move(B));
    }
  }

  /// True when T is spelled with the alias Name (a typedef, or a template
  /// parameter of that name), directly or through plain aliases of it. Not
  /// through alias templates or their substituted arguments: 'accscalar_t'
  /// written as 'acc_type<scalar_t>' is a type computed from scalar_t, not
  /// scalar_t.
  static bool spelledWith(QualType T, StringRef Name) {
    for (unsigned Steps = 0; !T.isNull() && Steps < 16; ++Steps) {
      const Type *Ty = T.getTypePtr();
      if (const auto *TT = dyn_cast<TypedefType>(Ty)) {
        if (TT->getDecl()->getName() == Name)
          return true;
        T = TT->getDecl()->getUnderlyingType();
      } else if (const auto *TTP = dyn_cast<TemplateTypeParmType>(Ty)) {
        const IdentifierInfo *II = TTP->getIdentifier();
        return II && II->getName() == Name;
      } else if (const auto *ET = dyn_cast<ElaboratedType>(Ty)) {
        T = ET->getNamedType();
      } else if (const auto *PT = dyn_cast<ParenType>(Ty)) {
        T = PT->getInnerType();
      } else if (const auto *UT = dyn_cast<UsingType>(Ty)) {
        T = UT->desugar();
      } else {
        return false;
      }
    }
    return false;
  }

  void addWrittenArgs(const TemplateDecl *Tmpl,
                      ArrayRef<TemplateArgumentLoc> Args) {
    for (unsigned I = 0; I < Args.size(); ++I) {
      if (!typeParamAt(Tmpl, I) ||
          Args[I].getArgument().getKind() != TemplateArgument::Type)
        continue;
      QualType T = Args[I].getArgument().getAsType();
      if (T.isNull())
        continue;
      SourceLocation Loc = Args[I].getLocation();
      for (const DispatchSite &Site : Sites) {
        if (!isInRange(SM, Loc, Site.Range) || !spelledWith(T, Site.BoundName))
          continue;
        for (const std::string &Name : Site.Types) {
          TypeBinding B;
          B.TypeName = Name;
          B.Float16 = float16KindOfName(Name);
          B.Origin = TypeBinding::DispatchMacro;
          B.Loc = Site.Range.getBegin();
          B.Via = Site.MacroName;
          TD.addBinding(keyAt(Tmpl, I), std::move(B));
        }
      }
      if (const auto *From = TypeDispatch::asTemplateParm(T))
        if (auto FromKey = TypeDispatch::keyOf(From)) {
          auto &Sources = TD.ForwardedFrom[keyAt(Tmpl, I)];
          if (!llvm::is_contained(Sources, *FromKey))
            Sources.push_back(*FromKey);
        }
    }
  }

  TypeDispatch &TD;
  ASTContext &Ctx;
  const SourceManager &SM;
  ArrayRef<DispatchSite> Sites;
};

TypeDispatch::TypeDispatch(ASTContext &Ctx, ArrayRef<DispatchSite> Sites)
    : Ctx(Ctx) {
  TypeDispatchIndexer(*this, Sites).TraverseAST(Ctx);
}

std::vector<TypeBinding>
TypeDispatch::bindingsOf(const TemplateTypeParmDecl *P) const {
  std::vector<TypeBinding> Result;
  auto Key = keyOf(P);
  if (!Key)
    return Result;
  llvm::SmallVector<ParamKey, 8> Work{*Key};
  llvm::DenseSet<ParamKey> Seen{*Key};
  llvm::StringSet<> Names;
  while (!Work.empty()) {
    ParamKey K = Work.pop_back_val();
    auto It = Bindings.find(K);
    if (It != Bindings.end())
      for (const TypeBinding &B : It->second)
        Result.push_back(B);
    auto Fwd = ForwardedFrom.find(K);
    if (Fwd != ForwardedFrom.end())
      for (ParamKey From : Fwd->second)
        if (Seen.insert(From).second)
          Work.push_back(From);
  }
  // Dispatch evidence first (it names the macro), then explicit
  // instantiations, then the rest; each type once.
  std::stable_sort(Result.begin(), Result.end(),
                   [](const TypeBinding &A, const TypeBinding &B) {
                     return A.Origin < B.Origin;
                   });
  llvm::erase_if(Result, [&](const TypeBinding &B) {
    return !Names.insert(B.TypeName).second;
  });
  return Result;
}

std::vector<TypeBinding> TypeDispatch::float16Bindings(QualType T) const {
  std::vector<TypeBinding> Result;
  if (T.isNull())
    return Result;
  if (Float16Kind K = float16KindOf(T); K != Float16Kind::None) {
    TypeBinding B;
    PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.SuppressTagKeyword = true;
    B.TypeName = T.getUnqualifiedType().getAsString(Policy);
    B.Type = T;
    B.Float16 = K;
    Result.push_back(std::move(B));
    return Result;
  }
  if (const TemplateTypeParmDecl *P = asTemplateParm(T))
    for (TypeBinding &B : bindingsOf(P))
      if (B.Float16 != Float16Kind::None)
        Result.push_back(std::move(B));
  return Result;
}

} // namespace kerneltidy
