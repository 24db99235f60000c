//===- UnknownNamesTest.cpp - stand-ins for names of missing headers ------===//
//
// UnknownNameDeclarations reads compiler errors and the text at their
// locations; each kind of name (namespace, type, template of types or of
// values, function, value, attribute macro, member of a stand-in) is learnt
// from the message Clang really gives, and the header it writes parses, with
// the uses that made the first parse fail, with no error in C++ and CUDA.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/UnknownNames.h"

#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace kerneltidy;
using Kind = UnknownNameDeclarations::Kind;

namespace {

TEST(UnknownNames, TypesNamespacesAndTheirMembersFromTheText) {
  UnknownNameDeclarations N;
  // 'c10::Half *x': the namespace, then a 16-bit type.
  EXPECT_TRUE(N.learn("use of undeclared identifier 'c10'", "c10::Half *x, int n)"));
  EXPECT_EQ(N.kindOf("c10"), Kind::Namespace);
  EXPECT_EQ(N.kindOf("c10::Half"), Kind::Half);
  // The same error again teaches nothing.
  EXPECT_FALSE(N.learn("use of undeclared identifier 'c10'", "c10::Half *x, int n)"));
  EXPECT_TRUE(N.learn("unknown type name 'bhalf_t'", "bhalf_t *out, int n"));
  EXPECT_EQ(N.kindOf("bhalf_t"), Kind::BFloat16);
  EXPECT_TRUE(N.learn("unknown type name 'sycl_item'", "sycl_item item) const"));
  EXPECT_EQ(N.kindOf("sycl_item"), Kind::Type);
  // A function in a namespace, the error on the qualifier's member.
  EXPECT_TRUE(N.learn("no member named 'xpu' in namespace 'at'",
                      "xpu::getCurrentSYCLQueue();"));
  EXPECT_EQ(N.kindOf("at::xpu"), Kind::Namespace);
  EXPECT_EQ(N.kindOf("at::xpu::getCurrentSYCLQueue"), Kind::Function);
  // Clang sometimes puts the error on the qualifier: the name is found
  // after '::' on the same line.
  UnknownNameDeclarations M;
  EXPECT_TRUE(M.learn("no member named 'xpu' in namespace 'at'; did you mean simply 'xpu'?",
                      "at::xpu::getCurrentSYCLQueue();"));
  EXPECT_EQ(M.kindOf("at::xpu::getCurrentSYCLQueue"), Kind::Function);
}

TEST(UnknownNames, TemplatesTakeTypesOrValuesAsTheirFirstArgumentSays) {
  UnknownNameDeclarations N;
  EXPECT_TRUE(N.learn("no template named 'TensorListMetadata'", "TensorListMetadata<2> &tl"));
  EXPECT_EQ(N.kindOf("TensorListMetadata"), Kind::ValueTemplate);
  EXPECT_TRUE(N.learn("use of undeclared identifier 'cute'", "cute::Tensor<float> t;"));
  EXPECT_EQ(N.kindOf("cute::Tensor"), Kind::TypeTemplate);
  EXPECT_TRUE(N.learn("no template named 'Array' in namespace 'cutlass'", "Array<kN, float>"));
  EXPECT_EQ(N.kindOf("cutlass::Array"), Kind::ValueTemplate);
}

TEST(UnknownNames, AllCapitalDeclarationSpecifiersAreMacros) {
  UnknownNameDeclarations N;
  EXPECT_TRUE(N.learn("unknown type name 'CUTLASS_DEVICE'", "CUTLASS_DEVICE void f(int i)"));
  EXPECT_EQ(N.kindOf("CUTLASS_DEVICE"), Kind::AttributeMacro);
  EXPECT_TRUE(N.learn("unknown type name 'CUTLASS_HOST_DEVICE'",
                      "CUTLASS_HOST_DEVICE T get() const"));
  EXPECT_EQ(N.kindOf("CUTLASS_HOST_DEVICE"), Kind::AttributeMacro);
  // An all-capital name used as a type stays a type.
  EXPECT_TRUE(N.learn("unknown type name 'FLOAT_T'", "FLOAT_T x = 0;"));
  EXPECT_EQ(N.kindOf("FLOAT_T"), Kind::Type);
  std::string H = N.header();
  EXPECT_NE(H.find("#define CUTLASS_DEVICE inline __KT_DEV"), std::string::npos) << H;
  EXPECT_NE(H.find("#define CUTLASS_HOST_DEVICE __KT_HD"), std::string::npos) << H;
}

TEST(UnknownNames, NothingIsDeclaredWhereTheTextSaysNothing) {
  UnknownNameDeclarations N;
  // The location's text does not spell the name (a macro expansion).
  EXPECT_FALSE(N.learn("use of undeclared identifier 'scale'", "APPLY(x);"));
  EXPECT_FALSE(N.learn("no member named 'foo' in 'MyStruct'", "foo(1)"));
  EXPECT_FALSE(N.learn("no type named 'vector' in namespace 'std'", "vector<int> v"));
  EXPECT_FALSE(N.learn("expected ';' after expression", "x y"));
  EXPECT_TRUE(N.empty());
}

TEST(UnknownNames, MembersOfStandInsAreFunctionsOrStaticData) {
  UnknownNameDeclarations N;
  EXPECT_TRUE(N.learn("no member named 'numel' in '__kt_opaque'", "numel() / 2"));
  EXPECT_TRUE(N.learn("no member named 'sizes' in 'const __kt_opaque'", "sizes[loc]"));
  EXPECT_TRUE(N.hasMember("numel"));
  EXPECT_TRUE(N.hasMember("sizes"));
  std::string H = N.header();
  EXPECT_NE(H.find("__kt_opaque &numel(const A &...) const;"), std::string::npos) << H;
  EXPECT_NE(H.find("static __KT_DEV __kt_opaque sizes;"), std::string::npos) << H;
}

/// The header and the uses that needed it parse with no error.
bool parses(const std::string &Code, std::vector<std::string> Args) {
  Args.push_back("-fsyntax-only");
  return clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<clang::SyntaxOnlyAction>(), Code, Args,
      Args.front() == "-xcuda" ? "input.cu" : "input.cpp");
}

