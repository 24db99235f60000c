//===- WrapSites.cpp - where an integer wraps and becomes an address ------===//
//
// The sites the index-width analyses report on, found with the bounds of
// MagnitudeAnalysis (Magnitude.h): the operations that can wrap (products
// and shifts, implicit narrowing conversions, 32-bit loop counters with a
// larger limit), the smallest shape that shows a product wrapping, and the
// address uses where a wrapped integer becomes part of an address (with the
// size arguments of memcpy-like calls and the host's size-limit tests).
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/Magnitude.h"
#include "lib/frontend/clang/MagnitudeInternal.h"
#include "lib/frontend/clang/StandIns.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace kerneltidy {

using namespace magnitude_detail;

static bool isCompoundMul(BinaryOperatorKind K) {
  return K == BO_Mul || K == BO_Shl || K == BO_MulAssign || K == BO_ShlAssign;
}

/// Is Op the conversion of a value into a variable that is assumed wide?
static bool convertsIntoWideVar(const ImplicitCastExpr *ICE,
                                const MagnitudeOptions &Opts,
                                ASTContext &Ctx) {
  if (Opts.AssumeWide.empty())
    return false;
  for (const auto &P : Ctx.getParents(*ICE)) {
    if (const auto *VD = P.get<VarDecl>())
      return Opts.AssumeWide.contains(VD);
    if (const auto *BO = P.get<BinaryOperator>()) {
      if (BO->isAssignmentOp() && BO->getRHS() == ICE)
        if (const VarDecl *VD = localVar(BO->getLHS()))
          return Opts.AssumeWide.contains(VD);
      // An arithmetic conversion: with a wide operand it would not happen.
      if (!BO->isAssignmentOp())
        return isAssumedWide(BO->getLHS(), Opts) ||
               isAssumedWide(BO->getRHS(), Opts);
    }
  }
  return false;
}

Wrap MagnitudeAnalysis::wrapAt(const Expr *E) {
  Wrap W;
  if (!E || E->containsErrors() || E->isTypeDependent() ||
      E->isValueDependent() || containsStandIn(E))
    return W;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (!isCompoundMul(BO->getOpcode()))
      return W;
    QualType T = BO->getType();
    if (const auto *CAO = dyn_cast<CompoundAssignOperator>(BO)) {
      T = CAO->getComputationResultType();
      if (const VarDecl *VD = localVar(CAO->getLHS()))
        if (Options.AssumeWide.contains(VD))
          return W;
    } else if (isAssumedWide(BO, Options)) {
      return W;
    }
    if (!isNarrowIntegerType(T, Ctx))
      return W;
    Magnitude L = of(BO->getLHS()), R = of(BO->getRHS());
    if (!L.Known || !R.Known)
      return W;
    // Two quantities that can both be large; or a grid index scaled by a
    // constant block size ('blockIdx.x * 256', 'blockIdx.x << 8').
    if (L.isConstant() && R.Kind != MagnitudeKind::GridIndex)
      return W;
    if (R.isConstant() && L.Kind != MagnitudeKind::GridIndex)
      return W;
    Magnitude Result = productOf(BO, L, R);
    uint64_t Limit = integerWidth(T, Ctx)->maxValue();
    if (Result.Max <= Limit)
      return W;
    return Wrap{WrapKind::Product, BO, T, Limit, Result, L, R};
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() != CK_IntegralCast)
      return W;
    QualType T = ICE->getType();
    const Expr *Sub = ICE->getSubExpr();
    if (!isNarrowIntegerType(T, Ctx) || !integerWidth(Sub->getType(), Ctx))
      return W;
    // Into a type narrower than 32 bits: the value is a byte or a short by
    // the programmer's choice, bounded by 2^width; no index width wraps.
    if (isSubWordIntegerType(T, Ctx))
      return W;
    Magnitude S = of(Sub);
    uint64_t Limit = integerWidth(T, Ctx)->maxValue();
    if (!S.isLarge() || S.Max <= Limit)
      return W;
    if (convertsIntoWideVar(ICE, Options, Ctx))
      return W;
    return Wrap{WrapKind::Narrowing, ICE, T, Limit, S, S, Magnitude()};
  }
  return W;
}

