//===- TritonModelTest.cpp - unit tests of the Triton model ---------------===//
//
// Discovery (decorator stacks, import spellings, helpers), the integer model
// (width, magnitude, wrap sites, helper facts), predicates and masks, and
// suppression comments. Parsing: TritonParseTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "test/frontend/triton/TritonTestSupport.h"

#include <optional>

using namespace kerneltidy;
using namespace kerneltidy::triton;
using namespace kerneltidy::triton::modeltest;

namespace {

TEST(TritonDiscovery, DecoratorStacksAndSpellings) {
  auto M = build("import triton\n"
                 "import triton.language as language\n"
                 "from triton import jit as triton_jit\n"
                 "from ..utils import libentry\n\n"
                 "@triton.jit\ndef a(x): pass\n\n"
                 "@triton.jit(do_not_specialize=['n'])\ndef b(x, n): pass\n\n"
                 "@libentry()\n@triton.autotune(configs=[], key=['n'])\n"
                 "@triton.jit\ndef c(x, n): pass\n\n"
                 "@triton.heuristics({'E': lambda a: True})\n"
                 "@triton.jit\ndef d(x): pass\n\n"
                 "@triton_jit\ndef e(x): pass\n\n"
                 "@libentry()\ndef not_a_kernel(x): pass\n\n"
                 "def plain(x): pass\n\n"
                 "class K:\n    @triton.jit\n    def f(x): pass\n");
  std::vector<std::string> Names;
  for (const JitFunction &F : M->functions())
    Names.push_back(F.Name.str());
  EXPECT_EQ(Names, (std::vector<std::string>{"a", "b", "c", "d", "e", "f"}));
  // `language` is this file's spelling of triton.language.
  NodeId Attr = NoNode;
  auto P = build("import triton\nimport triton.language as language\n"
                 "@triton.jit\ndef k():\n    return language.program_id\n");
  P->tree().walk(P->tree().root(), [&](NodeId N) {
    if (P->tree().kind(N) == PyKind::Attribute)
      Attr = N;
  });
  EXPECT_EQ(P->languageMember(Attr), "program_id");
}

TEST(TritonDiscovery, ParamsAccessesAndHelpers) {
  auto M = build(
      std::string(Header) +
      "@triton.jit\n"
      "def helper(ptr, row, stride):\n"
      "    return tl.load(ptr + row * stride)\n\n"
      "@triton.jit\n"
      "def kern(x_ptr, y_ptr, stride: tl.int64, n, BLOCK: tl.constexpr = 4):\n"
      "    pid = tl.program_id(0)\n"
      "    v = helper(x_ptr, pid, stride)\n"
      "    tl.store(y_ptr + pid, v, mask=pid < n)\n"
      "    tl.atomic_add(y_ptr, v, mask=pid < n)\n");
  const JitFunction *K = M->function("kern");
  const JitFunction *H = M->function("helper");
  ASSERT_TRUE(K && H);
  EXPECT_TRUE(H->CalledFromJit);
  EXPECT_FALSE(K->CalledFromJit);
  ASSERT_EQ(K->Params.size(), 5u);
  EXPECT_TRUE(K->Params[2].Is64Bit);
  EXPECT_TRUE(K->Params[4].IsConstexpr);
  EXPECT_NE(K->WideningSite, NoNode);
  ASSERT_EQ(K->Accesses.size(), 2u);
  EXPECT_EQ(K->Accesses[0].Op, MemoryOp::Store);
  EXPECT_EQ(M->tree().text(K->Accesses[0].Value), "v");
  EXPECT_EQ(M->tree().text(K->Accesses[0].Mask), "pid < n");
  EXPECT_EQ(K->Accesses[1].Op, MemoryOp::Atomic);
  ASSERT_EQ(K->Calls.size(), 1u);
  EXPECT_EQ(&M->functions()[K->Calls[0].Callee], H);
}

TEST(TritonValuesTest, WidthsAndMagnitudes) {
  auto M = build(std::string(Header) +
                 "@triton.jit\n"
                 "def k(x_ptr, stride, n, BLOCK: tl.constexpr):\n"
                 "    pid = tl.program_id(0)\n"
                 "    offs = pid * BLOCK + tl.arange(0, BLOCK)\n"
                 "    lane = tl.arange(0, BLOCK) * stride\n"
                 "    row = pid * stride\n"
                 "    row64 = pid.to(tl.int64) * stride\n"
                 "    cast64 = tl.cast(pid, tl.int64) * stride\n"
                 "    full64 = tl.full([BLOCK], 0, dtype=tl.int64) + pid\n"
                 "    grid = pid * tl.cdiv(n, BLOCK)\n"
                 "    wrapped = (pid * BLOCK + tl.arange(0, BLOCK)) % n\n"
                 "    both = offs[:, None] * stride\n"
                 "    loaded = tl.load(x_ptr + pid) * stride\n"
                 "    half = tl.zeros([BLOCK], dtype=tl.float16)\n"
                 "    bf = tl.zeros([BLOCK], dtype=tl.bfloat16) + 1.0\n"
                 "    f32 = half + tl.zeros([BLOCK], dtype=tl.float32)\n");
  auto F = [&](llvm::StringRef N) { return factsOf(*M, "k", N); };
  EXPECT_TRUE(F("pid").isInt32());
  EXPECT_EQ(F("pid").Mag, Magnitude::ProgramId);
  EXPECT_EQ(F("offs").Mag, Magnitude::ProgramId);
  EXPECT_TRUE(F("offs").PerLane);
  EXPECT_EQ(F("offs").WrapSite, NoNode);
  EXPECT_EQ(F("lane").Mag, Magnitude::Size);
  EXPECT_EQ(F("lane").WrapSite, NoNode);
  EXPECT_EQ(F("row").Mag, Magnitude::Large);
  EXPECT_NE(F("row").WrapSite, NoNode);
  EXPECT_TRUE(F("row64").isInt64());
  EXPECT_EQ(F("row64").WrapSite, NoNode);
  EXPECT_NE(F("row64").WidenSite, NoNode);
  EXPECT_TRUE(F("cast64").isInt64());
  EXPECT_EQ(F("cast64").WrapSite, NoNode);
  EXPECT_TRUE(F("full64").isInt64());
  EXPECT_EQ(F("grid").Mag, Magnitude::ProgramId);
  EXPECT_EQ(F("grid").WrapSite, NoNode);
  EXPECT_EQ(F("wrapped").Mag, Magnitude::ProgramId);
  EXPECT_NE(F("both").WrapSite, NoNode);
  EXPECT_EQ(F("loaded").Type, ValueType::Unknown);
  EXPECT_EQ(F("loaded").WrapSite, NoNode);
  EXPECT_TRUE(F("half").isFloat16());
  EXPECT_FALSE(F("half").BFloat);
  EXPECT_TRUE(F("bf").isFloat16());
  EXPECT_TRUE(F("bf").BFloat);
  EXPECT_EQ(F("f32").Bits, 32);
}

TEST(TritonValuesTest, PointerElementTypes) {
  auto M = build(std::string(Header) +
                 "@triton.jit\n"
                 "def k(idx_ptr: \"*i64\", out_ptr, x_ptr, stride):\n"
                 "    row = tl.load(idx_ptr + tl.program_id(0))\n"
                 "    raw = tl.load(x_ptr)\n"
                 "    p16 = out_ptr.to(tl.pointer_type(tl.float16))\n"
                 "    half = tl.load(p16 + 1)\n"
                 "    off = row * stride\n");
  EXPECT_TRUE(factsOf(*M, "k", "row").isInt64());
  EXPECT_EQ(factsOf(*M, "k", "raw").Type, ValueType::Unknown);
  EXPECT_TRUE(factsOf(*M, "k", "p16").pointsToFloat16());
  EXPECT_TRUE(factsOf(*M, "k", "half").isFloat16());
  // int64 row times an int32 stride is int64: no wrap.
  EXPECT_EQ(factsOf(*M, "k", "off").WrapSite, NoNode);
}

TEST(TritonValuesTest, AugmentedAndLoopBindings) {
  auto M =
      build(std::string(Header) + "@triton.jit\n"
                                  "def k(X, stride, n, BLOCK: tl.constexpr):\n"
                                  "    pid = tl.program_id(0)\n"
                                  "    X += pid * stride\n"
                                  "    for i in range(0, n, BLOCK):\n"
                                  "        cols = i + tl.arange(0, BLOCK)\n"
                                  "        tl.load(X + cols, mask=cols < n)\n");
  const JitFunction *K = M->function("k");
  FunctionAnalysis A(*M, *K);
  ASSERT_EQ(K->Accesses.size(), 1u);
  ValueFacts Ptr = A.facts(K->Accesses[0].Pointer);
  ASSERT_NE(Ptr.WrapSite, NoNode);
  EXPECT_EQ(M->tree().text(Ptr.WrapSite), "pid * stride");
  // cols = i + tl.arange(...): the loop variable is an int32 bounded by n.
  ValueFacts Cols = factsOf(*M, "k", "cols");
  EXPECT_TRUE(Cols.isInt32());
  EXPECT_EQ(Cols.Mag, Magnitude::Size);
  EXPECT_TRUE(Cols.PerLane);
  EXPECT_NE(K->Accesses[0].Loop, NoNode);
}

TEST(TritonValuesTest, LoopVariablesPromoteLikeTriton) {
  // Liger's rms_norm backward: the loop starts from an int64 row, so the
  // induction variable is int64 even though the end is an untyped min().
  auto M = build(std::string(Header) +
                 "@triton.jit\n"
                 "def k(X, stride, per_program, n_rows):\n"
                 "    block = tl.program_id(0).cast(tl.int64)\n"
                 "    start = block * per_program\n"
                 "    end = min((block + 1) * per_program, n_rows)\n"
                 "    for row in range(start, end):\n"
                 "        tl.load(X + row * stride)\n"
                 "    for r32 in range(0, n_rows):\n"
                 "        tl.load(X + r32 * stride)\n");
  const JitFunction *K = M->function("k");
  FunctionAnalysis A(*M, *K);
  ASSERT_EQ(K->Accesses.size(), 2u);
  EXPECT_EQ(A.facts(K->Accesses[0].Pointer).WrapSite, NoNode);
  EXPECT_NE(A.facts(K->Accesses[1].Pointer).WrapSite, NoNode);
}

TEST(TritonValuesTest, LoopTargetNamedLikeItsBound) {
  // The iterable reads the earlier `start`, not the loop variable: no cycle.
  auto M = build(std::string(Header) + "@triton.jit\n"
                                       "def k(X, stride, start, end):\n"
                                       "    for start in range(start, end):\n"
                                       "        tl.load(X + start * stride)\n");
  const JitFunction *K = M->function("k");
  FunctionAnalysis A(*M, *K);
  ASSERT_EQ(K->Accesses.size(), 1u);
  EXPECT_NE(A.facts(K->Accesses[0].Pointer).WrapSite, NoNode);
}

TEST(TritonValuesTest, LongBindingChainsDoNotOverflow) {
  std::string Src =
      std::string(Header) +
      "@triton.jit\ndef k(X, stride):\n    x = tl.program_id(0)\n";
  for (int I = 0; I < 20000; ++I)
    Src += "    x = x + 1\n";
  Src += "    tl.load(X + x * stride)\n";
  AnalysisResult R = analyzePythonFile("long.py", Src, nullptr);
  EXPECT_TRUE(R.Errors.empty());
}

TEST(TritonValuesTest, HelperSeesCallerFacts) {
  auto M =
      build(std::string(Header) +
            "@triton.jit\n"
            "def helper(ptr, row, stride):\n"
            "    tl.store(ptr + row * stride, 0.0)\n"
            "    return row * stride\n\n"
            "@triton.jit\n"
            "def narrow(x_ptr, stride):\n"
            "    r = helper(x_ptr, tl.program_id(0), stride)\n\n"
            "@triton.jit\n"
            "def wide(x_ptr, stride):\n"
            "    r = helper(x_ptr, tl.program_id(0).to(tl.int64), stride)\n\n"
            "@triton.jit\n"
            "def bounded(x_ptr, stride, BLOCK: tl.constexpr):\n"
            "    r = helper(x_ptr, tl.program_id(0), BLOCK)\n");
  EXPECT_NE(factsOf(*M, "narrow", "r").WrapSite, NoNode);
  EXPECT_TRUE(factsOf(*M, "wide", "r").isInt64());
  EXPECT_EQ(factsOf(*M, "wide", "r").WrapSite, NoNode);
  EXPECT_EQ(factsOf(*M, "bounded", "r").WrapSite, NoNode);
  // Reported once, on the helper's line, because one caller is narrow.
  AnalysisResult R = analyzePythonFile(
      "h.py",
      std::string(Header) + "@triton.jit\n"
                            "def helper(ptr, row, stride):\n"
                            "    tl.store(ptr + row * stride, 0.0)\n\n"
                            "@triton.jit\n"
                            "def narrow(x_ptr, stride):\n"
                            "    helper(x_ptr, tl.program_id(0), stride)\n"
                            "    helper(x_ptr, tl.program_id(1), stride)\n",
      nullptr);
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].Pos.Line, 6u);
}

