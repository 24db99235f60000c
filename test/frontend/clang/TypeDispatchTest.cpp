//===- TypeDispatchTest.cpp - lib/frontend/clang/TypeDispatch unit tests --------===//
//
// The 16-bit type names, the dispatch-macro table, and the bindings of
// template type parameters on small C++ translation units (explicit
// instantiations, calls, forwarding, AT_DISPATCH_* spellings through the
// preprocessor). Plain C++ is enough: nothing here is CUDA-specific.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/TypeDispatch.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using kerneltidy::DispatchSite;
using kerneltidy::Float16Kind;
using kerneltidy::TypeBinding;
using kerneltidy::TypeDispatch;

namespace {

TEST(TypeDispatchNames, Float16Spellings) {
  using kerneltidy::float16KindOfName;
  EXPECT_EQ(float16KindOfName("at::Half"), Float16Kind::Half);
  EXPECT_EQ(float16KindOfName("c10::Half"), Float16Kind::Half);
  EXPECT_EQ(float16KindOfName("kHalf"), Float16Kind::Half);
  EXPECT_EQ(float16KindOfName("at::ScalarType::Half"), Float16Kind::Half);
  EXPECT_EQ(float16KindOfName("__half"), Float16Kind::Half);
  EXPECT_EQ(float16KindOfName("sycl::half"), Float16Kind::Half);
  EXPECT_EQ(float16KindOfName("_Float16"), Float16Kind::Half);
  EXPECT_EQ(float16KindOfName("at::BFloat16"), Float16Kind::BFloat16);
  EXPECT_EQ(float16KindOfName("kBFloat16"), Float16Kind::BFloat16);
  EXPECT_EQ(float16KindOfName("__nv_bfloat16"), Float16Kind::BFloat16);
  EXPECT_EQ(float16KindOfName("sycl::ext::oneapi::bfloat16"),
            Float16Kind::BFloat16);
  EXPECT_EQ(float16KindOfName("__bf16"), Float16Kind::BFloat16);
  EXPECT_EQ(float16KindOfName("float"), Float16Kind::None);
  EXPECT_EQ(float16KindOfName("double"), Float16Kind::None);
  EXPECT_EQ(float16KindOfName("int64_t"), Float16Kind::None);
  EXPECT_EQ(float16KindOfName("kFloat"), Float16Kind::None);
}

std::vector<std::string> typesOf(StringRef Macro,
                                 std::vector<std::string> Args) {
  auto Site = kerneltidy::parseDispatchMacro(Macro, Args);
  return Site ? Site->Types : std::vector<std::string>{};
}

TEST(TypeDispatchMacros, FloatingTypesAndHalf) {
  auto T = typesOf("AT_DISPATCH_FLOATING_TYPES_AND_HALF",
                   {"input.scalar_type()", "\"k\"", "[&]{k<scalar_t>();}"});
  EXPECT_EQ(T, (std::vector<std::string>{"double", "float", "at::Half"}));
}

TEST(TypeDispatchMacros, And2ReadsTheExtraTypes) {
  auto T = typesOf("AT_DISPATCH_FLOATING_TYPES_AND2",
                   {"at::ScalarType::Half", "at::ScalarType::BFloat16",
                    "input.scalar_type()", "\"k\"", "[&]{}"});
  EXPECT_EQ(T, (std::vector<std::string>{"double", "float", "at::Half",
                                         "at::BFloat16"}));
  EXPECT_EQ(typesOf("AT_DISPATCH_FLOATING_TYPES_AND2",
                    {"kHalf", "kBFloat16", "t", "\"k\"", "[&]{}"}),
            T);
}

TEST(TypeDispatchMacros, TheBodyLambdaDoesNotCount) {
  // 'at::Half' inside the lambda is code, not a dispatched type.
  auto T = typesOf("AT_DISPATCH_FLOATING_TYPES",
                   {"t", "\"k\"", "[&]{using h=at::Half;}"});
  EXPECT_EQ(T, (std::vector<std::string>{"double", "float"}));
}

TEST(TypeDispatchMacros, V2AndReduced) {
  auto V2 = typesOf("AT_DISPATCH_V2",
                    {"t", "\"k\"", "AT_WRAP([&]{})", "AT_EXPAND(AT_FLOATING_TYPES)",
                     "kHalf", "kBFloat16"});
  EXPECT_EQ(V2, (std::vector<std::string>{"double", "float", "at::Half",
                                          "at::BFloat16"}));
  EXPECT_EQ(typesOf("AT_DISPATCH_REDUCED_FLOATING_TYPES", {"t", "\"k\"", "[&]{}"}),
            (std::vector<std::string>{"at::Half", "at::BFloat16"}));
}

TEST(TypeDispatchMacros, IndexTypesBindIndexT) {
  auto Site = kerneltidy::parseDispatchMacro("AT_DISPATCH_INDEX_TYPES",
                                             {"t", "\"k\"", "[&]{}"});
  ASSERT_TRUE(Site);
  EXPECT_EQ(Site->BoundName, "index_t");
  EXPECT_EQ(Site->Types, (std::vector<std::string>{"int", "int64_t"}));
}

TEST(TypeDispatchMacros, NotADispatch) {
  EXPECT_FALSE(kerneltidy::parseDispatchMacro("AT_ASSERT", {"x"}));
  EXPECT_FALSE(kerneltidy::parseDispatchMacro("AT_DISPATCH_CASE", {"kHalf"}));
}

/// Parses Code with the dispatch recorder attached, then asks TypeDispatch
/// for the bindings of template parameter Param of template Template.
struct BindingsQuery {
  std::string Template, Param;
  std::vector<TypeBinding> Result;
  std::vector<std::string> Float16Names; // of float16Bindings(param type)
};

class QueryConsumer : public ASTConsumer {
public:
  QueryConsumer(std::vector<DispatchSite> &Sites, BindingsQuery &Q)
      : Sites(Sites), Q(Q) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    TypeDispatch TD(Ctx, Sites);
    auto M = match(
        namedDecl(hasName(Q.Template), anyOf(functionTemplateDecl(),
                                             classTemplateDecl()))
            .bind("t"),
        Ctx);
    for (const BoundNodes &N : M) {
      const auto *TD0 = N.getNodeAs<TemplateDecl>("t");
      for (const NamedDecl *P : *TD0->getTemplateParameters())
        if (const auto *TTP = dyn_cast<TemplateTypeParmDecl>(P);
            TTP && TTP->getName() == Q.Param) {
          Q.Result = TD.bindingsOf(TTP);
          QualType T = Ctx.getTemplateTypeParmType(
              TTP->getDepth(), TTP->getIndex(), false,
              const_cast<TemplateTypeParmDecl *>(TTP));
          for (const TypeBinding &B : TD.float16Bindings(T))
            Q.Float16Names.push_back(B.TypeName);
        }
      return;
    }
  }

private:
  std::vector<DispatchSite> &Sites;
  BindingsQuery &Q;
};