Wrap MagnitudeAnalysis::loopLimitWrap(const VarDecl *VD) {
  Wrap W;
  const Expr *Limit = loopLimit(VD);
  if (!Limit || Options.AssumeWide.contains(VD) ||
      !isNarrowIntegerType(VD->getType(), Ctx))
    return W;
  Magnitude M = of(Limit);
  uint64_t Max = integerWidth(VD->getType(), Ctx)->maxValue();
  if (!M.isLarge() || M.Max <= Max)
    return W;
  if (std::optional<uint64_t> Bound = serialCounterBound(VD))
    if (*Bound <= Max)
      return W;
  return Wrap{WrapKind::LoopLimit, Limit, VD->getType(), Max, M, M,
              Magnitude()};
}

std::vector<Wrap> MagnitudeAnalysis::wrapsIn(const Expr *E) {
  std::vector<Wrap> Out;
  llvm::SmallVector<const Expr *, 16> Work;
  llvm::SmallPtrSet<const Expr *, 4> Subtrahends;
  if (E)
    Work.push_back(E);
  while (!Work.empty()) {
    const Expr *X = Work.pop_back_val();
    if (!X || X->containsErrors())
      continue;
    if (!Subtrahends.contains(X)) {
      if (Wrap W = wrapAt(X))
        Out.push_back(W);
    } else if (const auto *Sub = dyn_cast<BinaryOperator>(X)) {
      // The factors of a subtrahend's product are products no larger than
      // it ('i3 * ne01' of '(i3 * ne01) * ne02'), bounded the same way.
      for (const Expr *Side : {Sub->getLHS(), Sub->getRHS()})
        if (const auto *Inner =
                dyn_cast<BinaryOperator>(Side->IgnoreParenImpCasts()))
          if (Inner->getOpcode() == BO_Mul || Inner->getOpcode() == BO_Shl)
            Subtrahends.insert(Inner);
    }
    // Walk only where the value flows: through arithmetic, casts and the
    // arms of '?:', into 'min'/'max', not into call arguments, subscripts
    // (their value is loaded) or comparisons.
    if (const auto *PE = dyn_cast<ParenExpr>(X)) {
      Work.push_back(PE->getSubExpr());
    } else if (const auto *FE = dyn_cast<FullExpr>(X)) {
      Work.push_back(FE->getSubExpr());
    } else if (const auto *CE = dyn_cast<CastExpr>(X)) {
      // A conversion into fewer than 32 bits keeps only low bits, which a
      // wrap past 2^31 below it does not change through '+', '-', '*' and
      // '<<' (a division or right shift in between is a blind spot).
      if (!isSubWordIntegerType(CE->getType(), Ctx))
        Work.push_back(CE->getSubExpr());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
      if (BO->isComparisonOp() || BO->isLogicalOp())
        continue;
      // A divisor reaches the address only through a quotient (or a
      // remainder) no larger than the dividend. Where the division is
      // computed in 32 bits, its divisor can pass 2^31 only on a tensor
      // whose 32-bit index, the dividend, already wraps, and that wrap is
      // reported where it happens: 'index / (ne10 * ne11 * ne12)' takes a
      // per-image product, not an offset (issue 23, class 8). A 64-bit
      // dividend keeps its divisor's wraps: they are the only ones.
      bool Quotient = BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem ||
                      BO->getOpcode() == BO_DivAssign ||
                      BO->getOpcode() == BO_RemAssign;
      if (Quotient && isNarrowIntegerType(BO->getType(), Ctx)) {
        if (!BO->isAssignmentOp())
          Work.push_back(BO->getLHS());
        continue;
      }
      if (BO->isAssignmentOp() || BO->getOpcode() == BO_Comma) {
        Work.push_back(BO->getRHS());
        continue;
      }
      // A subtrahend computed in the difference's own type: a difference
      // that is an offset is not negative, so the subtrahend's true value
      // is at most the minuend's, which the type holds ('i - i3 * ne3.z'
      // with 'i3 = i / ne3.z'); a minuend that wraps is reported itself.
      if (BO->getOpcode() == BO_Sub)
        if (const auto *Sub =
                dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParens()))
          if ((Sub->getOpcode() == BO_Mul || Sub->getOpcode() == BO_Shl) &&
              Ctx.hasSameType(Sub->getType(), BO->getType()))
            Subtrahends.insert(Sub);
      Work.push_back(BO->getRHS());
      Work.push_back(BO->getLHS());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(X)) {
      if (UO->isArithmeticOp() || UO->isIncrementDecrementOp())
        Work.push_back(UO->getSubExpr());
    } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(X)) {
      Work.push_back(CO->getFalseExpr());
      Work.push_back(CO->getTrueExpr());
    } else if (const auto *Call = dyn_cast<CallExpr>(X)) {
      if (isMinMaxCall(Call)) {
        Work.push_back(Call->getArg(1));
        Work.push_back(Call->getArg(0));
      }
    }
  }
  std::sort(Out.begin(), Out.end(), [](const Wrap &A, const Wrap &B) {
    return A.Op->getBeginLoc().getRawEncoding() <
               B.Op->getBeginLoc().getRawEncoding() ||
           (A.Op->getBeginLoc() == B.Op->getBeginLoc() &&
            A.Op->getEndLoc().getRawEncoding() >
                B.Op->getEndLoc().getRawEncoding());
  });
  return Out;
}

