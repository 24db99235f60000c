//===- Int32OffsetRule.cpp - kernel-int32-offset on Triton -----------------===//
//
// Reported: an *offset expression* computed in int32 whose magnitude can pass
// 2^31 (a product of two runtime quantities: `pid * stride`, `rows * C`,
// `offs_m[:, None] * stride_m`, or a token index scaled by a row width,
// `i_b * T * H`) that reaches the pointer argument of tl.load / tl.store /
// tl.atomic_* or the base of tl.make_block_ptr. The caret is on the first
// such product (the wrap site), reported once; notes mark each access line
// the wrapped value reaches and carry the `.to(tl.int64)` fix at the
// index's source (the tl.program_id call when the index is a program id,
// else the operand itself).
//
// Not reported: products with a compile-time factor (`pid * BLOCK`), lane
// offsets (`tl.arange(0, BLOCK) * stride`), grid arithmetic
// (`pid_m * num_pid_n`), token indices that are not scaled further
// (`i_b * T`, `(i_b * T).to(tl.int64)`: bounded by the token count),
// anything already int64, and values loaded from memory (their element type
// is not known from the source).
//
// Blind spots: int arguments Triton specialises to i64 at launch (values
// >= 2^31) are still modelled as int32, so a kernel that is only ever
// launched with huge strides is reported; sums of two large int32 terms
// without a product are not reported; only the first wrap site feeding an
// address is reported (a second product in the same offset shows once the
// first is widened).
//
//===----------------------------------------------------------------------===//
#include "checks/triton/TritonRules.h"
#include "lib/model/OffsetEvidence.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

#include "llvm/ADT/DenseSet.h"
#include <cctype>
#include <functional>

