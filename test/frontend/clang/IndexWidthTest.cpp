//===- IndexWidthTest.cpp - IndexWidth and OperationFamilies unit tests ---===//
//
// Operation families from names (markers, case, separators, filler words,
// configurable lists) and family links; on small plain-C++ bodies, the
// offset evidence of a kernel body (32-bit, 64-bit, templated, ignored
// small offsets) and the size checks that make a dispatch or a guard.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/IndexWidth.h"
#include "lib/model/OperationFamilies.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace kerneltidy;

namespace {

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

std::string joined(llvm::StringRef Name) {
  std::string Out;
  for (const std::string &W : splitIdentifierWords(Name))
    Out += (Out.empty() ? "" : " ") + W;
  return Out;
}

TEST(OperationFamilies, SplitsIdentifiersIntoWords) {
  EXPECT_EQ(joined("SpatialSoftMaxForward"), "spatial soft max forward");
  EXPECT_EQ(joined("cunn_SpatialSoftMaxBackward"),
            "cunn spatial soft max backward");
  EXPECT_EQ(joined("HTMLParser"), "html parser");
  EXPECT_EQ(joined("conv2d_fwd"), "conv2d fwd");
  EXPECT_EQ(joined("Conv2dDGrad"), "conv2d d grad");
  EXPECT_EQ(joined("__foo__bar"), "foo bar");
  EXPECT_EQ(joined(""), "");
}

void expectName(llvm::StringRef Name, llvm::StringRef Base, FamilyRole Role,
                bool Marked, const NameMarkers &M = NameMarkers::defaults()) {
  std::optional<OperationName> N = classifyOperationName(Name, M);
  ASSERT_TRUE(N.has_value()) << Name.str();
  EXPECT_EQ(N->Base, Base) << Name.str();
  EXPECT_EQ(N->Role, Role) << Name.str();
  EXPECT_EQ(N->Marked, Marked) << Name.str();
}

TEST(OperationFamilies, ClassifiesRoleMarkers) {
  expectName("spatial_softmax_forward", "spatialsoftmax", FamilyRole::Forward,
             true);
  expectName("SpatialSoftMaxBackward", "spatialsoftmax", FamilyRole::Backward,
             true);
  expectName("conv_fwd_kernel", "conv", FamilyRole::Forward, true);
  expectName("conv_bwd_kernel", "conv", FamilyRole::Backward, true);
  expectName("gelu_grad_kernel", "gelu", FamilyRole::Backward, true);
  expectName("SoftplusGradKernel", "softplus", FamilyRole::Backward, true);
  expectName("Conv2dDGrad", "conv2d", FamilyRole::Backward, true);
  expectName("conv2d_dgrad", "conv2d", FamilyRole::Backward, true);
  expectName("Conv2dFprop", "conv2d", FamilyRole::Forward, true);
  // No marker: a forward candidate, unmarked.
  expectName("gelu_kernel", "gelu", FamilyRole::Forward, false);
  // 'grad' only as a whole word; 'gradient' is no marker.
  expectName("upgrade_kernel", "upgrade", FamilyRole::Forward, false);
  expectName("gradient_kernel", "gradient", FamilyRole::Forward, false);
  // The marker nearest the end wins; an earlier one stays in the base.
  expectName("forward_backward_fused", "forwardfused", FamilyRole::Backward,
             true);
  // Nothing but markers and filler: no base, no family.
  EXPECT_FALSE(
      classifyOperationName("backward_kernel", NameMarkers::defaults()));
  EXPECT_FALSE(classifyOperationName("", NameMarkers::defaults()));
}

TEST(OperationFamilies, MarkerListsAreConfigurable) {
  NameMarkers M = NameMarkers::parse("Fwd_Pass", "_adjoint, vjp", "");
  EXPECT_EQ(M.Forward, (std::vector<std::string>{"fwdpass"}));
  EXPECT_EQ(M.Backward, (std::vector<std::string>{"adjoint", "vjp"}));
  EXPECT_EQ(M.Ignored, NameMarkers::defaults().Ignored);
  expectName("scan_adjoint", "scan", FamilyRole::Backward, true, M);
  expectName("ScanFwdPass", "scan", FamilyRole::Forward, true, M);
  // 'backward' is no longer a marker: part of the base.
  expectName("scan_backward", "scanbackward", FamilyRole::Forward, false, M);
  EXPECT_EQ(NameMarkers::join(M.Backward), "adjoint;vjp");
}

TEST(OperationFamilies, LinksForwardAndBackwardAndSiblings) {
  std::vector<std::vector<FamilyTag>> Tags = {
      {{FamilyKind::Name, "softmax", FamilyRole::Forward}},  // 0
      {{FamilyKind::Name, "softmax", FamilyRole::Backward}}, // 1
      {{FamilyKind::Name, "softmax", FamilyRole::Forward}},  // 2
      {{FamilyKind::Name, "gelu", FamilyRole::Backward},     // 3
       {FamilyKind::Sibling, "host:x", FamilyRole::Sibling}},
      {{FamilyKind::Sibling, "host:x", FamilyRole::Sibling}}, // 4
  };
  std::vector<FamilyLink> Links = linkFamilies(Tags);
  auto Linked = [&](unsigned A, unsigned B) {
    for (const FamilyLink &L : Links)
      if ((L.First == A && L.Second == B) || (L.First == B && L.Second == A))
        return true;
    return false;
  };
  EXPECT_TRUE(Linked(0, 1));
  EXPECT_TRUE(Linked(1, 2));
  EXPECT_FALSE(Linked(0, 2)) << "two forwards are no forward/backward pair";
  EXPECT_TRUE(Linked(3, 4));
  EXPECT_FALSE(Linked(1, 3)) << "different bases";
  EXPECT_EQ(Links.size(), 3u);
}

//===----------------------------------------------------------------------===//
// Offsets and size checks on small bodies
//===----------------------------------------------------------------------===//

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *fn(StringRef Name) const {
    auto M = match(functionDecl(hasName(Name), isDefinition()).bind("f"),
                   AST->getASTContext());
    return M.empty() ? nullptr : M[0].getNodeAs<FunctionDecl>("f");
  }
  const CallExpr *call(StringRef Callee) const {
    auto M = match(callExpr(callee(functionDecl(hasName(Callee)))).bind("c"),
                   AST->getASTContext());
    return M.empty() ? nullptr : M[0].getNodeAs<CallExpr>("c");
  }
  ASTContext &ctx() const { return AST->getASTContext(); }
};