std::optional<BoundaryShape> boundaryShape(const Wrap &W) {
  if (W.Kind != WrapKind::Product)
    return std::nullopt;
  // The last offset of a tensor is numel - 1: an example shape must reach
  // Limit + 2 elements for an offset to pass Limit (PyTorch's regression
  // shape for the seed: 2 * 2147483649).
  uint64_t Target = W.Limit + 2;
  bool Shift = isa<BinaryOperator>(W.Op) &&
               (cast<BinaryOperator>(W.Op)->getOpcode() == BO_Shl ||
                cast<BinaryOperator>(W.Op)->getOpcode() == BO_ShlAssign);
  auto Other = [&](uint64_t Small) -> uint64_t {
    uint64_t Factor = Shift ? (Small >= 63 ? UINT64_MAX : uint64_t(1) << Small)
                            : Small;
    return Factor ? (Target + Factor - 1) / Factor : UINT64_MAX;
  };
  constexpr uint64_t SmallBound = uint64_t(1) << 16;
  // A bounded factor (block size, constant, shift count) takes its bound;
  // otherwise the right-hand factor takes 2.
  if (Shift || W.RHS.Max <= SmallBound || W.RHS.isConstant()) {
    uint64_t R = Shift ? std::min<uint64_t>(W.RHS.Max, 62) : W.RHS.Max;
    uint64_t L = Other(R);
    if (R > 0 && L <= W.LHS.Max)
      return BoundaryShape{L, R};
  }
  if (W.LHS.Max <= SmallBound || W.LHS.isConstant()) {
    uint64_t L = W.LHS.Max;
    uint64_t R = Other(L);
    if (L > 0 && R <= W.RHS.Max)
      return BoundaryShape{L, R};
  }
  if (!Shift && W.RHS.Max >= 2 && Other(2) <= W.LHS.Max)
    return BoundaryShape{Other(2), 2};
  if (!Shift && W.LHS.Max >= 2 && Other(2) <= W.RHS.Max)
    return BoundaryShape{2, Other(2)};
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Address uses
//===----------------------------------------------------------------------===//

bool isSizeArgument(const FunctionDecl *Callee, unsigned Index) {
  if (!Callee || !Callee->getIdentifier())
    return false;
  llvm::StringRef N = Callee->getName();
  N.consume_front("__builtin_");
  if (N == "memcpy" || N == "memmove" || N == "memset" || N == "memcmp")
    return Index == 2;
  if (N.starts_with("cudaMemcpy") || N.starts_with("hipMemcpy") ||
      N.starts_with("cudaMemset") || N.starts_with("hipMemset"))
    return Index == 2 && !N.contains("2D") && !N.contains("3D") &&
           !N.contains("Symbol");
  return false;
}

/// True when Base addresses CUDA/HIP shared memory: a '__shared__' variable,
/// or a local pointer initialised from one ('reinterpret_cast<float *>(smem
/// + 1024)', '&tile[0]'). Shared memory is at most 228 KiB per block, so no
/// valid offset into it comes near 2^31: an index there is not a wrap site.
static bool isSharedMemoryBase(const Expr *Base, unsigned Depth = 0) {
  if (!Base || Depth > 4)
    return false;
  const Expr *E = Base->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref)
      return isSharedMemoryBase(UO->getSubExpr(), Depth + 1);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return isSharedMemoryBase(ASE->getBase(), Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)
      return isSharedMemoryBase(BO->getLHS()->getType()->isPointerType()
                                    ? BO->getLHS()
                                    : BO->getRHS(),
                                Depth + 1);
    return false;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD)
    return false;
  if (VD->hasAttr<CUDASharedAttr>())
    return true;
  // A local pointer that is only ever its initialiser (const, or written
  // nowhere else is not checked: kernels re-point such locals rarely, and
  // never from shared to global memory).
  if (VD->isLocalVarDecl() && VD->getType()->isPointerType() && VD->getInit())
    return isSharedMemoryBase(VD->getInit(), Depth + 1);
  return false;
}

