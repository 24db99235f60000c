//===- TritonParseTest.cpp - unit tests of the Python syntax tree ---------===//
//
// Parsing: the flat tree, error tolerance, the top-level scan and the ranges
// parsed, the condensed text giving the same tree, inputs that are no
// Triton. The model built on the tree: TritonModelTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "test/frontend/triton/TritonTestSupport.h"

#include <optional>

using namespace kerneltidy;
using namespace kerneltidy::triton;
using namespace kerneltidy::triton::modeltest;

namespace {

TEST(TritonParse, FlatTreeIsPreOrderWithRanges) {
  llvm::StringRef Src = "x = a * (b + 1)\n";
  auto T = PySyntaxTree::parse(Src);
  ASSERT_TRUE(T);
  EXPECT_EQ(T->kind(T->root()), PyKind::Module);
  EXPECT_FALSE(T->hasErrors());
  unsigned Binary = 0;
  T->walk(T->root(), [&](NodeId N) {
    if (T->kind(N) == PyKind::BinaryOperator)
      ++Binary;
    if (N != T->root()) {
      EXPECT_TRUE(T->contains(T->node(N).Parent, N));
    }
  });
  EXPECT_EQ(Binary, 2u);
  NodeId Assign = NoNode;
  T->walk(T->root(), [&](NodeId N) {
    if (T->kind(N) == PyKind::Assignment)
      Assign = N;
  });
  ASSERT_NE(Assign, NoNode);
  NodeId Right = T->field(Assign, PyField::Right);
  EXPECT_EQ(T->text(Right), "a * (b + 1)");
  EXPECT_EQ(T->operatorText(Right), "*");
  EXPECT_EQ(T->text(T->stripParens(T->field(Right, PyField::Right))), "b + 1");
}

TEST(TritonParse, SyntaxErrorsKeepValidKernels) {
  std::string Src = std::string(Header) +
                    "@triton.jit\ndef broken(:\n    pass\n\n"
                    "@triton.jit\n"
                    "def k(x_ptr, stride):\n"
                    "    pid = tl.program_id(0)\n"
                    "    tl.store(x_ptr + pid * stride, 1.0)\n";
  auto M = build(Src);
  EXPECT_TRUE(M->tree().hasErrors());
  EXPECT_NE(M->function("k"), nullptr);
  AnalysisResult R = analyzePythonFile("f.py", Src, nullptr);
  EXPECT_TRUE(R.Errors.empty());
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].Check, "kernel-int32-offset");
  EXPECT_EQ(R.Findings[0].Pos.Line, 11u);
}

TEST(TritonParse, TopLevelScanSkipsHostCodeOnly) {
  llvm::StringRef Src = "import triton\n"
                        "X = (1,\n2)\n"
                        "s = \"\"\"\ndef not_here():\n\"\"\"\n"
                        "@libentry()\n# between\n@triton.jit\ndef k(a): # c\n"
                        "    return a * X\n\n"
                        "def host(x):\n    return x \\\n+ 1\n";
  std::vector<TopLevelSpan> Spans = scanTopLevel(Src);
  ASSERT_EQ(Spans.size(), 5u);
  EXPECT_EQ(Src.slice(Spans[1].Begin, Spans[1].End), "X = (1,\n2)\n");
  EXPECT_TRUE(Src.slice(Spans[2].Begin, Spans[2].End).ends_with("\"\"\"\n"));
  EXPECT_EQ(Src.slice(Spans[3].Begin, Spans[3].StatementBegin),
            "@libentry()\n# between\n@triton.jit\n");
  EXPECT_EQ(Spans[3].Line, 6u);
  EXPECT_TRUE(Src.substr(Spans[4].Begin).starts_with("def host"));
  EXPECT_EQ(Spans[4].End, Src.size());
  // The kernel is found at its real position; the host function is not
  // parsed at all.
  auto M = build(Src);
  ASSERT_EQ(M->functions().size(), 1u);
  EXPECT_EQ(M->tree().node(M->functions()[0].NameNode).Line, 9u);
  EXPECT_NE(M->moduleConstant("X"), NoNode);
  bool SawHost = false;
  M->tree().walk(M->tree().root(),
                 [&](NodeId N) { SawHost |= M->tree().text(N) == "host"; });
  EXPECT_FALSE(SawHost);
}