namespace kerneltidy::triton {
namespace {

/// The largest value of an int32 offset.
constexpr uint64_t Int32Limit = 2147483647;

const char *accessName(const MemoryAccess &A) {
  switch (A.Op) {
  case MemoryOp::Load:
    return "tl.load";
  case MemoryOp::Store:
    return "tl.store";
  case MemoryOp::MakeBlockPtr:
    return "tl.make_block_ptr";
  case MemoryOp::Atomic:
    break;
  }
  return nullptr;
}

/// The analysis whose function holds Node (a wrap site may sit in a caller
/// that passed the wrapped value to a helper).
FunctionAnalysis &owner(FunctionAnalysis &A, const PySyntaxTree &T,
                        NodeId Node) {
  for (FunctionAnalysis *P = &A; P; P = P->caller())
    if (T.contains(P->function().Definition, Node))
      return *P;
  return A;
}

kerneltidy::FactorRole roleOf(Magnitude M) {
  switch (M) {
  case Magnitude::Const:
    return kerneltidy::FactorRole::Constant;
  case Magnitude::Lane:
    return kerneltidy::FactorRole::Hardware;
  case Magnitude::ProgramId:
    return kerneltidy::FactorRole::GridIndex;
  case Magnitude::Size:
  case Magnitude::Rows:
  case Magnitude::Large:
    break;
  }
  return kerneltidy::FactorRole::Size;
}

/// The language-neutral evidence of a wrap site (lib/model/OffsetEvidence.h):
/// the two operands of the product with the roles their facts give, lowered
/// to a small index where the name says so, and the buffer the first access
/// reaches (the leftmost name of its pointer expression).
kerneltidy::OffsetEvidence evidenceOf(FunctionAnalysis &Owner,
                                      const PySyntaxTree &T, NodeId Site,
                                      const MemoryAccess &Access) {
  kerneltidy::OffsetEvidence E;
  NodeId Product = T.stripParens(Site);
  llvm::SmallVector<llvm::StringRef, 12> ParamNames;
  for (const TritonParam &P : Owner.function().Params)
    ParamNames.push_back(P.Name);
  const llvm::SmallVector<llvm::StringRef, 4> Innermost =
      kerneltidy::innermostStrideParams(ParamNames);
  for (PyField Side : {PyField::Left, PyField::Right}) {
    NodeId Operand = T.field(Product, Side);
    if (Operand == NoNode)
      continue;
    Magnitude Mag = Owner.facts(Operand).Mag;
    kerneltidy::OffsetFactor F{T.text(Operand).str(), roleOf(Mag)};
    // A token index is never small, whatever names it holds: the head
    // count of `(bos * HV + i_h) * K` scales the tokens, it does not bound
    // them.
    if (Mag != Magnitude::Rows &&
        (F.Role == kerneltidy::FactorRole::Size ||
         F.Role == kerneltidy::FactorRole::GridIndex))
      for (const kerneltidy::OffsetFactor &Named :
           kerneltidy::factorsFromText(F.Text))
        if (Named.Role == kerneltidy::FactorRole::SmallIndex)
          F.Role = Named.Role;
    // A factor that is, as written, the innermost stride parameter of its
    // tensor ('offs_k[None, :] * stride_ak').
    llvm::StringRef Name = T.text(T.stripParens(Operand)).trim();
    if (E.InnermostStride.empty() && llvm::is_contained(Innermost, Name))
      E.InnermostStride = Name.str();
    // A stride passed as a tl.constexpr (TritonValues' defaultParamFacts
    // gives it a size's magnitude).
    if (const TritonParam *P = Owner.function().param(Name);
        P && P->IsConstexpr && Mag >= Magnitude::Size)
      E.ConstexprStride = Name.str();
    E.Factors.push_back(std::move(F));
  }
  llvm::StringRef Ptr = T.text(Access.Pointer).ltrim(" (\n");
  size_t End = 0;
  while (End < Ptr.size() &&
         (std::isalnum(static_cast<unsigned char>(Ptr[End])) || Ptr[End] == '_'))
    ++End;
  E.Buffer = Ptr.take_front(End).str();
  return E;
}

/// A load, store or atomic of one element per program: its pointer does not
/// vary across the lanes of a block and is no block pointer.
bool isScalarAccess(FunctionAnalysis &A, const MemoryAccess &Access) {
  llvm::StringRef Callee = Access.Callee;
  if (Callee != "load" && Callee != "store" && !Callee.starts_with("atomic"))
    return false;
  if (Access.BoundaryCheck != NoNode || A.facts(Access.Pointer).PerLane)
    return false;
  const PySyntaxTree &T = A.tree();
  NodeId Def = A.underlying(Access.Pointer);
  if (T.kind(Def) == PyKind::Call) {
    llvm::StringRef Text = T.text(Def);
    if (Text.contains("block_ptr") || Text.contains("advance") ||
        Text.contains("descriptor"))
      return false;
  }
  return true;
}

/// An access whose pointer carries a wrapped offset.
struct Use {
  FunctionAnalysis *A;
  const MemoryAccess *Access;
};

/// Every wrap site of the module, in first-use order, with the accesses its
/// wrapped value reaches, across the kernel analyses and the helper
/// contexts.
void gatherWrapUses(RuleContext &Ctx, llvm::SmallVectorImpl<NodeId> &Order,
                    llvm::DenseMap<NodeId, llvm::SmallVector<Use, 4>> &Uses) {
  for (auto &AP : Ctx.Analyses) {
    FunctionAnalysis &A = *AP;
    for (const MemoryAccess &Access : A.function().Accesses) {
      ValueFacts Ptr = A.facts(Access.Pointer);
      if (Ptr.WrapSite == NoNode)
        continue;
      auto &List = Uses[Ptr.WrapSite];
      if (List.empty())
        Order.push_back(Ptr.WrapSite);
      List.push_back(Use{&A, &Access});
    }
  }
}

/// The block pointer form of the same relation: a tl.make_block_ptr of the
/// function whose rows are this table's, `shape=(N_CTX, HEAD_DIM)` with
/// `offsets=(start_m * BLOCK_M, 0)`, where the wrap site scales by its row
/// count (`off_hz * N_CTX`) and the lane index is `start_m * BLOCK_M +
/// tl.arange(0, BLOCK_M)` (Triton's fused-attention tutorial and its
/// descendants: the M and L tables beside Q's block). Returns its shape.
NodeId blockOfSameRows(FunctionAnalysis &A, NodeId Site, llvm::StringRef Lane) {
  const PySyntaxTree &T = A.tree();
  const TritonModule &M = A.module();
  // The lane index's start: its definition without the tl.arange term.
  const Binding *LB = nullptr;
  for (const Binding &B : A.function().Bindings)
    if (B.Name == Lane && B.Kind == BindingKind::Assign)
      LB = &B; // the last one; a lane index is bound once in practice
  if (!LB)
    return NoNode;
  NodeId Def = T.stripParens(LB->Value);
  if (T.kind(Def) != PyKind::BinaryOperator || T.operatorText(Def) != "+")
    return NoNode;
  NodeId Start = NoNode;
  for (PyField Side : {PyField::Left, PyField::Right}) {
    NodeId Op = T.stripParens(T.field(Def, Side));
    if (M.languageCallee(Op) != "arange")
      Start = Op;
  }
  if (Start == NoNode)
    return NoNode;
  auto Elements = [&](NodeId Tuple) {
    llvm::SmallVector<NodeId, 4> Out;
    Tuple = T.stripParens(Tuple);
    if (T.kind(Tuple) == PyKind::Tuple || T.kind(Tuple) == PyKind::List)
      T.forEachNamedChild(Tuple, [&](NodeId C) { Out.push_back(C); });
    return Out;
  };
  for (const MemoryAccess &Other : A.function().Accesses) {
    if (Other.Op != MemoryOp::MakeBlockPtr)
      continue;
    auto Shape = Elements(M.argument(Other.Call, 1, "shape"));
    auto Offsets = Elements(M.argument(Other.Call, 3, "offsets"));
    if (Shape.size() < 2 || Offsets.empty() ||
        textWithoutBlanks(T.text(Offsets[0])) !=
            textWithoutBlanks(T.text(Start)))
      continue;
    NodeId Rows = T.stripParens(Shape[0]);
    if (T.kind(Rows) != PyKind::Identifier)
      continue;
    if (T.mentionsName(Site, T.text(Rows)))
      return M.argument(Other.Call, 1, "shape");
  }
  return NoNode;
}

/// The buffer an address starts from: the leftmost name of its sums,
/// followed through plain and in-place rebases (`dt_ptr = DT + ...`, `K +=
/// off_z * stride_kz`) to the parameter or name they start from. Empty for a
/// block pointer or any other call.
llvm::StringRef
baseBuffer(FunctionAnalysis &A, NodeId Pointer,
           llvm::SmallVectorImpl<llvm::StringRef> *Chain = nullptr) {
  const PySyntaxTree &T = A.tree();
  NodeId N = Pointer;
  for (unsigned Depth = 0; Depth < 16 && N != NoNode; ++Depth) {
    N = T.stripParens(N);
    switch (T.kind(N)) {
    case PyKind::BinaryOperator:
      N = T.field(N, PyField::Left);
      continue;
    case PyKind::Subscript:
      N = T.field(N, PyField::Value);
      continue;
    case PyKind::Identifier: {
      if (Chain)
        Chain->push_back(T.text(N));
      const Binding *B = A.resolve(T.text(N), N);
      if (!B)
        return T.text(N);
      if (B->Kind == BindingKind::Augmented) {
        // The name before the rebase is the same buffer.
        const Binding *Before = A.resolve(T.text(N), B->Statement);
        if (!Before || Before == B)
          return T.text(N);
        N = Before->Value;
        continue;
      }
      if (B->Kind != BindingKind::Assign)
        return {};
      N = B->Value;
      continue;
    }
    default:
      return {};
    }
  }
  return {};
}

/// The lane indices of an address, scaled or not, or false when some other
/// per-lane term is scaled (a gather, a lane index of unknown kind).
bool addressLanes(FunctionAnalysis &A, NodeId Pointer,
                  llvm::SmallVectorImpl<llvm::StringRef> &Lanes,
                  llvm::SmallVectorImpl<NodeId> &Terms) {
  LaneTerms L;
  laneTerms(A, Pointer, L);
  if (L.OtherScaled)
    return false;
  for (llvm::StringRef U : L.Unscaled)
    if (!llvm::is_contained(Lanes, U)) {
      Lanes.push_back(U);
      Terms.push_back(NoNode);
    }
  for (const auto &[Lane, Product] : L.ScaledLanes)
    if (!llvm::is_contained(Lanes, Lane)) {
      Lanes.push_back(Lane);
      Terms.push_back(Product);
    }
  return true;
}

/// The row indices of an address: the program ids and the integers the
/// function computes itself (loop indices, `row = chunk_start + i`) named in
/// its sums, not its lanes, compile-time values or the pointers it starts
/// from (`off_z`, `off_h` of `L += (off_z * H + off_h) * M`). Counting a
/// local size too only asks more of an access said to read the same rows.
void rowIndices(FunctionAnalysis &A, NodeId Pointer,
                llvm::SmallVectorImpl<llvm::StringRef> &Out) {
  const PySyntaxTree &T = A.tree();
  llvm::SmallVector<llvm::StringRef, 4> Chain;
  baseBuffer(A, Pointer, &Chain);
  llvm::SmallVector<NodeId, 4> Sums = addressSums(A, Pointer);
  for (NodeId Sum : Sums)
    T.walk(Sum, [&](NodeId N) {
      // A name bound to one of the sums (`ld_base` of `L + ld_base +
      // offs_m`) is walked as that sum.
      if (T.kind(N) != PyKind::Identifier ||
          llvm::is_contained(Sums, T.stripParens(A.definition(N))))
        return;
      ValueFacts F = A.facts(N);
      const Binding *B = A.resolve(T.text(N), N);
      bool Index =
          F.Mag <= Magnitude::ProgramId || (F.Type == ValueType::Int && B);
      // A loop over a constant range still walks rows (`for i in
      // range(0, CHUNK_SIZE)`: row `chunk_start + i`).
      bool Constant =
          F.CompileTime && !(B && B->Kind == BindingKind::LoopTarget);
      if (Index && !Constant && !F.PerLane &&
          !llvm::is_contained(Chain, T.text(N)) &&
          !llvm::is_contained(Out, T.text(N)))
        Out.push_back(T.text(N));
    });
}

/// True when one of Sums spells Lane on the given axis of a 2-D tile,
/// blanks ignored: `offs_s[:, None]` (Axis "[:,None]", a row axis) or
/// `offs_p[None, :]` (Axis "[None,:]", the trailing axis).
bool spelledOnAxis(const PySyntaxTree &T, llvm::ArrayRef<NodeId> Sums,
                   llvm::StringRef Lane, llvm::StringRef Axis) {
  std::string Want = Lane.str() + Axis.str();
  return llvm::any_of(Sums, [&](NodeId Sum) {
    return textWithoutBlanks(T.text(Sum)).find(Want) != std::string::npos;
  });
}

/// True when an address built from Sums reads the row index I: a sum
/// names it, or names a local bound to a product or sum that does, as
/// written (`qvk_offset = off_hz * stride_qh` in `Q + qvk_offset + ...`).
/// Not through a division: a GQA key tensor indexed by `off_hk = off_h // g`
/// has fewer rows than a table indexed by `off_h`.
bool addressReadsIndex(FunctionAnalysis &A, llvm::ArrayRef<NodeId> Sums,
                       llvm::StringRef I) {
  const PySyntaxTree &T = A.tree();
  std::function<bool(NodeId, unsigned)> Reads = [&](NodeId E, unsigned Depth) {
    if (T.mentionsName(E, I))
      return true;
    if (Depth > 3)
      return false;
    bool Found = false;
    T.walk(E, [&](NodeId N) {
      if (Found || T.kind(N) != PyKind::Identifier)
        return;
      const Binding *B = A.resolve(T.text(N), N);
      if (!B || B->Kind != BindingKind::Assign || B->Value == NoNode)
        return;
      NodeId V = T.stripParens(B->Value);
      if (T.kind(V) != PyKind::BinaryOperator)
        return;
      llvm::StringRef Op = T.operatorText(V);
      if (Op == "*" || Op == "+" || Op == "-")
        Found = Reads(V, Depth + 1);
    });
    return Found;
  };
  return llvm::any_of(Sums, [&](NodeId Sum) { return Reads(Sum, 0); });
}

/// See OffsetEvidence::LanesScaledElsewhereBy. Every access of List adds
/// its lane indices unscaled and scales nothing else per lane; another
/// access of the function scales each of those lane indices by a
/// row width, and its address reads every program or loop index of the
/// wrap site too (`off_hz` of `off_hz * N_CTX` in `Q + off_hz * stride_qh +
/// offs_m[:, None] * stride_qm`): the same rows, one element each. The
/// product that scales the lanes, or empty.
std::string lanesScaledElsewhere(NodeId Site, llvm::ArrayRef<Use> List) {
  std::string By;
  for (const Use &U : List) {
    FunctionAnalysis &A = *U.A;
    const PySyntaxTree &T = A.tree();
    if (!T.contains(A.function().Definition, Site))
      return {};
    LaneTerms Mine;
    laneTerms(A, U.Access->Pointer, Mine);
    if (Mine.OtherScaled || !Mine.ScaledLanes.empty() || Mine.Unscaled.empty())
      return {};
    llvm::SmallVector<llvm::StringRef, 4> Indices;
    rowIndices(A, U.Access->Pointer, Indices);
    if (Indices.empty() || !llvm::any_of(Indices, [&](llvm::StringRef I) {
          return T.mentionsName(Site, I);
        }))
      return {};
    for (llvm::StringRef Lane : Mine.Unscaled) {
      NodeId Found = NoNode;
      if (NodeId Block = blockOfSameRows(A, Site, Lane); Block != NoNode) {
        if (By.empty())
          By = "a block of shape " + T.text(Block).str();
        continue;
      }
      for (const MemoryAccess &Other : A.function().Accesses) {
        if (&Other == U.Access || Found != NoNode)
          continue;
        LaneTerms Theirs;
        laneTerms(A, Other.Pointer, Theirs);
        auto It = llvm::find_if(Theirs.ScaledLanes, [&](const auto &P) {
          return P.first == Lane;
        });
        if (It == Theirs.ScaledLanes.end())
          continue;
        // The other address names the same row indices in its own sums,
        // as written: a GQA key tensor indexed by `off_hk = off_h // g`
        // has fewer rows than a table indexed by `off_h`.
        llvm::SmallVector<NodeId, 4> Sums = addressSums(A, Other.Pointer);
        // A lane on the trailing axis of the other tile (`cols[None, :] *
        // x_stride_c`) walks its columns, not its rows.
        if (spelledOnAxis(T, Sums, Lane, "[None,:]"))
          continue;
        if (llvm::all_of(Indices, [&](llvm::StringRef I) {
              return addressReadsIndex(A, Sums, I);
            }))
          Found = It->second;
      }
      if (Found == NoNode)
        return {};
      if (By.empty())
        By = T.text(Found).str();
    }
  }
  return By;
}

/// See OffsetEvidence::RowsOfWiderAccessBy. The extra axis's term of the
/// wider access (with its buffer), or empty.
std::string rowsOfWiderAccess(NodeId Site, llvm::ArrayRef<Use> List) {
  std::string By;
  for (const Use &U : List) {
    FunctionAnalysis &A = *U.A;
    const PySyntaxTree &T = A.tree();
    // A block pointer spans a tile of its tensor, not one row's element.
    if (!T.contains(A.function().Definition, Site) ||
        U.Access->Op == MemoryOp::MakeBlockPtr ||
        U.Access->BoundaryCheck != NoNode)
      return {};
    llvm::SmallVector<llvm::StringRef, 2> Mine;
    llvm::SmallVector<NodeId, 2> MyTerms;
    if (!addressLanes(A, U.Access->Pointer, Mine, MyTerms) || Mine.size() > 1)
      return {};
    llvm::StringRef MyBuffer = baseBuffer(A, U.Access->Pointer);
    if (MyBuffer.empty())
      return {};
    // Any term of the address walks the table's rows, the row indices'
    // products and the lanes' (`offs_s * stride_dt_seqlen`) alike.
    llvm::SmallVector<llvm::StringRef, 4> Indices;
    rowIndices(A, U.Access->Pointer, Indices);
    std::string Found;
    for (const MemoryAccess &Other : A.function().Accesses) {
      if (&Other == U.Access || Other.Op == MemoryOp::MakeBlockPtr)
        continue;
      llvm::StringRef TheirBuffer = baseBuffer(A, Other.Pointer);
      if (TheirBuffer.empty() || TheirBuffer == MyBuffer)
        continue;
      llvm::SmallVector<llvm::StringRef, 2> Theirs;
      llvm::SmallVector<NodeId, 2> TheirTerms;
      if (!addressLanes(A, Other.Pointer, Theirs, TheirTerms) ||
          Theirs.size() <= Mine.size() ||
          !llvm::all_of(Mine, [&](llvm::StringRef L) {
            return llvm::is_contained(Theirs, L);
          }))
        continue;
      // The same rows, as written: every row index of this address is a
      // row index of the other's, or read by its sums (addressReadsIndex:
      // a GQA key tensor indexed by `off_hk = off_h // g` has fewer rows
      // than a table indexed by `off_h`).
      llvm::SmallVector<NodeId, 4> Sums = addressSums(A, Other.Pointer);
      llvm::SmallVector<llvm::StringRef, 4> TheirIndices;
      rowIndices(A, Other.Pointer, TheirIndices);
      if (!llvm::all_of(Indices, [&](llvm::StringRef I) {
            return llvm::is_contained(TheirIndices, I) ||
                   addressReadsIndex(A, Sums, I);
          }))
        continue;
      // The shared lane is a row axis of the wider tile and the extra one
      // its trailing axis (`offs_s[:, None] * stride_x_seqlen + offs_p[None,
      // :] * stride_x_dim`): the table's rows are the tile's rows. A split
      // or batch axis in front (`spk[:, None] * stride_spk + n[None, :]`)
      // makes the other access a few copies of the table, not wider rows.
      if (Theirs.size() != 2 || !llvm::all_of(Mine, [&](llvm::StringRef L) {
            return spelledOnAxis(T, Sums, L, "[:,None]");
          }))
        continue;
      for (unsigned I = 0; I < Theirs.size(); ++I)
        if (!llvm::is_contained(Mine, Theirs[I]) &&
            spelledOnAxis(T, Sums, Theirs[I], "[None,:]")) {
          Found = (TheirTerms[I] != NoNode ? T.text(TheirTerms[I]).str()
                                           : Theirs[I].str()) +
                  "' of '" + TheirBuffer.str();
          break;
        }
      if (!Found.empty())
        break;
    }
    if (Found.empty())
      return {};
    if (By.empty())
      By = std::move(Found);
  }
  return By;
}

/// See OffsetEvidence::ProcessorRowsOf. The leading dimension of the
/// buffers every use reaches, or empty: every host buffer passed to the
/// kernel parameters each use's pointer starts from has one row per
/// processor.
std::string processorRowsOf(RuleContext &Ctx, llvm::ArrayRef<Use> List) {
  std::string Of;
  for (const Use &U : List) {
    auto Buffers = kernelHostBuffers(Ctx, *U.A, U.Access->Pointer);
    if (Buffers.empty() || llvm::any_of(Buffers, [](const HostBuffer *B) {
          return B->ProcessorRows.empty();
        }))
      return {};
    if (Of.empty())
      Of = Buffers.front()->ProcessorRows;
  }
  return Of;
}

/// See OffsetEvidence::ScaledInWideArithmeticBy, Triton's form: the
/// function widens the wrapped value and scales it by a row width, a
/// runtime size or a tl.constexpr dimension by its name (`row_start =
/// pid * row_chunk`; `row_start.to(tl.int64) * X_stride`; fla's `bos =
/// (i_b * T).to(tl.int64)`; `(bos * H + i_h) * K`). The 32-bit product
/// then counts rows of that wider access, and indexes the per-row tables
/// (labels, losses, LSE) beside it unscaled: it passes 2^31 only with 2^31
/// rows. The first such product, or empty.
std::string scaledInWideArithmetic(FunctionAnalysis &A, NodeId Site) {
  const PySyntaxTree &T = A.tree();
  NodeId Body = A.function().Definition;
  std::string By;
  T.walk(Body, [&](NodeId N) {
    if (!By.empty() || T.kind(N) != PyKind::BinaryOperator ||
        T.operatorText(N) != "*" || T.contains(N, Site))
      return;
    for (PyField Side : {PyField::Left, PyField::Right}) {
      NodeId Rows = T.stripParens(T.field(N, Side));
      NodeId Width = T.stripParens(
          T.field(N, Side == PyField::Left ? PyField::Right : PyField::Left));
      // The wrapped value itself, widened: a conversion of a 32-bit value
      // whose wrap site is Site, or a name bound to one. A 64-bit value
      // that merely mixes the wrapped term in (`offsets64 % (s1 * s2)`)
      // does not count its rows.
      NodeId Widened = T.stripParens(A.definition(Rows));
      if (!A.module().isConversion(Widened) || !A.facts(Widened).isInt64())
        continue;
      ValueFacts Narrow = A.facts(
          T.field(T.field(Widened, PyField::Function), PyField::Object));
      if (Narrow.WrapSite != Site || !Narrow.isInt32())
        continue;
      if (isRowWidthFactor(A, Width)) {
        By = T.text(N).str();
        return;
      }
    }
  });
  return By;
}

/// The int32 products of A's function that contain Site and can pass
/// 2^31 themselves, innermost first (`pid_b * (H_in * W_in)` around `H_in *
/// W_in`).
void enclosingWraps(FunctionAnalysis &A, NodeId Site,
                    llvm::SmallVectorImpl<NodeId> &Out) {
  const PySyntaxTree &T = A.tree();
  llvm::SmallVector<NodeId, 4> Found;
  T.walk(A.function().Definition, [&](NodeId N) {
    if (N == Site || !T.contains(N, Site) ||
        T.kind(N) != PyKind::BinaryOperator || T.operatorText(N) != "*")
      return;
    ValueFacts F = A.facts(N);
    if (F.isInt32() && F.Mag == Magnitude::Large)
      Found.push_back(N);
  });
  // A walk visits outer nodes first: innermost first is the reverse.
  Out.append(Found.rbegin(), Found.rend());
}

/// The tier of a wrap site, given the evidence of the accesses it reaches.
Confidence siteTier(RuleContext &Ctx, NodeId Site, llvm::ArrayRef<Use> List,
                    std::string &Why) {
  FunctionAnalysis &Owner = owner(*List.front().A, Ctx.T, Site);
  kerneltidy::OffsetEvidence Evidence =
      evidenceOf(Owner, Ctx.T, Site, *List.front().Access);
  Evidence.OnlyScalarAccesses = llvm::all_of(
      List, [&](const Use &U) { return isScalarAccess(*U.A, *U.Access); });
  Evidence.LanesScaledElsewhereBy = lanesScaledElsewhere(Site, List);
  if (Evidence.LanesScaledElsewhereBy.empty())
    Evidence.RowsOfWiderAccessBy = rowsOfWiderAccess(Site, List);
  Evidence.ProcessorRowsOf = processorRowsOf(Ctx, List);
  Evidence.ScaledInWideArithmeticBy = scaledInWideArithmetic(Owner, Site);
  return kerneltidy::widthConfidence(Evidence, Why);
}

/// What one finding reports: the term of the address that names it (the
/// most confident of the wrap site and the address's other wrapping terms,
/// issue 23's one finding per address), its tier and the reason.
struct Primary {
  NodeId Site = NoNode;
  FunctionAnalysis *Owner = nullptr;
  Confidence Tier = Confidence::Low;
  std::string Why;
};

Primary primaryOf(RuleContext &Ctx, NodeId Site, llvm::ArrayRef<Use> List) {
  // The other terms of every address the wrap site reaches.
  llvm::SmallVector<std::pair<NodeId, Use>, 4> Others;
  for (const Use &U : List) {
    llvm::SmallVector<NodeId, 4> Terms;
    otherAddressTerms(*U.A, U.Access->Pointer, Site, Terms);
    for (NodeId P : Terms)
      if (llvm::none_of(Others, [&](const auto &O) { return O.first == P; }))
        Others.push_back({P, U});
  }
  Primary Best;
  Best.Site = Site;
  Best.Owner = &owner(*List.front().A, Ctx.T, Site);
  Best.Tier = siteTier(Ctx, Site, List, Best.Why);
  // When the wrap site is harmless by its evidence (the low tier), another
  // term of the address that wraps itself, more confidently, names the
  // finding: `feat_pid * input_feat_stride` stays inside one sample, the
  // batch term beside it is where the address wraps. Otherwise the first
  // wrap site names it, as it always did.
  if (Best.Tier != Confidence::Low)
    return Best;
  for (const auto &[P, U] : Others) {
    FunctionAnalysis &PO = owner(*U.A, Ctx.T, P);
    if (PO.facts(P).Mag != Magnitude::Large)
      continue;
    std::string Why;
    Confidence Tier = siteTier(Ctx, P, {U}, Why);
    if (Tier > Best.Tier) {
      Best.Site = P;
      Best.Owner = &PO;
      Best.Tier = Tier;
      Best.Why = std::move(Why);
    }
  }
  return Best;
}

} // namespace

Confidence wrapSiteConfidence(RuleContext &Ctx, NodeId Site, std::string &Why) {
  llvm::SmallVector<NodeId, 16> Order;
  llvm::DenseMap<NodeId, llvm::SmallVector<Use, 4>> Uses;
  gatherWrapUses(Ctx, Order, Uses);
  auto It = Uses.find(Site);
  if (It == Uses.end() || It->second.empty()) {
    Why.clear();
    return Confidence::Medium;
  }
  Primary P = primaryOf(Ctx, Site, It->second);
  Why = std::move(P.Why);
  return P.Tier;
}

void runInt32Offset(RuleContext &Ctx) {
  // One finding per wrap site, with a note at every access line its wrapped
  // value reaches (the fix is at the wrap site; the uses show how far it
  // goes). Accesses are gathered first, across the kernel analyses and the
  // helper contexts, so a wrap site used by several accesses is reported once.
  llvm::SmallVector<NodeId, 16> Order;
  llvm::DenseMap<NodeId, llvm::SmallVector<Use, 4>> Uses;
  gatherWrapUses(Ctx, Order, Uses);
  llvm::DenseSet<NodeId> Reported;
  for (NodeId WrapSite : Order) {
    const llvm::SmallVector<Use, 4> &List = Uses[WrapSite];
    const MemoryAccess &First = *List.front().Access;
    std::string Op = accessName(First) ? std::string(accessName(First))
                                       : "tl." + First.Callee.str();
    Primary P = primaryOf(Ctx, WrapSite, List);
    // Two wrap sites of one address name the same term once.
    if (!Reported.insert(P.Site).second)
      continue;
    // Reachability (lib/model/ExtentMaxima.h): a term whose every factor
    // has a realistic maximum within 2^31 - 1 together is no finding. The
    // product around it may still wrap (`pid_b * (H_in * W_in)`: one plane
    // cannot pass 2^31, the batch of planes can), as may another term of
    // the same address (`nc * plane_stride` beside `oh * OW`): the first of
    // those that can names the finding, as the C++ check keeps the outer
    // wraps of a chain.
    kerneltidy::WrapReach Reach =
        kerneltidy::wrapReach(evidenceOf(*P.Owner, Ctx.T, P.Site, First),
                              Ctx.Options.Maxima, Int32Limit);
    if (!Reach.Reachable) {
      FunctionAnalysis &Owner = *P.Owner;
      NodeId Site = P.Site;
      llvm::SmallVector<NodeId, 4> Enclosing, Terms;
      enclosingWraps(Owner, Site, Enclosing);
      llvm::SmallVector<std::pair<NodeId, FunctionAnalysis *>, 8> Candidates;
      for (NodeId C : Enclosing)
        Candidates.push_back({C, &Owner});
      for (const Use &U : List) {
        Terms.clear();
        otherAddressTerms(*U.A, U.Access->Pointer, Site, Terms);
        for (NodeId C : Terms)
          Candidates.push_back({C, &owner(*U.A, Ctx.T, C)});
      }
      bool Found = false;
      for (auto [C, CO] : Candidates) {
        if (Reported.count(C) || CO->facts(C).Mag != Magnitude::Large)
          continue;
        kerneltidy::WrapReach CR = kerneltidy::wrapReach(
            evidenceOf(*CO, Ctx.T, C, First), Ctx.Options.Maxima, Int32Limit);
        if (!CR.Reachable)
          continue;
        Reported.insert(C);
        P.Site = C;
        P.Owner = CO;
        P.Tier = siteTier(Ctx, C, List, P.Why);
        Reach = std::move(CR);
        Found = true;
        break;
      }
      if (!Found)
        continue;
    }
    NodeId Site = P.Site;
    FunctionAnalysis &Owner = *P.Owner;
    Finding &F = Ctx.report(
        Int32OffsetId, Site,
        "offset '" + Ctx.quote(Site) +
            "' is computed in 32-bit 'int32' and can wrap before it "
            "reaches the pointer of '" +
            Op + "'");
    // One note per access line (a line with several loads is one use), at
    // most MaxUseNotes; the last one counts the rest.
    constexpr unsigned MaxUseNotes = 8;
    llvm::DenseSet<unsigned> Lines;
    Lines.insert(Ctx.T.node(Site).Line);
    unsigned Shown = 0, Rest = 0;
    Note *Last = nullptr;
    for (const Use &U : List) {
      const MemoryAccess &Access = *U.Access;
      if (!Lines.insert(Ctx.T.node(Access.Call).Line).second)
        continue;
      if (Shown == MaxUseNotes) {
        ++Rest;
        continue;
      }
      ++Shown;
      std::string UseOp = accessName(Access)
                              ? std::string(accessName(Access))
                              : "tl." + Access.Callee.str();
      Last = &Ctx.note(F, Access.Call,
                       "the wrapped offset is used by '" + UseOp + "' here");
    }
    if (Rest && Last)
      Last->Message += " (and by " + std::to_string(Rest) +
                       " more access" + (Rest == 1 ? "" : "es") + ")";
    if (!Reach.Witness.empty())
      Ctx.note(F, Site,
               "wraps once '" + Ctx.quote(Site) + "' exceeds " +
                   std::to_string(Int32Limit) + " (e.g. " + Reach.Witness +
                   ")");
    Ctx.addWideningNote(F, Owner, Site);
    F.Confidence = kerneltidy::confidenceName(P.Tier).str();
    Ctx.note(F, Site, kerneltidy::confidenceNote(P.Tier, P.Why));
  }
}

} // namespace kerneltidy::triton