std::vector<AddressUse> collectAddressUses(const FunctionDecl &Fn,
                                           ASTContext &Ctx) {
  std::vector<AddressUse> Out;
  auto IsInt = [&](const Expr *E) {
    return E && !E->containsErrors() && !E->isTypeDependent() &&
           integerWidth(E->getType(), Ctx).has_value() && !containsStandIn(E);
  };
  // Offset helpers (TensorInfo's IndexToOffset, 'get_offset', 'index_of'):
  // what they return becomes an address in the caller.
  bool ReturnsOffset = false;
  if (Fn.getIdentifier()) {
    std::string Name = Fn.getName().lower();
    ReturnsOffset = llvm::StringRef(Name).contains("offset") ||
                    llvm::StringRef(Name).contains("index");
  }
  // The integer operand of pointer arithmetic ('p + i', 'p += i', and 'i +
  // p' where IntOnLeft) reaches an address, unless the pointer is shared
  // memory.
  auto AddPointerOffset = [&](const Expr *L, const Expr *R, bool IntOnLeft,
                              const Stmt *Use) {
    if (L->getType()->isPointerType() && IsInt(R)) {
      if (!isSharedMemoryBase(L))
        Out.push_back({R, Use});
    } else if (IntOnLeft && R->getType()->isPointerType() && IsInt(L)) {
      if (!isSharedMemoryBase(R))
        Out.push_back({L, Use});
    }
  };
  llvm::SmallVector<const Stmt *, 32> Work;
  if (Fn.getBody())
    Work.push_back(Fn.getBody());
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      Work.push_back(LE->getBody());
      continue;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
      if (IsInt(ASE->getIdx()) && !isSharedMemoryBase(ASE->getBase()))
        Out.push_back({ASE->getIdx(), ASE});
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      BinaryOperatorKind Op = BO->getOpcode();
      if (Op == BO_Add || Op == BO_Sub || Op == BO_AddAssign ||
          Op == BO_SubAssign)
        AddPointerOffset(BO->getLHS(), BO->getRHS(), /*IntOnLeft=*/true, BO);
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(S)) {
      OverloadedOperatorKind Op = OCE->getOperator();
      if (Op == OO_Subscript && OCE->getNumArgs() == 2 &&
          IsInt(OCE->getArg(1))) {
        Out.push_back({OCE->getArg(1), OCE});
      } else if ((Op == OO_Plus || Op == OO_Minus || Op == OO_PlusEqual ||
                  Op == OO_MinusEqual) &&
                 OCE->getNumArgs() == 2) {
        // Pointer arithmetic in a template where the pointee is dependent
        // and the scope overloads the operator (cuda_fp16.h's '+=' for
        // half types): Clang keeps 'src += first_batch * element_count' as
        // an unresolved operator call until instantiation, and a header's
        // kernel template may never be instantiated in its translation unit.
        AddPointerOffset(OCE->getArg(0), OCE->getArg(1),
                         Op != OO_PlusEqual && Op != OO_MinusEqual, OCE);
      }
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      for (unsigned I = 0, E = Call->getNumArgs(); I < E; ++I)
        if (isSizeArgument(Callee, I) && IsInt(Call->getArg(I)))
          Out.push_back({Call->getArg(I), Call});
    } else if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
      if (ReturnsOffset && IsInt(Ret->getRetValue()))
        Out.push_back({Ret->getRetValue(), Ret});
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Out.begin(), Out.end(),
                   [&](const AddressUse &A, const AddressUse &B) {
                     return SM.isBeforeInTranslationUnit(
                         A.Use->getBeginLoc(), B.Use->getBeginLoc());
                   });
  return Out;
}