Parsed parse(StringRef Code) {
  Parsed P;
  P.AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17", "-Wno-everything", "-ferror-limit=0"}, "input.cc");
  return P;
}

// Plain C++ stand-ins for the CUDA builtins.
constexpr const char *Prelude = R"(
  typedef unsigned int uint32_t;
  typedef long int64_t;
  struct uint3 { unsigned x, y, z; };
  extern const uint3 threadIdx, blockIdx, blockDim, gridDim;
)";

TEST(IndexWidth, Fixed32Offsets) {
  Parsed P = parse(std::string(Prelude) + R"(
    void k(float *out, const float *in, uint32_t n) {
      const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i < n) out[i] = in[i];
    })");
  ASSERT_TRUE(P.AST);
  KernelOffsetWidths E = collectKernelOffsetWidths(P.fn("k"), nullptr, P.ctx());
  ASSERT_TRUE(E.Narrow);
  EXPECT_FALSE(E.Wide);
  EXPECT_FALSE(E.Templated);
  ASSERT_TRUE(E.NarrowDecl);
  EXPECT_EQ(E.NarrowDecl->getName(), "i");
}

TEST(IndexWidth, Fixed64Offsets) {
  Parsed P = parse(std::string(Prelude) + R"(
    void k(float *out, const float *in, int64_t n) {
      const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
      if (i < n) out[i] = in[i];
    })");
  ASSERT_TRUE(P.AST);
  KernelOffsetWidths E = collectKernelOffsetWidths(P.fn("k"), nullptr, P.ctx());
  EXPECT_FALSE(E.Narrow);
  ASSERT_TRUE(E.Wide);
  ASSERT_TRUE(E.WideDecl);
  EXPECT_EQ(E.WideDecl->getName(), "i");
}