TEST(TritonParse, PerProcessorScratchThroughWrapTriton) {
  // A buffer with one row per processor of the device (issue 23: a
  // persistent grid's partial sums), allocated only when a bias exists,
  // passed through torch.library.wrap_triton; and one copied from it. A
  // buffer with rows per token is no such scratch.
  llvm::StringRef Src =
      "import torch\n"
      "import triton\n"
      "@triton.jit\n"
      "def k(dw, db, dw1, y, dg, N):\n"
      "    pass\n"
      "def launch(x, bias, n, g):\n"
      "    sm_count = torch.cuda.get_device_properties(x.device)"
      ".multi_processor_count * 8\n"
      "    groups = math.ceil(sm_count * 2 / g)\n"
      "    dw = torch.empty((sm_count, n), dtype=torch.float32)\n"
      "    db = torch.empty((sm_count, n)) if bias is not None else None\n"
      "    dw1 = torch.empty_like(dw)\n"
      "    y = torch.empty((x.shape[0], n), dtype=x.dtype)\n"
      "    dg = torch.empty((groups, n), dtype=torch.float32)\n"
      "    torch.library.wrap_triton(k)[(sm_count,)](dw, db, dw1, y, dg, n)\n";
  auto M = build(Src);
  ASSERT_EQ(M->functions().size(), 1u);
  auto RowsOf = [&](unsigned Param) {
    auto Buffers = M->hostBuffers(0, Param);
    return Buffers.size() == 1 ? Buffers[0]->ProcessorRows
                               : std::string("<no buffer>");
  };
  EXPECT_EQ(RowsOf(0), "sm_count");
  EXPECT_EQ(RowsOf(1), "sm_count");
  EXPECT_EQ(RowsOf(2), "sm_count");
  EXPECT_EQ(RowsOf(3), "");
  EXPECT_EQ(RowsOf(4), "groups"); // through one more name
}

TEST(TritonParse, LaunchersOfTheFilesKernelsAreParsedForTheirBuffers) {
  // A host function that launches a kernel of the file is parsed, and each
  // pointer argument it allocates gets the element type of its allocation
  // (issue 26); other host functions stay unparsed.
  llvm::StringRef Src =
      "import torch\n"
      "import triton\n"
      "@triton.jit\n"
      "def k(a, b, c, d, e, N, B: tl.constexpr):\n"
      "    pass\n"
      "def launch(x, n):\n"
      "    acc = torch.empty((n,), dtype=torch.float32, device=x.device)\n"
      "    a = torch.zeros((n,), dtype=x.dtype, device=x.device)\n"
      "    b = torch.empty_like(x)\n"
      "    c = torch.zeros_like(acc)\n"
      "    d = x.new_zeros((n,))\n"
      "    k[(n,)](a, b, c, d, N=n, B=16,\n"
      "            e=torch.full((n,), 0.0, dtype=torch.bfloat16))\n"
      "def unrelated(x):\n"
      "    return torch.zeros_like(x)\n";
  auto M = build(Src);
  ASSERT_EQ(M->functions().size(), 1u);
  auto TypeOf = [&](unsigned Param) {
    auto Buffers = M->hostBuffers(0, Param);
    return Buffers.size() == 1 ? Buffers[0]->Type
                               : BufferElementType::Unknown;
  };
  EXPECT_EQ(TypeOf(0), BufferElementType::InputType); // dtype=x.dtype
  EXPECT_EQ(TypeOf(1), BufferElementType::InputType); // empty_like(x)
  EXPECT_EQ(TypeOf(2), BufferElementType::Wide);      // zeros_like(fp32 acc)
  EXPECT_EQ(TypeOf(3), BufferElementType::InputType); // x.new_zeros
  EXPECT_EQ(TypeOf(4), BufferElementType::BFloat16);  // by keyword, in place
  EXPECT_TRUE(M->hostBuffers(0, 5).empty());          // N: no allocation
  EXPECT_EQ(M->tree().text(M->hostBuffers(0, 0)[0]->DTypeSource), "x");
  bool SawUnrelated = false;
  M->tree().walk(M->tree().root(), [&](NodeId N) {
    SawUnrelated |= M->tree().text(N) == "unrelated";
  });
  EXPECT_FALSE(SawUnrelated);
}