class QueryAction : public ASTFrontendAction {
public:
  explicit QueryAction(BindingsQuery &Q) : Q(Q) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<kerneltidy::DispatchMacroRecorder>(
            CI.getPreprocessor(), Sites));
    return std::make_unique<QueryConsumer>(Sites, Q);
  }

private:
  BindingsQuery &Q;
  std::vector<DispatchSite> Sites;
};

BindingsQuery query(StringRef Code, StringRef Template, StringRef Param) {
  BindingsQuery Q{std::string(Template), std::string(Param), {}, {}};
  tooling::runToolOnCodeWithArgs(std::make_unique<QueryAction>(Q), Code,
                                 {"-std=c++17", "-Wno-everything"}, "input.cc");
  return Q;
}

std::vector<std::string> names(const std::vector<TypeBinding> &Bs) {
  std::vector<std::string> N;
  for (const TypeBinding &B : Bs)
    N.push_back(B.TypeName);
  return N;
}

constexpr const char *Half16 = R"cpp(
namespace c10 { struct Half { Half(float); }; struct BFloat16 {}; }
namespace at { using c10::Half; using c10::BFloat16; }
)cpp";

TEST(TypeDispatchBindings, ExplicitInstantiation) {
  auto Q = query(std::string(Half16) + R"cpp(
template <typename scalar_t> void k(scalar_t *p) { *p = *p; }
template void k<at::Half>(at::Half *);
template void k<float>(float *);
)cpp",
                 "k", "scalar_t");
  EXPECT_EQ(names(Q.Result), (std::vector<std::string>{"c10::Half", "float"}));
  ASSERT_FALSE(Q.Result.empty());
  EXPECT_EQ(Q.Result[0].Origin, TypeBinding::ExplicitInstantiation);
  EXPECT_EQ(Q.Result[0].Float16, Float16Kind::Half);
  EXPECT_EQ(Q.Float16Names, (std::vector<std::string>{"c10::Half"}));
}