TEST(IndexWidth, SmallOffsetsAndLocalArraysDoNotCount) {
  Parsed P = parse(std::string(Prelude) + R"(
    void k(float *out) {
      float scratch[256];
      scratch[threadIdx.x] = 0.f;
      out[threadIdx.x] = scratch[3];
      out[7] = 1.f;
    })");
  ASSERT_TRUE(P.AST);
  KernelOffsetWidths E = collectKernelOffsetWidths(P.fn("k"), nullptr, P.ctx());
  EXPECT_FALSE(E.Narrow);
  EXPECT_FALSE(E.Wide);
}

TEST(IndexWidth, TemplatedOffsetsNameTheParameter) {
  Parsed P = parse(std::string(Prelude) + R"(
    template <typename scalar_t, typename index_t>
    void k(scalar_t *out, const scalar_t *in, index_t n) {
      const index_t i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i < n) out[i] = in[i + n];
    }
    void host(float *o, const float *i) { k<float, int>(o, i, 3); })");
  ASSERT_TRUE(P.AST);
  auto M = match(functionTemplateDecl(hasName("k")).bind("t"), P.ctx());
  ASSERT_FALSE(M.empty());
  const FunctionDecl *Pattern =
      M[0].getNodeAs<FunctionTemplateDecl>("t")->getTemplatedDecl();
  KernelOffsetWidths E = collectKernelOffsetWidths(Pattern, nullptr, P.ctx());
  ASSERT_TRUE(E.Templated);
  EXPECT_EQ(E.IndexParamDepth, 0u);
  EXPECT_EQ(E.IndexParamIndex, 1u);
}

TEST(IndexWidth, SizeChecksAndGuards) {
  Parsed P = parse(std::string(Prelude) + R"(
    bool canUse32BitIndexMath(int64_t n);
    void launch32(int n);
    void launch64(int64_t n);
    void guarded(int64_t n) {
      if (!canUse32BitIndexMath(n)) return;
      launch32((int)n);
    }
    void dispatched(int64_t n) {
      if (n <= 2147483647) launch32((int)n); else launch64(n);
    }
    void unguarded(int64_t n) { launch32((int)n); })");
  ASSERT_TRUE(P.AST);
  auto Calls = match(callExpr(callee(functionDecl(hasName("launch32"))),
                              hasAncestor(functionDecl().bind("host")))
                         .bind("c"),
                     P.ctx());
  ASSERT_EQ(Calls.size(), 3u);
  for (const BoundNodes &B : Calls) {
    const auto *Call = B.getNodeAs<CallExpr>("c");
    const auto *Host = B.getNodeAs<FunctionDecl>("host");
    const Expr *Around = enclosingSizeCheck(Call, P.ctx());
    const Expr *Before = precedingSizeGuard(Call, Host, P.ctx());
    if (Host->getName() == "guarded") {
      EXPECT_FALSE(Around);
      EXPECT_TRUE(Before);
    } else if (Host->getName() == "dispatched") {
      EXPECT_TRUE(Around);
    } else {
      EXPECT_FALSE(Around);
      EXPECT_FALSE(Before);
    }
  }
}

TEST(IndexWidth, SummaryStoreTakesAndClears) {
  clearKernelWidthSummaries();
  KernelWidthSummary S;
  S.Kernel = "k";
  appendKernelWidthSummaries({S, S});
  EXPECT_EQ(takeKernelWidthSummaries().size(), 2u);
  EXPECT_TRUE(takeKernelWidthSummaries().empty());
}

} // namespace