TEST(TritonParse, ModuleConstantsAreParsedOnlyWhenAKernelNamesThem) {
  // Constants reach the model when a JIT function names them, directly or
  // through another such constant; the rest (loggers, host tables) are host
  // code. A name that only starts like a constant's does not keep it.
  llvm::StringRef Src = "import logging\n"
                        "import triton\n"
                        "logger = logging.getLogger(__name__)\n"
                        "_LANES = 8\n"
                        "ROW_STRIDE = _LANES * 4\n"
                        "UNUSED: int = 3\n"
                        "BLOCK = 128\n"
                        "@triton.jit\n"
                        "def k(x_ptr, BLOCK_M):\n"
                        "    return tl.load(x_ptr + ROW_STRIDE + BLOCK_M)\n"
                        "def host():\n"
                        "    logger.info(UNUSED)\n";
  auto M = build(Src);
  ASSERT_EQ(M->functions().size(), 1u);
  EXPECT_NE(M->moduleConstant("ROW_STRIDE"), NoNode);
  EXPECT_NE(M->moduleConstant("_LANES"), NoNode);
  EXPECT_EQ(M->moduleConstant("logger"), NoNode);
  EXPECT_EQ(M->moduleConstant("UNUSED"), NoNode);
  EXPECT_EQ(M->moduleConstant("BLOCK"), NoNode);
  // The kernel's names still resolve to what they did.
  AnalysisResult R = analyzePythonFile("f.py", Src, nullptr);
  EXPECT_TRUE(R.Errors.empty());
}

TEST(TritonParse, ClausesContinueTheirCompoundStatement) {
  // `else:`/`except` at column 0 belong to the statement before: a kernel
  // defined under `else:` is found, and the parse has no error.
  llvm::StringRef Src = "import triton\n"
                        "import triton.language as tl\n"
                        "if hasattr(tl, 'debug_barrier'):\n"
                        "    barrier = tl.debug_barrier\n"
                        "else:\n"
                        "    @triton.jit\n"
                        "    def barrier():\n"
                        "        return\n"
                        "try:\n"
                        "    from triton.tools import TensorDescriptor\n"
                        "except ImportError:\n"
                        "    TensorDescriptor = None\n"
                        "finally:\n"
                        "    pass\n"
                        "elsewhere = 1\n";
  std::vector<TopLevelSpan> Spans = scanTopLevel(Src);
  ASSERT_EQ(Spans.size(), 5u);
  EXPECT_TRUE(Src.slice(Spans[2].Begin, Spans[2].End).ends_with("return\n"));
  EXPECT_TRUE(Src.slice(Spans[3].Begin, Spans[3].End).ends_with("    pass\n"));
  EXPECT_TRUE(Src.substr(Spans[4].Begin).starts_with("elsewhere"));
  auto M = build(Src);
  EXPECT_FALSE(M->tree().hasErrors());
  EXPECT_NE(M->function("barrier"), nullptr);
}