TEST(TritonMasks, AtomsDependenciesAndBounds) {
  auto M = build(std::string(Header) +
                 "@triton.jit\n"
                 "def k(t_ptr, out_ptr, N, C, ignore, EVEN: tl.constexpr, "
                 "BLOCK: tl.constexpr):\n"
                 "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
                 "    mask = offs < N\n"
                 "    t = tl.load(t_ptr + offs, mask=mask, other=0)\n"
                 "    keep = not (t == ignore) and mask\n"
                 "    both = (mask & ~(t < 0))[:, None]\n"
                 "    safe = tl.where(keep, t, 0)\n"
                 "    addr = out_ptr + offs * C + safe\n"
                 "    if EVEN:\n"
                 "        tl.store(addr, 1.0)\n"
                 "    else:\n"
                 "        tl.store(addr, 1.0, mask=keep)\n");
  const JitFunction *K = M->function("k");
  FunctionAnalysis A(*M, *K);
  const PySyntaxTree &T = M->tree();
  llvm::SmallVector<NodeId, 4> Atoms;
  A.predicateAtoms(valueOf(*K, "keep"), Atoms);
  ASSERT_EQ(Atoms.size(), 2u);
  EXPECT_EQ(T.text(Atoms[0]), "t == ignore");
  EXPECT_EQ(T.text(Atoms[1]), "offs < N");
  Atoms.clear();
  A.predicateAtoms(valueOf(*K, "both"), Atoms);
  ASSERT_EQ(Atoms.size(), 2u);
  EXPECT_EQ(T.text(Atoms[1]), "t < 0");

  FunctionAnalysis::Dependencies Sanitised, All;
  A.dependencies(valueOf(*K, "addr"), Sanitised, FunctionAnalysis::StopAtWhere);
  A.dependencies(valueOf(*K, "addr"), All, FunctionAnalysis::StopAtNone);
  EXPECT_TRUE(Sanitised.Names.contains("offs"));
  EXPECT_TRUE(Sanitised.Names.contains("safe"));
  EXPECT_FALSE(Sanitised.Names.contains("t"));
  EXPECT_TRUE(All.Names.contains("t"));
  // Loads are data: the address of `t` is not a dependency of `t`'s users.
  EXPECT_FALSE(All.Names.contains("t_ptr"));

  auto BindingOf = [&](llvm::StringRef Name) -> const Binding * {
    for (const Binding &B : K->Bindings)
      if (B.Name == Name)
        return &B;
    return nullptr;
  };
  EXPECT_TRUE(A.isLoadedData(*BindingOf("t")));
  EXPECT_FALSE(A.isLoadedData(*BindingOf("offs")));
  const auto &Bounds = A.runtimeBounds();
  EXPECT_TRUE(Bounds.count(BindingOf("offs")));
  EXPECT_FALSE(Bounds.count(BindingOf("t"))); // loaded, not per-lane
  ASSERT_EQ(K->Accesses.size(), 3u);
  EXPECT_TRUE(A.underConstexprBranch(K->Accesses[1].Call));
  EXPECT_TRUE(A.underConstexprBranch(K->Accesses[2].Call));
  EXPECT_FALSE(A.underConstexprBranch(K->Accesses[0].Call));
}

