//===- MagnitudeTest.cpp - lib/frontend/clang/Magnitude unit tests --------------===//
//
// The magnitude lattice on small C++ bodies: sources (constants, the CUDA
// builtin indices, parameters), operators, loop counters, the element cap,
// wraps (products, truncations, loop limits), the what-if widening, the
// boundary shape, address uses and size-limit tests. Plain C++ is enough:
// the CUDA builtin index variables are declared as the shim declares them.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/Magnitude.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace kerneltidy;

namespace {

const char *Prelude = R"(
  typedef unsigned int uint32_t;
  typedef long long int64_t;
  struct uint3 { unsigned int x, y, z; };
  extern const uint3 threadIdx, blockIdx, blockDim, gridDim;
  void *memcpy(void *, const void *, unsigned long);
  bool canUse32BitIndexMath(int64_t);
)";

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *Fn = nullptr;

  ASTContext &ctx() const { return AST->getASTContext(); }
  const VarDecl *var(StringRef Name) const {
    auto M = match(varDecl(hasName(Name)).bind("v"), AST->getASTContext());
    return M.empty() ? nullptr : M[0].getNodeAs<VarDecl>("v");
  }
  /// The initialiser of local Name.
  const Expr *init(StringRef Name) const {
    const VarDecl *VD = var(Name);
    return VD ? VD->getInit() : nullptr;
  }
};

Parsed parse(StringRef Body) {
  Parsed P;
  std::string Code = std::string(Prelude) + Body.str();
  P.AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17", "-Wno-everything", "-ferror-limit=0"}, "input.cc");
  if (!P.AST)
    return P;
  auto M = match(functionDecl(hasName("k"), isDefinition()).bind("f"),
                 P.AST->getASTContext());
  if (!M.empty())
    P.Fn = M[0].getNodeAs<FunctionDecl>("f");
  return P;
}

TEST(Magnitude, SourcesAndOperators) {
  Parsed P = parse(R"(
    void k(int n, int64_t big) {
      int a = 7;
      unsigned t = threadIdx.x;
      unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
      int lane = threadIdx.x % 32;
      int masked = n & 255;
      int shifted = threadIdx.x >> 5;
      int64_t sz = big;
      int64_t prod = big * big;
    })");
  ASSERT_TRUE(P.Fn);
  MagnitudeAnalysis MA(*P.Fn, P.ctx());
  EXPECT_TRUE(MA.of(P.init("a")).isConstant());
  EXPECT_EQ(MA.of(P.init("a")).Max, 7u);
  EXPECT_EQ(MA.of(P.init("t")).Kind, MagnitudeKind::Hardware);
  EXPECT_EQ(MA.of(P.init("t")).Max, 1023u);
  Magnitude G = MA.of(P.init("g"));
  EXPECT_EQ(G.Kind, MagnitudeKind::GridIndex);
  EXPECT_EQ(G.Max, (uint64_t(1) << 32) - 1); // MaxLaunchThreads
  EXPECT_EQ(MA.of(P.init("lane")).Max, 31u);
  EXPECT_EQ(MA.of(P.init("masked")).Max, 255u);
  EXPECT_EQ(MA.of(P.init("shifted")).Max, 1023u >> 5);
  EXPECT_EQ(MA.of(P.init("sz")).Kind, MagnitudeKind::Size);
  EXPECT_EQ(MA.of(P.init("sz")).Max, uint64_t(1) << 40); // element cap
  EXPECT_EQ(MA.of(P.init("prod")).Max, uint64_t(1) << 40);
}

TEST(Magnitude, LoopCounterIsBoundedByItsLimit) {
  Parsed P = parse(R"(
    void k(float *p, int n, int64_t numel) {
      for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
           i += blockDim.x * gridDim.x)
        p[i] = 0;
      for (int j = threadIdx.x; j < numel; j += blockDim.x)
        p[j] = 0;
    })");
  ASSERT_TRUE(P.Fn);
  MagnitudeAnalysis MA(*P.Fn, P.ctx());
  EXPECT_EQ(MA.ofVariable(P.var("i")).Max, uint64_t(INT32_MAX));
  ASSERT_TRUE(MA.loopLimit(P.var("j")));
  Wrap W = MA.loopLimitWrap(P.var("j"));
  EXPECT_EQ(W.Kind, WrapKind::LoopLimit);
  EXPECT_EQ(W.Limit, uint64_t(INT32_MAX));
  EXPECT_FALSE(MA.loopLimitWrap(P.var("i")));
}