TEST(UnknownNames, TheHeaderParsesWithTheUsesThatNeededIt) {
  UnknownNameDeclarations N;
  N.learn("use of undeclared identifier 'c10'", "c10::Half *x, int n)");
  N.learn("unknown type name 'bhalf_t'", "bhalf_t *out, int n");
  N.learn("no template named 'TensorListMetadata'", "TensorListMetadata<2> &tl");
  N.learn("use of undeclared identifier 'cute'", "cute::Tensor<float> t;");
  N.learn("use of undeclared identifier 'WARP'", "WARP + 1;");
  N.learn("use of undeclared identifier 'at'", "at::cuda::getCurrentCUDAStream()");
  N.learn("no member named 'sizes' in '__kt_opaque'", "sizes[loc]");
  N.learn("no member named 'data_ptr' in '__kt_opaque'", "data_ptr<float>()");
  N.learn("unknown type name 'HOST_INLINE'", "HOST_INLINE int g()");
  std::string Uses = R"(
HOST_INLINE int g() { return 1; }
float use(const c10::Half *x, bhalf_t *y, TensorListMetadata<2> &tl,
          cute::Tensor<float> t, int n) {
  int loc = n * 2;
  int len = tl.sizes[loc];
  float acc = 0.f;
  acc += t(1, 2) * WARP;
  auto s = at::cuda::getCurrentCUDAStream();
  float *p = t.data_ptr<float>();
  if (t) acc = acc + x[len] + float(y[0]);
  return acc + p[0];
}
)";
  std::string Code = N.header() + Uses;
  EXPECT_TRUE(parses(Code, {"-xc++", "-std=c++17"})) << Code;
}

} // namespace
