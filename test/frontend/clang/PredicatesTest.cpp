//===- PredicatesTest.cpp - lib/frontend/clang/Predicates unit tests ------------===//
//
// The pieces of the validity rule on small C++ bodies: atoms through '!',
// '&&', De Morgan and boolean locals; control facts (branches, early exits,
// asserts); implication between atoms; dependencies with path facts; index
// loads. Plain C++ is enough: nothing here is CUDA-specific.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/Predicates.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using kerneltidy::Access;
using kerneltidy::AccessKind;
using kerneltidy::Atom;
using kerneltidy::BoundKind;
using kerneltidy::FunctionPredicates;

namespace {

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *Fn = nullptr;
  std::unique_ptr<FunctionPredicates> FP;

  const VarDecl *var(StringRef Name) const {
    auto M = match(varDecl(hasName(Name)).bind("v"), AST->getASTContext());
    return M.empty() ? nullptr : M[0].getNodeAs<VarDecl>("v");
  }
  /// The first access of a kind, in source order.
  const Access *access(AccessKind K, unsigned Nth = 0) const {
    for (const Access &A : FP->accesses())
      if (A.Kind == K && Nth-- == 0)
        return &A;
    return nullptr;
  }
  std::vector<Atom> factsAt(const Access &A) const {
    return FP->atoms(FP->controlFacts(A.Expr));
  }
};

Parsed parse(StringRef Code, StringRef Function = "k") {
  Parsed P;
  P.AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17", "-Wno-everything", "-ferror-limit=0"}, "input.cc");
  if (!P.AST)
    return P;
  auto M = match(functionDecl(hasName(Function), isDefinition()).bind("f"),
                 P.AST->getASTContext());
  if (M.empty())
    return P;
  P.Fn = M[0].getNodeAs<FunctionDecl>("f");
  P.FP = std::make_unique<FunctionPredicates>(P.Fn->getBody(),
                                              P.AST->getASTContext());
  return P;
}

const char *const Prelude = R"(
  extern "C" void __assert_fail(const char *, const char *, unsigned,
                                const char *) __attribute__((noreturn));
  using int64 = long long;
  using uint64 = unsigned long long;
)";

std::string withPrelude(StringRef Body) { return std::string(Prelude) + Body.str(); }