TEST(Magnitude, WrapsNeedTwoLargeFactors) {
  Parsed P = parse(R"(
    void k(uint32_t inner, uint32_t dim, int rows, int64_t numel) {
      uint32_t stride = inner * dim;
      int scaled = rows * 4;
      unsigned tile = threadIdx.y * blockDim.x + threadIdx.x;
      int grid = blockIdx.x * 256;
      int n = numel;
      int64_t ok = static_cast<int64_t>(inner) * dim;
    })");
  ASSERT_TRUE(P.Fn);
  MagnitudeAnalysis MA(*P.Fn, P.ctx());
  auto Wraps = MA.wrapsIn(P.init("stride"));
  ASSERT_EQ(Wraps.size(), 1u);
  EXPECT_EQ(Wraps[0].Kind, WrapKind::Product);
  EXPECT_EQ(Wraps[0].Limit, uint64_t(UINT32_MAX));
  auto Shape = boundaryShape(Wraps[0]);
  ASSERT_TRUE(Shape);
  // PyTorch's regression shape for the seed: dim=2, inner=2^31 + 1.
  EXPECT_EQ(Shape->RHS, 2u);
  EXPECT_EQ(Shape->LHS, 2147483649u);
  EXPECT_TRUE(MA.wrapsIn(P.init("scaled")).empty()); // size * constant
  EXPECT_TRUE(MA.wrapsIn(P.init("tile")).empty());   // hardware-bounded
  // A grid index scaled by a constant wraps 'int' (at 2^31 threads).
  EXPECT_FALSE(MA.wrapsIn(P.init("grid")).empty());
  auto Trunc = MA.wrapsIn(P.init("n"));
  ASSERT_EQ(Trunc.size(), 1u);
  EXPECT_EQ(Trunc[0].Kind, WrapKind::Narrowing);
  EXPECT_TRUE(MA.wrapsIn(P.init("ok")).empty());
}

TEST(Magnitude, ADivisorOfA32BitQuotientIsNoOffset) {
  Parsed P = parse(R"(
    void k(int index, int64_t wide_index, int w, int h, int c) {
      int image = index / (w * h * c);
      int channel = (index / (w * h)) % c;
      int64_t wide_image = wide_index / (w * h * c);
      int row = (index * c) / w;
    })");
  ASSERT_TRUE(P.Fn);
  MagnitudeAnalysis MA(*P.Fn, P.ctx());
  // The divisor passes 2^31 only where the 32-bit index already wraps.
  EXPECT_TRUE(MA.wrapsIn(P.init("image")).empty());
  EXPECT_TRUE(MA.wrapsIn(P.init("channel")).empty());
  // A 64-bit dividend: the divisor's wrap is the only one.
  EXPECT_EQ(MA.wrapsIn(P.init("wide_image")).size(), 2u);
  // A dividend's own wrap stays.
  EXPECT_EQ(MA.wrapsIn(P.init("row")).size(), 1u);
}

TEST(Magnitude, ElementCapSilencesProjectsWithin32Bits) {
  Parsed P = parse(R"(
    void k(uint32_t inner, uint32_t dim) { uint32_t stride = inner * dim; })");
  ASSERT_TRUE(P.Fn);
  MagnitudeOptions Opts;
  Opts.MaxElementCount = INT32_MAX;
  MagnitudeAnalysis MA(*P.Fn, P.ctx(), Opts);
  EXPECT_TRUE(MA.wrapsIn(P.init("stride")).empty());
}

TEST(Magnitude, AssumeWideReTypesTheChain) {
  Parsed P = parse(R"(
    void k(uint32_t a, uint32_t b, uint32_t c) {
      uint32_t off = a * b;
      uint32_t next = off + c;
    })");
  ASSERT_TRUE(P.Fn);
  MagnitudeAnalysis Plain(*P.Fn, P.ctx());
  // Stored in 32 bits, 'off' cannot be larger than its type.
  EXPECT_EQ(Plain.ofVariable(P.var("next")).Max, uint64_t(UINT32_MAX));
  MagnitudeOptions Opts;
  Opts.AssumeWide.insert(P.var("off"));
  MagnitudeAnalysis WhatIf(*P.Fn, P.ctx(), Opts);
  EXPECT_GT(WhatIf.ofVariable(P.var("next")).Max, uint64_t(UINT32_MAX));
}