TEST(TritonParse, CommentsAndDocstringBodiesAreCutFromRanges) {
  llvm::StringRef Src = "def k(a):  # trailing\n"
                        "    # one\n"
                        "\t# two\n"
                        "    s = '# not a comment'\n"
                        "    t = \"\"\"\n# in a string\n\"\"\"\n"
                        "    # last\n"
                        "    return a\n";
  std::vector<ParseRange> Whole = {{0, uint32_t(Src.size()), 0, 0, 8, 0}};
  std::vector<ParseRange> R = withoutTrivia(Src, Whole);
  ASSERT_EQ(R.size(), 4u);
  // The trailing comment and the comment lines after it go in one cut, up
  // to the newline of '# two'.
  EXPECT_EQ(Src.slice(R[0].Begin, R[0].End), "def k(a):  ");
  EXPECT_EQ(R[0].EndLine, 0u);
  EXPECT_EQ(R[0].EndColumn, 11u);
  EXPECT_EQ(Src.slice(R[1].Begin, R[1].End),
            "\n    s = '# not a comment'\n    t = \"\"\"");
  EXPECT_EQ(R[1].BeginLine, 2u);
  EXPECT_EQ(R[1].BeginColumn, 6u);
  EXPECT_EQ(R[1].EndLine, 4u);
  EXPECT_EQ(R[1].EndColumn, 11u);
  // The docstring's body is cut; its closing quotes stay.
  EXPECT_EQ(Src.slice(R[2].Begin, R[2].End), "\"\"\"\n    ");
  EXPECT_EQ(R[2].BeginLine, 6u);
  EXPECT_EQ(R[2].BeginColumn, 0u);
  EXPECT_EQ(R[3].BeginLine, 7u);
  EXPECT_EQ(R[3].BeginColumn, 10u);
  EXPECT_EQ(Src.slice(R[3].Begin, R[3].End), "\n    return a\n");

  // Positions after a cut are the file's, and the parse is clean.
  auto T = PySyntaxTree::parse(Src, R);
  ASSERT_TRUE(T);
  EXPECT_FALSE(T->hasErrors());
  NodeId Return = NoNode;
  T->walk(T->root(), [&](NodeId N) {
    if (T->kind(N) == PyKind::ReturnStatement)
      Return = N;
  });
  ASSERT_NE(Return, NoNode);
  EXPECT_EQ(T->node(Return).Line, 8u);
  EXPECT_EQ(T->node(Return).Column, 4u);
  NodeId Doc = NoNode;
  T->walk(T->root(), [&](NodeId N) {
    if (T->kind(N) == PyKind::String && T->text(N).starts_with("\"\"\""))
      Doc = N;
  });
  ASSERT_NE(Doc, NoNode);
  EXPECT_EQ(T->text(Doc), "\"\"\"\n# in a string\n\"\"\"");
  EXPECT_EQ(T->node(Doc).Line, 4u);
  EXPECT_EQ(T->node(Doc).Column, 8u);
}

TEST(TritonParse, ManyFilesInARowParseAlike) {
  // Each parse gets its own parser and arena; nothing of one file's tree
  // survives into the next. A large file (about 100,000 nodes) and a small
  // one, alternated.
  std::string Large = "def f(a):\n";
  for (int I = 0; I < 20000; ++I)
    Large += "    a = a * (a + " + std::to_string(I) + ")\n";
  Large += "    return a\n";
  llvm::StringRef Small = "x = a * (b + 1)\n";
  size_t LargeNodes = 0, SmallNodes = 0;
  for (int Round = 0; Round < 3; ++Round) {
    auto L = PySyntaxTree::parse(Large);
    auto S = PySyntaxTree::parse(Small);
    ASSERT_TRUE(L && S);
    EXPECT_FALSE(L->hasErrors());
    if (Round == 0) {
      LargeNodes = L->size();
      SmallNodes = S->size();
    }
    EXPECT_EQ(L->size(), LargeNodes);
    EXPECT_EQ(S->size(), SmallNodes);
    EXPECT_EQ(S->text(S->node(S->root()).FirstChild), "x = a * (b + 1)");
  }
  EXPECT_GT(LargeNodes, 100000u);
}

TEST(TritonParse, DecoratorArgumentsAreLeftOut) {
  // Autotune configurations reach tree-sitter as `()`: the kernel is still a
  // JIT function, and every position after the hole is the file's.
  llvm::StringRef Src =
      "import triton\n"
      "import triton.language as tl\n"
      "@triton.autotune(\n"
      "    configs=[triton.Config({'B': 128}, num_warps=4)],  # ) not a close\n"
      "    key=[\"n)\", '(' ],\n"
      ")\n"
      "@triton.jit(do_not_specialize=[\"eps\"])\n"
      "def k(X, stride, eps, B: tl.constexpr):\n"
      "    row = tl.program_id(0)\n"
      "    tl.store(X + row * stride, eps)\n";
  std::vector<TopLevelSpan> Spans = scanTopLevel(Src);
  ASSERT_EQ(Spans.size(), 3u);
  std::vector<ParseRange> R = parseRangesOf(Src, Spans, true);
  // The imports and the definition up to '@triton.autotune(' merge; then
  // ')\n@triton.jit(' and '])\ndef k...' to the end.
  ASSERT_EQ(R.size(), 3u);
  EXPECT_TRUE(Src.slice(R[0].Begin, R[0].End).ends_with("@triton.autotune("));
  EXPECT_EQ(Src.slice(R[1].Begin, R[1].End), ")\n@triton.jit(");
  EXPECT_EQ(R[1].BeginLine, 5u);
  EXPECT_EQ(R[1].BeginColumn, 0u);
  EXPECT_EQ(R[1].EndLine, 6u);
  EXPECT_EQ(R[1].EndColumn, 12u);
  EXPECT_TRUE(Src.substr(R[2].Begin).starts_with(")\ndef k("));
  EXPECT_EQ(R[2].BeginLine, 6u);
  EXPECT_EQ(R[2].BeginColumn, 37u);
  EXPECT_EQ(parseRangesOf(Src, Spans, false).size(), 1u);

  auto M = build(Src);
  ASSERT_EQ(M->functions().size(), 1u);
  const JitFunction &F = M->functions()[0];
  EXPECT_EQ(M->tree().node(F.NameNode).Line, 7u);
  EXPECT_EQ(M->tree().node(F.NameNode).Column, 4u);
  EXPECT_FALSE(M->tree().hasErrors());
  AnalysisResult A = analyzePythonFile("k.py", Src, nullptr);
  ASSERT_EQ(A.Findings.size(), 1u);
  EXPECT_EQ(A.Findings[0].Pos.Line, 10u);
  EXPECT_EQ(A.Findings[0].Pos.Column, 18u); // 'row * stride'
}