TEST(PredicatesTest, AtomsLookThroughBooleanLocalsAndNegation) {
  Parsed P = parse(withPrelude(R"(
    void k(float *out, const int64 *target, int64 n, int64 C, int64 ii, int64 row) {
      const bool in_bounds = row < n;
      const int64 t = target[row];
      const bool ignored = t == ii;
      const bool valid = in_bounds && !ignored;
      if (valid) out[row * C + t] = 1.0f;
    })"));
  ASSERT_TRUE(P.FP);
  const Access *Store = P.access(AccessKind::Store);
  ASSERT_TRUE(Store);
  std::vector<Atom> Facts = P.factsAt(*Store);
  ASSERT_EQ(Facts.size(), 2u);
  EXPECT_EQ(FunctionPredicates::boundOn(Facts[0], P.var("row")),
            BoundKind::Upper);
  EXPECT_EQ(FunctionPredicates::boundOn(Facts[1], P.var("t")),
            BoundKind::NotEqual);
}

TEST(PredicatesTest, DisjunctionsAreNotFactsButTheirNegationsAre) {
  Parsed P = parse(withPrelude(R"(
    void k(float *out, const int64 *target, int64 C) {
      const int64 t = target[0];
      if (t < 0 || t >= C) return;
      out[t] = 1.0f;
      if (t < 0 || t >= C) out[t + 1] = 2.0f;
    })"));
  ASSERT_TRUE(P.FP);
  const VarDecl *T = P.var("t");
  std::vector<Atom> AfterReturn = P.factsAt(*P.access(AccessKind::Store, 0));
  ASSERT_EQ(AfterReturn.size(), 2u);
  EXPECT_EQ(FunctionPredicates::boundOn(AfterReturn[0], T), BoundKind::Lower);
  EXPECT_EQ(FunctionPredicates::boundOn(AfterReturn[1], T), BoundKind::Upper);
  // Inside the disjunction's then-branch nothing single must hold beyond
  // what the early return established.
  EXPECT_EQ(P.factsAt(*P.access(AccessKind::Store, 1)).size(), 2u);
}

TEST(PredicatesTest, AssertsBeforeTheAccessAreFacts) {
  Parsed P = parse(withPrelude(R"(
    #define MY_ASSERT(c) ((c) ? (void)0 : __assert_fail(#c, "f", 1, "k"))
    #define QUIET_ASSERT(c) ((void)(c))
    #define TORCHY_ASSERT(c) if (!(c)) { __assert_fail(#c, "f", 1, "k"); }
    void k(float *out, const int64 *target, int64 C) {
      const int64 a = target[0], b = target[1], c = target[2];
      MY_ASSERT(a >= 0);
      QUIET_ASSERT(b < C);
      TORCHY_ASSERT(c != -1);
      out[a + b + c] = 0.0f;
    })"));
  ASSERT_TRUE(P.FP);
  std::vector<Atom> Facts = P.factsAt(*P.access(AccessKind::Store));
  ASSERT_EQ(Facts.size(), 3u);
  EXPECT_EQ(FunctionPredicates::boundOn(Facts[0], P.var("a")), BoundKind::Lower);
  EXPECT_EQ(FunctionPredicates::boundOn(Facts[1], P.var("b")), BoundKind::Upper);
  EXPECT_EQ(FunctionPredicates::boundOn(Facts[2], P.var("c")),
            BoundKind::NotEqual);
}

TEST(PredicatesTest, ImplicationBySideConstantsAndBothBounds) {
  Parsed P = parse(withPrelude(R"(
    void k(float *out, const int *ids, int E, int64 C, uint64 U) {
      const int e = ids[0];
      const int64 t = ids[1];
      const bool routed = e != -1;
      const bool in_range = t >= 0 && t < C;
      const bool upper_only = t < C;
      const bool unsigned_test = static_cast<uint64>(t) < U;
      if (e >= 0) out[e] = 1.0f;
      if (in_range) out[t] = routed ? 1.0f : 0.0f;
    })"));
  ASSERT_TRUE(P.FP);
  const VarDecl *E = P.var("e"), *T = P.var("t");
  auto AtomsOf = [&](StringRef Name) {
    return P.FP->atoms({P.var(Name)->getInit(), true, nullptr});
  };
  std::vector<Atom> Routed = AtomsOf("routed");
  ASSERT_EQ(Routed.size(), 1u);
  std::vector<Atom> GuardE = P.factsAt(*P.access(AccessKind::Store, 0));
  EXPECT_TRUE(P.FP->implies(GuardE, Routed[0], E)); // e >= 0  =>  e != -1

  std::vector<Atom> InRange = AtomsOf("in_range");
  std::vector<Atom> UpperOnly = AtomsOf("upper_only");
  ASSERT_EQ(InRange.size(), 2u);
  ASSERT_EQ(UpperOnly.size(), 1u);
  EXPECT_FALSE(P.FP->implies(UpperOnly, InRange[0], T)); // t < C  =/=> t >= 0
  EXPECT_TRUE(P.FP->implies(UpperOnly, InRange[1], T));
  Atom NotSentinel = Routed[0];
  EXPECT_FALSE(P.FP->implies(UpperOnly, NotSentinel, T)); // about e, not t

  std::vector<Atom> Unsigned = AtomsOf("unsigned_test");
  ASSERT_EQ(Unsigned.size(), 2u); // t < U, and t >= 0 from the wrap
  EXPECT_TRUE(P.FP->implies(Unsigned, InRange[0], T));
}

TEST(PredicatesTest, DependenciesCarryTheirPathFacts) {
  Parsed P = parse(withPrelude(R"(
    void k(float *out, const int64 *target, int64 C, int64 ii, int64 row) {
      const int64 t = target[row];
      const bool valid = t != ii;
      const int64 safe_t = valid ? t : 0;
      const int64 base = row * C;
      const int64 idx = base + safe_t;
      out[idx] = valid ? 1.0f : 0.0f;
    })"));
  ASSERT_TRUE(P.FP);
  const Access *Store = P.access(AccessKind::Store);
  ASSERT_TRUE(Store);
  const VarDecl *T = P.var("t");
  bool SawT = false;
  for (const kerneltidy::Dependency &D : P.FP->dependencies(Store->Address)) {
    if (D.Var != T->getCanonicalDecl())
      continue;
    SawT = true;
    std::vector<Atom> Path = P.FP->atoms(D.PathFacts);
    ASSERT_EQ(Path.size(), 1u);
    EXPECT_EQ(FunctionPredicates::boundOn(Path[0], T), BoundKind::NotEqual);
  }
  EXPECT_TRUE(SawT);
  EXPECT_EQ(P.FP->valueGates(Store->Value).size(), 1u);
  EXPECT_TRUE(P.FP->isLoadedIndex(T));
  EXPECT_TRUE(P.FP->isLoadedIndex(P.var("idx"))); // through safe_t and t
  EXPECT_FALSE(P.FP->isLoadedIndex(P.var("base")));
}

TEST(PredicatesTest, AtomicsAndLoadsAreAccesses) {
  Parsed P = parse(withPrelude(R"(
    float atomicAdd(float *, float);
    void k(float *acc, const int *ids, const float *w, int i) {
      const int e = ids[i];
      atomicAdd(&acc[e], w[i]);
    })"));
  ASSERT_TRUE(P.FP);
  const Access *Atomic = P.access(AccessKind::Atomic);
  ASSERT_TRUE(Atomic);
  EXPECT_EQ(Atomic->Callee, "atomicAdd");
  EXPECT_TRUE(P.access(AccessKind::Load, 0)); // ids[i]
  EXPECT_TRUE(P.access(AccessKind::Load, 1)); // w[i]
}

TEST(PredicatesTest, InvalidCodeYieldsLessNeverCrashes) {
  Parsed P = parse(withPrelude(R"(
    void k(float *out, const missing_t *target, int64 C, int64 ii) {
      auto t = target[0];
      const bool valid = t != undeclared;
      out[unknown_fn(t) * C] = valid ? 1.0f : 0.0f;
      out[t] = valid ? value_of(t) : 0.0f;
      if (valid) out[0] = t;
    })"));
  ASSERT_TRUE(P.FP);
  for (const Access &A : P.FP->accesses()) {
    (void)P.factsAt(A);
    (void)P.FP->dependencies(A.Address);
    if (A.Value)
      (void)P.FP->valueGates(A.Value);
  }
  SUCCEED();
}

} // namespace