bool isSizeLimitTest(const Expr *E, ASTContext &Ctx) {
  if (!E || E->containsErrors())
    return false;
  llvm::SmallVector<const Stmt *, 16> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        if (Callee->getIdentifier()) {
          std::string Name = Callee->getName().lower();
          if (llvm::StringRef(Name).contains("32bit") ||
              llvm::StringRef(Name).contains("32_bit"))
            return true;
        }
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->isComparisonOp() && !BO->isValueDependent()) {
        for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
          const Expr *Other =
              Side == BO->getLHS() ? BO->getRHS() : BO->getLHS();
          Expr::EvalResult R;
          if (Side->isValueDependent() || Side->containsErrors() ||
              !Side->EvaluateAsInt(R, Ctx) || !R.Val.isInt())
            continue;
          Expr::EvalResult O;
          if (!Other->isValueDependent() && Other->EvaluateAsInt(O, Ctx))
            continue; // constant on both sides
          const llvm::APSInt &V = R.Val.getInt();
          if (V.isNegative())
            continue;
          uint64_t U = V.getLimitedValue();
          if (U >= uint64_t(INT32_MAX) - 1 && U <= (uint64_t(1) << 32))
            return true;
        }
      }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Rows of wider accesses
//===----------------------------------------------------------------------===//

static const Expr *stripCastsAndParens(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      if (!CE->getSubExpr()->getType()->isIntegralOrEnumerationType() &&
          !CE->getSubExpr()->getType()->isDependentType())
        return E;
      E = CE->getSubExpr();
      continue;
    }
    return E;
  }
  return E;
}

std::optional<RowsScaledInWideArithmetic::Key>
RowsScaledInWideArithmetic::keyOf(const Expr *E) {
  Key K;
  llvm::SmallVector<const Expr *, 8> Work{E};
  while (!Work.empty()) {
    const Expr *X = stripCastsAndParens(Work.pop_back_val());
    if (!X)
      return std::nullopt;
    if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
      if (BO->getOpcode() != BO_Mul)
        return std::nullopt;
      Work.push_back(BO->getLHS());
      Work.push_back(BO->getRHS());
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
      K.push_back(reinterpret_cast<uintptr_t>(
          DRE->getDecl()->getCanonicalDecl()));
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(X)) {
      // 'p.rows' and 'q.rows' differ: the base is part of the key.
      uintptr_t Base = 0;
      if (const auto *B =
              dyn_cast<DeclRefExpr>(stripCastsAndParens(ME->getBase())))
        Base = reinterpret_cast<uintptr_t>(B->getDecl()->getCanonicalDecl());
      else if (!isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        return std::nullopt;
      K.push_back(
          reinterpret_cast<uintptr_t>(ME->getMemberDecl()->getCanonicalDecl()) ^
          (Base * 31));
      continue;
    }
    if (const auto *IL = dyn_cast<IntegerLiteral>(X)) {
      // Literals are small integers, never pointers: keep them apart from
      // declaration keys by the low bit.
      K.push_back((IL->getValue().getLimitedValue() << 1) | 1);
      continue;
    }
    return std::nullopt;
  }
  std::sort(K.begin(), K.end());
  return K;
}

