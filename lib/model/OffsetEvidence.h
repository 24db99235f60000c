//===- OffsetEvidence.h - what is known of an offset that can wrap -*- C++ -*-===//
//
// The language-neutral record of one 32-bit offset that can wrap before it
// reaches an address, filled by the C++ and the Triton front ends, and the
// one policy that gives it a confidence tier.
//
// Terms:
//   wrapping term  the product (or truncated size) that can pass 2^31
//   factor         one operand of the wrapping product, with its role
//   role           what the factor is, from the strongest evidence at hand:
//                    Constant     a literal, constexpr, template or
//                                 tl.constexpr value
//                    Hardware     a thread, lane or warp index inside a block
//                    GridIndex    a block or program id (bounded by the grid)
//                    SmallIndex   a head, expert, rank, layer, stage, tile,
//                                 lane, warp or LoRA index or count: named so
//                                 in the source, bounded by the model's
//                                 configuration, far below 2^16
//                    Size         a runtime size, stride or count
//                    Unknown      nothing is known
//   buffer         the tensor or array the address indexes, when it has a
//                  name; a *side table* is one whose name says it holds a few
//                  values per row, head or group (scales, LSE, mean/rstd,
//                  statistics, locks, counters, rotary cos/sin/freqs
//                  tables): its extent is far below the
//                  activation's, so an offset into it cannot reach 2^31 at a
//                  shape where the activation fits on one GPU.
//
// Evidence from names is the weakest kind and is used only to *lower* a
// tier; a wrap is never created from a name.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_MODEL_OFFSETEVIDENCE_H
#define KERNEL_TIDY_LIB_MODEL_OFFSETEVIDENCE_H

#include "lib/model/Confidence.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace kerneltidy {

enum class FactorRole : uint8_t {
  Constant,
  Hardware,
  GridIndex,
  SmallIndex,
  Size,
  Unknown
};

llvm::StringRef factorRoleName(FactorRole R);

struct OffsetFactor {
  std::string Text; ///< as written ('pid_h', 'stride_b')
  FactorRole Role = FactorRole::Unknown;
};

struct OffsetEvidence {
  llvm::SmallVector<OffsetFactor, 2> Factors; ///< of the wrapping product
  /// The wrapping term is a 64-bit size held (truncated) in 32 bits, not a
  /// product.
  bool NarrowedSize = false;
  /// For a narrowed size: the 64-bit value is of unknown extent (a struct
  /// field, a value loaded from memory, a call) and nothing names it an
  /// element count ('qr.y', 'seqlens[b]', 'src.dim()', 'fastdiv(k, n)'),
  /// rather than a 64-bit parameter, a 64-bit product or a count by its
  /// name ('numel', 'n_elements', 'size()'). Measured on the C++ heads: 4
  /// true of 116 narrowed sizes, most of them of this kind.
  bool NarrowedFromOpaqueValue = false;
  /// The buffer indexed, when it has a name ('lse_ptr', 'scales').
  std::string Buffer;
  /// When the function scales this same term by a row width in 64 bits to
  /// reach another buffer ('static_cast<int64_t>(token * nheads + head) *
  /// dim'), that product: the term counts rows of the wider access, so the
  /// 32-bit one indexes a per-row table (class 1 of issue 23).
  std::string ScaledInWideArithmeticBy;
  /// The lanes of every access the offset reaches are rows of another
  /// access of the kernel: each such access adds its lane index unscaled
  /// ('M + off_hz * N_CTX + offs_m') while another scales the same index by
  /// a row width ('offs_m[:, None] * stride_qm', '* HEAD_DIM'), that
  /// product. The buffer holds one element per row of the wider one (an LSE, a delta, a
  /// row statistic): its offset passes 2^31 only once the wider tensor holds
  /// 2^31 rows (class 1 of issue 23).
  std::string LanesScaledElsewhereBy;
  /// Every access the offset reaches walks at most one lane axis (a vector
  /// of rows, or one element per program), and another access of the kernel,
  /// to another buffer, reads every program and loop index of that address
  /// and the same lane, plus a second lane axis: that axis's term. Mamba's
  /// per-(batch, head, token) scalars `DT + pid_b * stride_dt_batch + ... +
  /// offs_s * stride_dt_seqlen` beside `Out + ... + offs_s[:, None] *
  /// stride_o_seqlen + offs_p[None, :] * stride_o_dim`: the table holds one
  /// element per row of the wider tensor, which passes 2^31 entries only
  /// once that tensor holds 2^31 rows of a head's width (class 1 of issue
  /// 23).
  std::string RowsOfWiderAccessBy;
  /// Every access the offset reaches indexes a buffer that each launch in
  /// the file allocates with one row per processor of the device
  /// (`torch.empty((sm_count, N))`, `sm_count = ...multi_processor_count`):
  /// a persistent grid's per-program scratch (layer norms' partial weight
  /// gradients), whose rows are the device's processors, not the tensor's.
  /// That leading dimension, empty otherwise.
  std::string ProcessorRowsOf;
  /// Every access the offset reaches reads or writes one element per
  /// program (Triton: a load or store whose pointer is not per lane, no
  /// block pointer): a per-row scalar, a label, a statistic (class 1).
  bool OnlyScalarAccesses = false;
  /// The kernel or device helper is a template that its source file (not a
  /// header, which other files include) never instantiates: no build
  /// compiles it, so nothing runs it (DeepSpeed's superseded
  /// softmax_backward_kernel). Its name, empty otherwise.
  std::string NeverInstantiatedTemplate;
  /// For a grid index alone (no size factor): how the kernel uses it.
  /// CountsRows: the kernel multiplies it by a runtime size somewhere (a row
  /// or token index; its own wrap needs 2^31 rows). IndexesElements: it is
  /// used as an element offset as it is ('i = blockIdx.x * blockDim.x +
  /// threadIdx.x; y[i] = f(x[i])', or scaled by a constant vector width):
  /// it wraps once one launch covers 2^31 elements, the elementwise kernels'
  /// hazard.
  /// A factor that is the innermost stride of its tensor: the last of a run
  /// of stride parameters that differ only in their final letter
  /// ('stride_am, stride_ak' -> 'stride_ak'; 'x_stride_b, x_stride_t,
  /// x_stride_d' -> 'x_stride_d'; abbreviated, 's_b, s_t, s_d' -> 's_d',
  /// 'k_s_b, k_s_t, k_s_c' -> 'k_s_c'). It is 1 for a contiguous tensor, so the
  /// product walks one row; it is large only for a transposed view, whose
  /// row term then wraps too.
  std::string InnermostStride;
  /// A factor that is a stride passed as a compile-time constant (Triton: a
  /// `tl.constexpr` parameter named for a stride, 'OH_OW_STRIDE'). It is a
  /// tensor's extent, which can be an activation's plane or a small
  /// table's row of 4 or 24: measured on the Triton heads, 58 true of 136.
  std::string ConstexprStride;
  enum class GridUse : uint8_t { Unknown, CountsRows, IndexesElements };
  GridUse GridIndexUse = GridUse::Unknown;
  /// For a grid index that indexes elements: the row width that every
  /// comparison of it in the kernel tests it against ('col < p.ncols',
  /// 'i0 >= ne0', 'j < dim / 2'), when each is one (isRowWidthName). The
  /// launch then spans one row per grid row, whose 2^31 columns no tensor
  /// has; a comparison with an element count ('i < k', 'idx < numel')
  /// leaves it empty.
  std::string ComparedOnlyWithRowWidth;
};