std::string tailKernel(llvm::StringRef StoreLineSuffix,
                       llvm::StringRef Before = "") {
  return std::string(Header) +
         "@triton.jit\n"
         "def k(x_ptr, n, BLOCK: tl.constexpr):\n"
         "    cols = tl.arange(0, BLOCK)\n"
         "    x = tl.load(x_ptr + cols, mask=cols < n)\n" +
         Before.str() + "    tl.store(x_ptr + cols, x + 1)" +
         StoreLineSuffix.str() + "\n";
}

TEST(TritonSuppression, NolintForms) {
  auto Count = [](const std::string &Src) {
    return analyzePythonFile("s.py", Src, nullptr).Findings.size();
  };
  EXPECT_EQ(Count(tailKernel("")), 1u);
  EXPECT_EQ(Count(tailKernel("  # NOLINT")), 0u);
  EXPECT_EQ(Count(tailKernel("  # NOLINT(kernel-store-mask-mismatch)")), 0u);
  EXPECT_EQ(Count(tailKernel("  # NOLINT(kernel-*)")), 0u);
  EXPECT_EQ(Count(tailKernel("  # NOLINT(kernel-int32-offset)")), 1u);
  EXPECT_EQ(Count(tailKernel(
                "", "    # NOLINTNEXTLINE(kernel-store-mask-mismatch)\n")),
            0u);
  EXPECT_EQ(Count(tailKernel(
                "", "    # NOLINTNEXTLINE(kernel-narrow-accumulation)\n")),
            1u);
  // A NOLINTNEXTLINE does not silence its own line.
  EXPECT_EQ(Count(tailKernel("  # NOLINTNEXTLINE")), 1u);
  // '#' inside a string is not a comment.
  EXPECT_EQ(Count(tailKernel("; s = '# NOLINT'")), 1u);
}