TEST(TypeDispatchBindings, CallSiteAndForwarding) {
  // 'inner<T>' inside 'outer<T>': inner's parameter gets outer's types.
  auto Q = query(std::string(Half16) + R"cpp(
template <typename T> void inner(T *p);
template <typename U> void outer(U *p) { inner<U>(p); }
void host(at::BFloat16 *b) { outer(b); }
)cpp",
                 "inner", "T");
  EXPECT_EQ(names(Q.Result), (std::vector<std::string>{"c10::BFloat16"}));
  EXPECT_EQ(Q.Float16Names, (std::vector<std::string>{"c10::BFloat16"}));
}

TEST(TypeDispatchBindings, DispatchMacroSpelling) {
  // The stand-in binds only float; the macro's spelling adds Half.
  auto Q = query(R"cpp(
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...) \
  [&] { using scalar_t = float; return __VA_ARGS__(); }()
template <typename scalar_t, typename acc_t> void kernel(scalar_t *p);
void launch(void *p, int dtype) {
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(dtype, "k", [&] {
    kernel<scalar_t, float>(static_cast<scalar_t *>(p));
  });
}
)cpp",
                 "kernel", "scalar_t");
  EXPECT_EQ(names(Q.Result),
            (std::vector<std::string>{"double", "float", "at::Half"}));
  ASSERT_FALSE(Q.Result.empty());
  EXPECT_EQ(Q.Result[0].Origin, TypeBinding::DispatchMacro);
  EXPECT_EQ(Q.Result[0].Via, "AT_DISPATCH_FLOATING_TYPES_AND_HALF");
  EXPECT_EQ(Q.Float16Names, (std::vector<std::string>{"at::Half"}));

  // The accumulate-type parameter is not spelled 'scalar_t': only float.
  auto Acc = query(R"cpp(
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...) \
  [&] { using scalar_t = float; return __VA_ARGS__(); }()
template <typename scalar_t, typename acc_t> void kernel(scalar_t *p);
void launch(void *p, int dtype) {
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(dtype, "k", [&] {
    kernel<scalar_t, float>(static_cast<scalar_t *>(p));
  });
}
)cpp",
                   "kernel", "acc_t");
  EXPECT_EQ(names(Acc.Result), (std::vector<std::string>{"float"}));
  EXPECT_TRUE(Acc.Float16Names.empty());
}

TEST(TypeDispatchBindings, NeverInstantiated) {
  auto Q = query("template <typename T> void k(T *p) { *p += 1; }", "k", "T");
  EXPECT_TRUE(Q.Result.empty());
  EXPECT_TRUE(Q.Float16Names.empty());
}

TEST(TypeDispatchBindings, UserHalfOutsideC10IsNot16Bit) {
  auto Q = query(R"cpp(
namespace mylib { struct Half { double v; }; }
template <typename T> void k(T *p);
void host(mylib::Half *h) { k(h); }
)cpp",
                 "k", "T");
  EXPECT_EQ(names(Q.Result), (std::vector<std::string>{"mylib::Half"}));
  EXPECT_TRUE(Q.Float16Names.empty());
}

} // namespace