/// The words of an identifier, lowercase: 'pid_h' -> pid, h; 'headIdx' ->
/// head, idx; 'num_heads' -> num, heads. A word starts at an uppercase
/// letter that follows a lowercase one, so an all-caps name ('LSE', 'HV') is
/// one word.
llvm::SmallVector<std::string, 4> nameComponents(llvm::StringRef Name);

/// SmallIndex when a component of Name ('pid_h', 'head_idx', 'expertId',
/// 'num_heads', 'lane') names a head, expert, rank, layer, stage, tile, lane,
/// warp or LoRA slot; Unknown otherwise.
FactorRole roleFromName(llvm::StringRef Name);

/// A head count or head index by its name ('HV', 'num_heads', 'nheads',
/// 'head_idx'; not 'head_dim' or 'stride_h'): a small index of the head
/// role.
bool isHeadCountName(llvm::StringRef Name);

/// A name that says it holds an element count or an extent: 'numel',
/// 'n_elements', 'num_elems', 'size', 'total', 'count', 'len', 'length'.
bool isElementCountName(llvm::StringRef Name);

/// A stride of a head dimension: 'stride_h', 'k_stride_h', 'stride_w_H',
/// 'stride_hv', 'r_h_stride' (the component after or before 'stride', or the
/// last one, names heads).
bool isHeadStrideName(llvm::StringRef Name);

/// A stride of a channel or feature dimension: 'stride_c', 'x_stride_c',
/// 'input_feat_stride', 'output_c_stride'.
bool isChannelStrideName(llvm::StringRef Name);

/// The innermost stride parameters of a kernel's parameter list (see
/// OffsetEvidence::InnermostStride): for each run of two or more
/// consecutive parameters named '...stride...' (or abbreviated '..._s_x',
/// 's_x') that share all but their last character, the last one.
llvm::SmallVector<llvm::StringRef, 4>
innermostStrideParams(llvm::ArrayRef<llvm::StringRef> ParamNames);

/// A name of a recurrent layer's parameters in PyTorch's spelling: 'w_ih',
/// 'w_hh', 'weight_ih_l0', 'b_ih', 'bias_hh', and strides named for them.
bool isRecurrentParameterName(llvm::StringRef Name);

/// A name of a row's width: a row-width or head-dimension role of the
/// maxima table ('hidden_size', 'C', 'head_dim'), or a column count or width
/// ('ncols', 'n_cols', 'cols', 'width', 'dim', ggml's 'ne0' and 'ne00').
bool isRowWidthName(llvm::StringRef Name);

/// A buffer name that says it is a side table (see the file comment).
bool isSideTableName(llvm::StringRef Name);

/// The factor roles of a product written 'a * b * c' (or a single name):
/// each identifier's role from its name; a literal is a Constant.
llvm::SmallVector<OffsetFactor, 2> factorsFromText(llvm::StringRef Product);

/// The tier of a width finding and a short reason for its note:
///   Low     a factor is a small index, or the buffer is a side table, or
///           the term counts rows of a wider access, or every access it
///           reaches is one element per program, or every large factor
///           is a grid or hardware index
///   High    two sizes multiply (or a size is held in 32 bits), with no
///           small-index factor and no side-table buffer
///   Medium  otherwise
Confidence widthConfidence(const OffsetEvidence &E, std::string &Why);

} // namespace kerneltidy

#endif