TEST(Magnitude, AddressUsesAndSizeTests) {
  Parsed P = parse(R"(
    void k(float *p, const float *q, int i, unsigned long n, int64_t numel) {
      p[i] = 1;
      *(p + i) = 2;
      memcpy(p, q, n);
      bool small = numel <= 2147483647;
      bool can = canUse32BitIndexMath(numel);
      bool other = numel < 100;
    })");
  ASSERT_TRUE(P.Fn);
  auto Uses = collectAddressUses(*P.Fn, P.ctx());
  EXPECT_EQ(Uses.size(), 3u);
  EXPECT_TRUE(isSizeLimitTest(P.init("small"), P.ctx()));
  EXPECT_TRUE(isSizeLimitTest(P.init("can"), P.ctx()));
  EXPECT_FALSE(isSizeLimitTest(P.init("other"), P.ctx()));
}

TEST(Magnitude, PartialCodeIsUnknownNotACrash) {
  Parsed P = parse(R"(
    void k(float *p, missing_t n, int rows) {
      int a = undeclared * rows;
      int b = n * rows;
      p[a + b] = missing_fn(rows);
    })");
  ASSERT_TRUE(P.Fn);
  MagnitudeAnalysis MA(*P.Fn, P.ctx());
  EXPECT_FALSE(MA.of(P.init("a")).Known);
  EXPECT_TRUE(MA.wrapsIn(P.init("a")).empty());
  EXPECT_TRUE(MA.wrapsIn(P.init("b")).empty());
  (void)collectAddressUses(*P.Fn, P.ctx());
}

TEST(Magnitude, CallsBoundedByTheirReturns) {
  Parsed P = parse(R"(
    uint32_t mod_by(uint32_t n, uint32_t d) { return n - (n / d) * d; }
    uint32_t opaque(uint32_t v);
    uint32_t from_asm(uint32_t v) {
      uint32_t r;
      asm volatile("mov.u32 %0, %1;" : "=r"(r) : "r"(v));
      return r;
    }
    void set(uint32_t &out, uint32_t v);
    uint32_t through_ref(uint32_t v) { uint32_t r = 0; set(r, v); return r; }
    void k(int j0, uint32_t n, uint32_t m) {
      int j = 0;
      int small = mod_by(j0 + j, n);
      int big = mod_by(m, n);
      int unknown = opaque(j0 + j);
      int a = from_asm(j0 + j);
      int b = through_ref(j0 + j);
      uint32_t i2 = m / n;
      uint32_t i0 = m - i2 * n;
    })");
  ASSERT_TRUE(P.Fn);
  MagnitudeAnalysis MA(*P.Fn, P.ctx());
  // 'n - q * d' is no larger than its int argument: 'int' holds it.
  EXPECT_LE(MA.of(P.init("small")->IgnoreImpCasts()).Max, 2147483647u);
  EXPECT_TRUE(MA.wrapsIn(P.init("small")).empty());
  EXPECT_FALSE(MA.wrapsIn(P.init("big")).empty());
  EXPECT_FALSE(MA.wrapsIn(P.init("unknown")).empty());
  // Written by assembly or through a reference: unknown writes.
  EXPECT_FALSE(MA.wrapsIn(P.init("a")).empty());
  EXPECT_FALSE(MA.wrapsIn(P.init("b")).empty());
  // A subtrahend in the difference's type is at most the minuend.
  EXPECT_TRUE(MA.wrapsIn(P.init("i0")).empty());
}

TEST(Magnitude, SubWordTypesHoldNoWrap) {
  Parsed P = parse(R"(
    typedef unsigned char uint8_t;
    int level(int n, const float *v, float x);
    void k(const float *v, float x, int rows, int cols) {
      uint8_t code = level(16, v, x);
      uint8_t hashed = (uint8_t)(rows * cols);
      int wide = rows * cols;
    })");
  ASSERT_TRUE(P.Fn);
  MagnitudeAnalysis MA(*P.Fn, P.ctx());
  EXPECT_TRUE(MA.wrapsIn(P.init("code")).empty());
  EXPECT_TRUE(MA.wrapsIn(P.init("hashed")).empty());
  EXPECT_FALSE(MA.wrapsIn(P.init("wide")).empty());
}

} // namespace