/// Both trees node for node: ranges, positions, links, kinds, fields.
void expectSameTree(const PySyntaxTree &A, const PySyntaxTree &B) {
  ASSERT_EQ(A.size(), B.size());
  EXPECT_EQ(A.hasErrors(), B.hasErrors());
  for (NodeId I = 0; I < A.size(); ++I) {
    const PyNode &X = A.node(I), &Y = B.node(I);
    SCOPED_TRACE(testing::Message() << "node " << I << " '" << A.text(I).str()
                                    << "' line " << X.Line + 1);
    EXPECT_EQ(X.Start, Y.Start);
    EXPECT_EQ(X.End, Y.End);
    EXPECT_EQ(X.Line, Y.Line);
    EXPECT_EQ(X.Column, Y.Column);
    EXPECT_EQ(X.Parent, Y.Parent);
    EXPECT_EQ(X.FirstChild, Y.FirstChild);
    EXPECT_EQ(X.NextSibling, Y.NextSibling);
    EXPECT_EQ(X.Kind, Y.Kind);
    EXPECT_EQ(X.Field, Y.Field);
    EXPECT_EQ(X.Named, Y.Named);
    EXPECT_EQ(X.Symbol, Y.Symbol);
    EXPECT_EQ(A.subtreeEnd(I), B.subtreeEnd(I));
  }
  EXPECT_EQ(A.firstDifference(B), std::nullopt);
}

TEST(TritonParse, FirstDifferenceNamesTheFirstNodeThatDiffers) {
  // The oracle of the triton-fold fuzz target and of fold-check: nothing on
  // the same tree, the first differing node in pre-order otherwise.
  llvm::StringRef Sum = "x = a + b\n", Product = "x = a * b\n",
                  Longer = "x = a + b\ny = c\n";
  auto A = PySyntaxTree::parse(Sum), B = PySyntaxTree::parse(Sum);
  auto C = PySyntaxTree::parse(Product), D = PySyntaxTree::parse(Longer);
  ASSERT_TRUE(A && B && C && D);
  EXPECT_EQ(A->firstDifference(*B), std::nullopt);
  std::optional<size_t> Op = A->firstDifference(*C);
  ASSERT_TRUE(Op.has_value());
  EXPECT_EQ(A->text(NodeId(*Op)), "+"); // same ranges, another symbol
  EXPECT_EQ(C->text(NodeId(*Op)), "*");
  EXPECT_EQ(C->firstDifference(*A), Op);
  EXPECT_EQ(A->firstDifference(*D), 0u); // the module ends elsewhere
}