RowsScaledInWideArithmetic::Key
RowsScaledInWideArithmetic::keyOf(const VarDecl *VD) {
  return Key{reinterpret_cast<uintptr_t>(VD->getCanonicalDecl())};
}

RowsScaledInWideArithmetic::RowsScaledInWideArithmetic(const FunctionDecl &Fn,
                                                       ASTContext &Ctx) {
  if (!Fn.getBody())
    return;
  llvm::SmallVector<const Stmt *, 64> Work{Fn.getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || BO->getOpcode() != BO_Mul || BO->containsErrors() ||
        BO->isTypeDependent())
      continue;
    auto Width = integerWidth(BO->getType(), Ctx);
    if (!Width)
      continue;
    // Each operand in turn is the row, the other the row width.
    for (auto [Row, RowWidth] : {std::pair{BO->getLHS(), BO->getRHS()},
                                 std::pair{BO->getRHS(), BO->getLHS()}}) {
      Expr::EvalResult Value;
      bool Constant = !RowWidth->isValueDependent() &&
                      RowWidth->EvaluateAsInt(Value, Ctx);
      bool Wide = Width->Bits > 32 &&
                  (!Constant ||
                   Value.Val.getInt().getLimitedValue() >= MinRowWidth);
      if (!Wide && Constant)
        continue;
      // The row operand, through its sums: '(token * nheads + head)'.
      llvm::SmallVector<const Expr *, 4> TermWork{Row};
      while (!TermWork.empty()) {
        const Expr *T = stripCastsAndParens(TermWork.pop_back_val());
        if (!T)
          continue;
        if (const auto *Sum = dyn_cast<BinaryOperator>(T))
          if (Sum->getOpcode() == BO_Add || Sum->getOpcode() == BO_Sub) {
            TermWork.push_back(Sum->getLHS());
            TermWork.push_back(Sum->getRHS());
            continue;
          }
        // A product computed in 32 bits before the widening is a wrap of
        // its own ('static_cast<int64_t>(a * b) * c'), not a row count.
        if (const auto *P = dyn_cast<BinaryOperator>(T))
          if (auto PW = integerWidth(P->getType(), Ctx); !PW || PW->Bits <= 32)
            continue;
        if (auto K = keyOf(T))
          Terms.push_back({std::move(*K), BO, Wide, !Constant});
      }
    }
  }
}

const RowsScaledInWideArithmetic::Term *
RowsScaledInWideArithmetic::find(const Key &K, bool WideOnly) const {
  for (const Term &T : Terms)
    if (T.Factors == K && (WideOnly ? T.Wide : T.RuntimeWidth))
      return &T;
  return nullptr;
}

bool RowsScaledInWideArithmetic::contains(const Expr *E,
                                          const BinaryOperator **On) const {
  auto K = keyOf(E);
  const Term *T = K ? find(*K, /*WideOnly=*/true) : nullptr;
  if (T && On)
    *On = T->Scale;
  return T;
}

bool RowsScaledInWideArithmetic::containsVariable(
    const VarDecl *VD, const BinaryOperator **On) const {
  const Term *T = find(keyOf(VD), /*WideOnly=*/true);
  if (T && On)
    *On = T->Scale;
  return T;
}

bool RowsScaledInWideArithmetic::scalesVariableAtAnyWidth(
    const VarDecl *VD) const {
  return find(keyOf(VD), /*WideOnly=*/false);
}

} // namespace kerneltidy