std::string pairKernels(llvm::StringRef Wide, llvm::StringRef Narrow) {
  return std::string(Header) + "@triton.jit\ndef " + Wide.str() +
         "(x_ptr, stride):\n"
         "    row = tl.program_id(0).to(tl.int64)\n"
         "    tl.store(x_ptr + row * stride, 0.0)\n\n"
         "@triton.jit\ndef " +
         Narrow.str() +
         "(x_ptr, stride):\n"
         "    row = tl.program_id(0)\n"
         "    tl.store(x_ptr + row * stride, 0.0)\n";
}

TEST(TritonIndexWidth, FamiliesByName) {
  auto Count = [](llvm::StringRef Wide, llvm::StringRef Narrow) {
    AnalysisResult R = analyzePythonFile(
        "f.py", pairKernels(Wide, Narrow),
        [](llvm::StringRef Id) { return Id == "kernel-index-width-mismatch"; });
    return R.Findings.size();
  };
  EXPECT_EQ(Count("_rms_norm_fwd_kernel", "_rms_norm_bwd_kernel"), 1u);
  EXPECT_EQ(Count("LayerNormForwardKernel", "_layer_norm_backward"), 1u);
  EXPECT_EQ(Count("conv_fprop", "ConvDgrad"), 1u);
  EXPECT_EQ(Count("gelu", "gelu_grad"), 1u);
  // No role word: two versions of one kernel are not a forward/backward pair.
  EXPECT_EQ(Count("rope_kernel", "rope_impl"), 0u);
  // Different operations.
  EXPECT_EQ(Count("softmax_fwd", "layer_norm_bwd"), 0u);
}