TEST(TritonParse, CondensedTextGivesTheSameTree) {
  // `a.b`, `[:, None]` and `[None, :]` reach tree-sitter folded into one
  // name; the copy rebuilds what tree-sitter builds unfolded. The places
  // where a fold would change the parse are covered: imports (dotted_name),
  // annotations with brackets (generic_type), keywords, chains, calls on
  // either side, strings, comments, cut docstrings and multi-line values;
  // where shortening names would: keywords and soft keywords, `__future__`,
  // escapes in strings, string prefixes, numbers' letters; and where
  // folding `name=value` would: defaults of a def or lambda, `==`, `:=`,
  // values of more than one token, tuples outside parentheses; and where
  // folding a run `a, b, 0` would: tuples, subscripts, lists, sets,
  // parentheses after a keyword, lambda parameters, numbers that are not
  // plain decimals; and where folding `a * b` would: operators that bind
  // tighter on either side, unary operators, right-associative `**`,
  // augmented assignments, comparisons chained.
  llvm::StringRef Src =
      "from __future__ import annotations\n"
      "import triton.language as tl\n"
      "from triton.language.extra import libdevice\n"
      "from m import (  # c\n    a,\n    b.c as d,\n)\n"
      "match cmd.kind:\n"
      "    case Color.RED:\n"
      "        print(aa.bb)\n"
      "    case _:\n"
      "        exec(type.mro)\n"
      "import os.path, \\\n    a.b\n"
      "N: cutlass.Constexpr[int] = 4\n"
      "\n"
      "@triton.jit\n"
      "def k(X, Y, s, n: tl.constexpr, m: cutlass.Constexpr[int], q=tl.int64,\n"
      "      B: tl.constexpr = 128):\n"
      "    \"\"\"Doc with a.b and [:, None].\"\"\"\n"
      "    pid = tl.program_id(0).to(tl.int64)  # x.y [:, None]\n"
      "    o = tl.arange(0, B)[:, None] * s + tl.arange(0, B)[None, :]\n"
      "    p = o[:,None] + o[None,:] + (o + 1)[:, None] + o[:, None][None, :]\n"
      "    r = tl.math.exp(X.dtype.element_ty) + self.tl.x + a.b.c[:, None]\n"
      "    t = None.__class__ + x1.real + 1.5 + 1.e5 + 0x1F.real + _.x\n"
      "    u = 'a.b[:, None]' + f\"{a.b}[:, None]\" + \"\"\"\n"
      "c.d[None, :]\"\"\" + tl.load(X + (pid\n"
      "        + o)[:, None], mask=a.b[None, :] & c.d)\n"
      "    v = x.print + x.match + print.x + match.y + tl.where(a.b, c.d, "
      "e.f)\n"
      "    w = [x.y for x.y in z.w if c.d] + (lambda: a.b)()\n"
      "    tl.store(Y + o, tl.sum(X.to(tl.float32), axis=0))\n"
      "    é.x = a.é + y.b\n"
      "    s = \"\\x41\\N{DASH}\\name\\tab\" + rb'\\x00' + f'{aa.bb:>10}' + "
      "Rb\"x\"\n"
      "    n = 1e-5 + 0x1F + 1_000 + 1.5j + .5e3 + 1E+3 + 0o17 + 0b1 + "
      "2.5e-3j\n"
      "    async_fn = await_x + match_y + printer + typed + case1 + None_\n"
      "    y = tl.load(X + o, mask=mask, other=0.0, cache=None, n=10, e=1e-5,\n"
      "                dtype = tl.float32, v=.5, w=1.e3, f=False, g=a.b.c, "
      "h=1_0)\n"
      "    z = f(a==b, c=(d), e=g(h=i)[0], j=k if l else m, n='s', o=-1, "
      "p=x.y)\n"
      "    q = g(lambda a, b=1, c=2: a, d=3) + h(*a, **b, c=d)\n"
      "    def inner(a, b=1, c=tl.int64, *d, e=2, **f):\n"
      "        return a\n"
      "    class C(B, metaclass=M, flag=True):\n"
      "        pass\n"
      "    m = a, b = c, d\n"
      "    (x := 1) + f(t:=2)\n"
      "    r = g(a, b, c) + g(a,b) + g(\n        a,\n\n        b,  # c\n       "
      " c,\n    ) + g(a, b, *c)\n"
      "    r = (a, b) + x[a, b] + [a, b] + {a, b} + g((a, b), c) + (a, b)[0]\n"
      "    r = f(lambda a, b, c, d: 0) + print(a, b) + type(a, b)\n"
      "    if (a, b):\n        return (a, b)\n"
      "    try:\n        pass\n    except (A, B):\n        pass\n"
      "    def inner2(self, a, b, *, c, d):\n        return g(a, b)(c, d)\n"
      "    class D(A, B):\n        pass\n"
      "    r = g(0, a, 1.5, True, None, 1e-5, .5) + g(0x1F, a) + g(a, -1, 2j)\n"
      "    r = tl.arange(0, B) + g(1, 2)[0] + g(a, 'x', b) + g(1,\n      2, "
      "\\\n      3)\n"
      "    def inner3(X, Y: tl.tensor, N, B: tl.constexpr, C: int = 4,\n"
      "               D=tl.float32, E: x.y.z, *, F=1, G: H):\n"
      "        return g(X, k=1, m=tl.int64, n=True)\n"
      "    r = g(x=1) + g(a.b, c.d) + g(a, b=c.d.e, f=1)\n"
      "    r = a * b + c - d * 2 // e % f / g + (h - i) * j\n"
      "    r = -a * b + a * -b + a ** b * c + a * b ** c + a * b[0] + a * "
      "b(c)\n"
      "    r = a * b.c + a.b * c + a * b if c else d * e\n"
      "    s = [a * b for a in c] + {a * b: c * d} + x[a * b:c + d]\n"
      "    r = (a + b) * c + a + b * c + a - b - c + (a < b * c < d)\n"
      "    r = a * b << c + a + b >> c & d | e ^ f == g != h <= i >= j\n"
      "    r += a * b; r -= a * b; r *= a + b; r //= a - b; r = a*b; r = a+-b\n"
      "    r = g(a * b, c=a * b) + (lambda: a * b)() + (not a * b)\n"
      "    r = (a * b and c * d or not e * f) + (a @ b * c) + (a * 1.5e-3)\n"
      "    a * b\n"
      "    r = (*a.b,) + g(*a.b, **c.d) + a ** b.c + x . a.b + x. a.b\n"
      "    b = *a.b, c\n"
      "    r = x[:, None] * y + g(x[:, None], y[None, :], m=x[:,None])\n"
      "    r = x[:, None].to(t) + (x[:, None] < n) + None[:, None] + 1[:, "
      "None]\n"
      "    b = *x[:, None], g(*x[None, :]) + a.b[:, None] + x . y[:, None]\n"
      "    def g(b: y.z[None, :], c: (d)[:, None]):\n"
      "        return {k: x[:, None]}, lambda: y[None, :], z[1:x[:, None]]\n"
      "    r = a + b * c\n    r = a - b % c\n    r = a + b / c\n    r = a + b "
      "// c\n"
      "    r = (a + b\n        * c) + (x <= a * b <= y)\n"
      "    r = (a\n        * b) + (a * b\n        + c) + (a *\n        b)\n";
  std::vector<ParseRange> R = parseRangesOf(Src, scanTopLevel(Src), true);
  R = withoutTrivia(Src, R);
  // Condensed without falling back to the plain text: the valid source
  // must parse cleanly condensed, or the comparison would prove nothing.
  auto Folded = PySyntaxTree::parse(Src, R, PySyntaxTree::Reading::Condensed);
  auto Plain = PySyntaxTree::parse(Src, R, PySyntaxTree::Reading::Plain);
  ASSERT_TRUE(Folded && Plain);
  Plain->walk(Plain->root(), [&](NodeId N) {
    EXPECT_NE(Plain->kind(N), PyKind::Error) << Plain->node(N).Line + 1;
  });
  EXPECT_FALSE(Plain->hasErrors());
  Folded->walk(Folded->root(), [&](NodeId N) {
    EXPECT_NE(Folded->kind(N), PyKind::Error) << Folded->node(N).Line + 1;
  });
  EXPECT_FALSE(Folded->hasErrors());
  expectSameTree(*Folded, *Plain);
  // The unfolded attribute has its parts as children, as tree-sitter's.
  NodeId Call = NoNode;
  Folded->walk(Folded->root(), [&](NodeId N) {
    if (Folded->kind(N) == PyKind::Call &&
        Folded->text(N) == "tl.program_id(0)")
      Call = N;
  });
  ASSERT_NE(Call, NoNode);
  NodeId Fn = Folded->field(Call, PyField::Function);
  EXPECT_EQ(Folded->kind(Fn), PyKind::Attribute);
  EXPECT_EQ(Folded->text(Folded->field(Fn, PyField::Object)), "tl");
  EXPECT_EQ(Folded->text(Folded->field(Fn, PyField::Attribute)), "program_id");

  // Broken code parses alike too: an unterminated string ends at its line,
  // and `a.b=1` is no keyword argument.
  for (llvm::StringRef Broken :
       {"def k(X):  # c\n    s = 'open\n    y = f(a=b, c=d.e)\n",
        "def k(X):  # c\n    y = f(a.b=1, c=d)\n    z = g(e=h)\n",
        "def k(a, 0, True, b):  # c\n    return a\n",
        "def k(a.b: c, d):  # c\n    return g(e: f, h)\n",
        "def k(a):  # c\n    a * b = c\n    x = a * b = d\n",
        "match x:  # c\n    case [a * b, c]:\n        pass\n",
        // Error recovery sees other tokens in the condensed text: parsed
        // again as written.
        "def k(\n    A: tl.constexpr,  # c\n    B: tdef l.constexpr,\n"
        "    C: tl.constexpr,\n    D: tl.constexpr,\n):\n"
        "    x = tl.load(A + tl.arange(0, C)[:, None], mask=m, other=0.0)\n",
        "def k(W, p):  # c\n    tl.store(W, p.to(W.dtype.elem\n",
        // An annotation's `x[...]` is a generic type, which takes no slice.
        "def k(a: x[:, None]) -> w[:, None]:  # c\n    v: x[:, None] = 1\n",
        "def k(x):  # c\n    return x[:, None]y\n",
        "def k(x):  # c\n    return g(e: f, h)\n"}) {
    std::vector<ParseRange> BR = withoutTrivia(
        Broken, parseRangesOf(Broken, scanTopLevel(Broken), true));
    auto A = PySyntaxTree::parse(Broken, BR);
    auto B = PySyntaxTree::parse(Broken, BR, PySyntaxTree::Reading::Plain);
    ASSERT_TRUE(A && B);
    EXPECT_TRUE(B->hasErrors());
    expectSameTree(*A, *B);
  }
}

