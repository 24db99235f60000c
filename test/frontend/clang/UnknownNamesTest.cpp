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
  // A template argument before '>' could be a value or a type: a name
  // ending in '_t' is a type (FasterTransformer's MoE runners).
  EXPECT_TRUE(N.learn("no member named 'uint4b_t' in namespace 'cutlass'",
                      "uint4b_t>::value;"));
  EXPECT_EQ(N.kindOf("cutlass::uint4b_t"), Kind::Type);
  EXPECT_TRUE(N.learn("use of undeclared identifier 'WARP_T'", "WARP_T>"));
  EXPECT_EQ(N.kindOf("WARP_T"), Kind::Value);
  // An UpperCamelCase template argument is a type; in a call, a value.
  EXPECT_TRUE(N.learn("no member named 'Sm80' in namespace 'cutlass::arch'",
                      "Sm80, ThreadblockShape>"));
  EXPECT_EQ(N.kindOf("cutlass::arch::Sm80"), Kind::Type);
  EXPECT_TRUE(N.learn("use of undeclared identifier 'DefaultStream'",
                      "DefaultStream);"));
  EXPECT_EQ(N.kindOf("DefaultStream"), Kind::Value);
}

TEST(UnknownNames, TemplatesOfTypesAndValuesTakeEachArgumentAsWritten) {
  UnknownNameDeclarations N;
  // CUB's and CUTLASS's templates take a type, then extents as values.
  EXPECT_TRUE(N.learn("no template named 'BlockScan' in namespace 'cub'",
                      "BlockScan<int, DUPS_INDICES_BLOCK_SIZE, cub::BLOCK_SCAN_WARP_SCANS> BlockScan;"));
  EXPECT_EQ(N.kindOf("cub::BlockScan"), Kind::TypeTemplate);
  EXPECT_EQ(N.signatureOf("cub::BlockScan"), "tvv");
  EXPECT_TRUE(N.learn("no member named 'NumericArrayConverter' in namespace 'cutlass'",
                      "NumericArrayConverter<ComputeType, T, VPT / 2>;"));
  EXPECT_EQ(N.signatureOf("cutlass::NumericArrayConverter"), "ttv");
  EXPECT_TRUE(N.learn("no template named 'Array' in namespace 'cutlass'",
                      "Array<kN, const float *>"));
  EXPECT_EQ(N.signatureOf("cutlass::Array"), "vt");
  // A longer use that agrees extends the signature; one of types alone
  // needs none.
  EXPECT_TRUE(N.learn("no template named 'Array' in namespace 'cutlass'",
                      "Array<kN, float, true> a;"));
  EXPECT_EQ(N.signatureOf("cutlass::Array"), "vtv");
  EXPECT_TRUE(N.learn("no template named 'Pair'", "Pair<float, int> p;"));
  EXPECT_EQ(N.signatureOf("Pair"), std::nullopt);
  std::string H = N.header();
  EXPECT_NE(H.find("template <class = void, auto = 0, auto = 0, auto...> using BlockScan"),
            std::string::npos) << H;
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
  // A capital name before a statement is a pragma's macro: it expands to
  // nothing.
  EXPECT_TRUE(N.learn("use of undeclared identifier 'CUTLASS_PRAGMA_UNROLL'",
                      "CUTLASS_PRAGMA_UNROLL\n  for (int i = 0; i < N; ++i)"));
  EXPECT_EQ(N.kindOf("CUTLASS_PRAGMA_UNROLL"), Kind::AttributeMacro);
  std::string H = N.header();
  EXPECT_NE(H.find("#define CUTLASS_PRAGMA_UNROLL \n"), std::string::npos) << H;
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

TEST(UnknownNames, KeywordsAreNeverNames) {
  // 'traits::template arg<0>::type' (torch-xpu-ops' function traits): the
  // chain of names stops at the keyword. A stand-in 'using template = ...'
  // made the whole stand-in header fail, on 134 of 662 files.
  UnknownNameDeclarations N;
  N.learn("use of undeclared identifier 'traits'", "traits::template arg<0>::type x;");
  N.learn("no type named 'template' in namespace 'traits'", "template arg<0>::type x;");
  EXPECT_FALSE(N.kindOf("traits::template"));
  EXPECT_EQ(N.header().find("using template"), std::string::npos) << N.header();
  EXPECT_FALSE(N.learn("unknown type name 'typename'", "typename T::type x;"));
  EXPECT_FALSE(N.kindOf("typename"));
}

TEST(UnknownNames, ATemplateCalledWithNoArgumentsIsAFunctionTemplate) {
  // torch-xpu-ops' Loops.h calls 'c10::load<T>(p)' and 'c10::load(p)': the
  // first made a type template of it, the second needs a function (827
  // errors over its files).
  UnknownNameDeclarations N;
  EXPECT_TRUE(N.learn("no template named 'load' in namespace 'c10'",
                      "load<scalar_t>(&src[i]);"));
  EXPECT_EQ(N.kindOf("c10::load"), Kind::TypeTemplate);
  EXPECT_TRUE(N.learn("alias template 'c10::load' requires template arguments; "
                      "argument deduction only allowed for class templates or "
                      "alias templates",
                      "load(&src[i]);"));
  EXPECT_EQ(N.kindOf("c10::load"), Kind::Function);
  // A use as a type is not a call: nothing changes.
  EXPECT_TRUE(N.learn("no template named 'Vec' in namespace 'c10'", "Vec<float> v;"));
  EXPECT_FALSE(N.learn("alias template 'c10::Vec' requires template arguments; "
                       "argument deduction only allowed for class templates or "
                       "alias templates",
                       "Vec v{1};"));
  EXPECT_EQ(N.kindOf("c10::Vec"), Kind::TypeTemplate);
  // Both uses parse with the function stand-in.
  std::string H = N.header();
  EXPECT_NE(H.find("__kt_opaque &load(const A &...);"), std::string::npos) << H;
}

TEST(UnknownNames, CxxTwentyIsAskedForByItsLibraryAndKeywords) {
  auto Asks = [](std::string Message) {
    return UnknownNameDeclarations::asksForCxx20({{Message, "", 0}});
  };
  EXPECT_TRUE(Asks("no member named 'bit_cast' in namespace 'std'"));
  EXPECT_TRUE(Asks("no template named 'bit_cast' in namespace 'std'; did you mean 'sycl::bit_cast'?"));
  EXPECT_TRUE(Asks("no type named 'integral' in namespace 'std'"));
  EXPECT_TRUE(Asks("no member named 'numbers' in namespace 'std'"));
  EXPECT_TRUE(Asks("unknown type name 'requires'"));
  // What C++17 has, or a project's own namespace: no.
  EXPECT_FALSE(Asks("no member named 'optional' in namespace 'std'"));
  EXPECT_FALSE(Asks("no member named 'bit_cast' in namespace 'c10'"));
  EXPECT_FALSE(Asks("use of undeclared identifier 'requires_grad'"));

  // Names a C++17 parse learnt that are C++20 keywords go.
  UnknownNameDeclarations N;
  EXPECT_TRUE(N.learn("unknown type name 'requires'", "requires std::is_base_of_v<A, B>"));
  EXPECT_TRUE(N.learn("unknown type name 'sycl_item'", "sycl_item item) const"));
  EXPECT_TRUE(N.kindOf("requires"));
  N.useCxx20();
  EXPECT_FALSE(N.kindOf("requires"));
  EXPECT_TRUE(N.kindOf("sycl_item"));
  EXPECT_FALSE(N.learn("unknown type name 'concept'", "concept Small = sizeof(T) < 4;"));
  EXPECT_EQ(N.header().find("using requires"), std::string::npos) << N.header();
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
  N.learn("no template named 'BlockReduce' in namespace 'cub'",
          "BlockReduce<float, kThreads> BlockReduceT;");
  std::string Uses = R"(
HOST_INLINE int g() { return 1; }
namespace cub {}
constexpr int kThreads = 128;
using BlockReduceT = cub::BlockReduce<float, kThreads>;
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