TEST(TritonChecksApi, ImplementsAndFilters) {
  EXPECT_TRUE(implementsCheck("kernel-int32-offset"));
  EXPECT_TRUE(implementsCheck("kernel-index-width-mismatch"));
  EXPECT_TRUE(implementsCheck("kernel-store-mask-mismatch"));
  EXPECT_TRUE(implementsCheck("kernel-narrow-accumulation"));
  EXPECT_FALSE(implementsCheck("kernel-nonexistent"));
  AnalysisResult R =
      analyzePythonFile("f.py", tailKernel(""), [](llvm::StringRef Id) {
        return Id == "kernel-int32-offset";
      });
  EXPECT_TRUE(R.Findings.empty());
  AnalysisResult S = analyzePythonFile("f.py", tailKernel(""), nullptr);
  ASSERT_EQ(S.Findings.size(), 1u);
  const Finding &F = S.Findings[0];
  EXPECT_EQ(F.Pos.File, "f.py");
  EXPECT_EQ(F.Pos.Line, 8u);
  EXPECT_EQ(F.Pos.Column, 14u);
  ASSERT_FALSE(F.Notes.empty());
  ASSERT_EQ(F.Notes[0].Fixes.size(), 1u);
  EXPECT_EQ(F.Notes[0].Fixes[0].Text, ", mask=cols < n");
}

} // namespace