TEST(TritonParse, BinaryInputIsAFileError) {
  std::string Src = "import triton\n";
  Src.push_back('\0');
  AnalysisResult R = analyzePythonFile("bin.py", Src, nullptr);
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_EQ(R.Errors[0].File, "bin.py");
  EXPECT_TRUE(R.Findings.empty());
}

TEST(TritonParse, NonTritonFileIsNotParsed) {
  auto M = TritonModule::build("def f():\n    return 1\n");
  ASSERT_TRUE(M);
  EXPECT_FALSE(M->parsed());
  AnalysisResult R = analyzePythonFile("plain.py", "x = 1\n", nullptr);
  EXPECT_EQ(R.FilesAnalysed, 1u);
  EXPECT_TRUE(R.Findings.empty() && R.Errors.empty());
}

TEST(TritonParse, AutotuneConfigsGiveAConstexprItsValue) {
  auto M = TritonModule::build(
      "import triton\nimport triton.language as tl\n"
      "@triton.autotune(configs=[triton.Config({'XBLOCK': 1, 'RBLOCK': 1024}),\n"
      "    triton.Config({\"XBLOCK\": 1, \"RBLOCK\": 2048})], key=['XBLOCK'])\n"
      "@triton.jit\n"
      "def k(x, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr, BM: tl.constexpr):\n"
      "    pass\n"
      "@triton.autotune(configs=[triton.Config({}, num_warps=4)], key=[])\n"
      "@triton.heuristics({'BM': lambda a: 64})\n"
      "@triton.jit\n"
      "def h(x, BM: tl.constexpr):\n"
      "    pass\n");
  ASSERT_TRUE(M && M->parsed());
  const JitFunction *K = M->function("k");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->configuredValue("XBLOCK"), 1);
  EXPECT_EQ(K->configuredValue("RBLOCK"), -1); // two values
  EXPECT_EQ(K->configuredValue("BM"), -1);     // not named
  const JitFunction *H = M->function("h");
  ASSERT_TRUE(H);
  EXPECT_EQ(H->configuredValue("BM"), -1); // a lambda, not a literal
}

} // namespace
