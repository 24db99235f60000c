//===- OffsetEvidence.cpp - the width policy over offset evidence ----------===//
#include "lib/model/OffsetEvidence.h"
#include "lib/model/ExtentMaxima.h"
#include <cctype>

namespace kerneltidy {

llvm::StringRef factorRoleName(FactorRole R) {
  switch (R) {
  case FactorRole::Constant:
    return "constant";
  case FactorRole::Hardware:
    return "hardware index";
  case FactorRole::GridIndex:
    return "grid index";
  case FactorRole::SmallIndex:
    return "small index";
  case FactorRole::Size:
    return "size";
  case FactorRole::Unknown:
    break;
  }
  return "unknown";
}

/// The components of an identifier: 'pid_h' -> pid, h; 'headIdx' -> head,
/// idx; 'num_heads' -> num, heads; 'RSTD_row_stride' -> rstd, row, stride.
/// Lowercase. A word starts at an uppercase letter that follows a lowercase
/// one in the name as written, so an all-caps name ('LSE', 'HV') is one word.
llvm::SmallVector<std::string, 4> nameComponents(llvm::StringRef Name) {
  llvm::SmallVector<std::string, 4> Out;
  std::string Cur;
  auto Flush = [&] {
    if (!Cur.empty())
      Out.push_back(Cur);
    Cur.clear();
  };
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (!std::isalnum(static_cast<unsigned char>(C))) {
      Flush();
      continue;
    }
    if (std::isupper(static_cast<unsigned char>(C)) && !Cur.empty() &&
        std::islower(static_cast<unsigned char>(Name[I - 1])))
      Flush();
    Cur += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  }
  Flush();
  return Out;
}

FactorRole roleFromName(llvm::StringRef Name) {
  // A stride or size of a small dimension ('stride_h', 'head_stride') is the
  // extent of what follows it, not a small index: only index and count
  // names qualify.
  // Likewise a head's dimension ('D_HEAD', 'head_dim', 'head_size') is a
  // size of each head, not a head index or count.
  auto Parts = nameComponents(Name);
  for (const std::string &P : Parts)
    if (P == "stride" || P == "strides" || P == "offset" || P == "ptr" ||
        P == "dim" || P == "size" || P == "d")
      return FactorRole::Unknown;
  for (const std::string &P : Parts) {
    llvm::StringRef S(P);
    if (S == "head" || S == "heads" || S == "nh" || S == "nheads" ||
        S == "hq" || S == "hk" || S == "hv" || S == "expert" ||
        S == "experts" || S == "rank" || S == "ranks" || S == "layer" ||
        S == "layers" || S == "stage" || S == "stages" || S == "lane" ||
        S == "warp" || S == "warps" || S == "tile" || S == "lora")
      return FactorRole::SmallIndex;
  }
  return FactorRole::Unknown;
}

/// A name component that names heads ('head', 'nh', 'hv'; a lone 'h' only
/// beside 'stride', where isHeadStrideName allows it).
static bool isHeadWord(llvm::StringRef S) {
  return S == "head" || S == "heads" || S == "nh" || S == "hq" ||
         S == "hk" || S == "hv";
}

bool isHeadCountName(llvm::StringRef Name) {
  if (roleFromName(Name) != FactorRole::SmallIndex)
    return false;
  for (const std::string &P : nameComponents(Name))
    if (isHeadWord(P) || P == "nheads")
      return true;
  return false;
}

llvm::SmallVector<llvm::StringRef, 4>
innermostStrideParams(llvm::ArrayRef<llvm::StringRef> ParamNames) {
  llvm::SmallVector<llvm::StringRef, 4> Out;
  auto IsStride = [](llvm::StringRef N) {
    if (N.size() > 1 && N.lower().find("stride") != std::string::npos)
      return true;
    // The abbreviation of fla and others: 's_t', 'k_s_t', 'state_s_c'.
    llvm::SmallVector<llvm::StringRef, 4> W;
    N.split(W, '_');
    return W.size() >= 2 && W[W.size() - 2] == "s" && W.back().size() == 1;
  };
  for (size_t I = 0; I < ParamNames.size();) {
    if (!IsStride(ParamNames[I])) {
      ++I;
      continue;
    }
    llvm::StringRef Stem = ParamNames[I].drop_back();
    size_t J = I + 1;
    while (J < ParamNames.size() && IsStride(ParamNames[J]) &&
           ParamNames[J].drop_back() == Stem)
      ++J;
    if (J - I >= 2)
      Out.push_back(ParamNames[J - 1]);
    I = J;
  }
  return Out;
}

/// A stride whose dimension Dim names: the component after or before
/// 'stride', or the last one ('stride_h', 'k_stride_h', 'r_h_stride'); in
/// the abbreviated form of fla ('state_s_c', 'k_s_h'), the letter after 's'.
static bool isStrideOf(llvm::StringRef Name,
                       bool (*Dim)(llvm::StringRef Component)) {
  llvm::SmallVector<llvm::StringRef, 4> Words;
  Name.split(Words, '_');
  if (Words.size() >= 2 && Words[Words.size() - 2] == "s" &&
      Words.back().size() == 1)
    return Dim(Words.back().lower());
  auto Parts = nameComponents(Name);
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I] == "stride" &&
        ((I + 1 < Parts.size() && Dim(Parts[I + 1])) ||
         (I > 0 && Dim(Parts[I - 1])) ||
         (Parts.size() > 1 && Dim(Parts.back()))))
      return true;
  return false;
}

bool isHeadStrideName(llvm::StringRef Name) {
  return isStrideOf(Name,
                    [](llvm::StringRef S) { return S == "h" || isHeadWord(S); });
}

bool isChannelStrideName(llvm::StringRef Name) {
  return isStrideOf(Name, [](llvm::StringRef S) {
    return S == "c" || S == "ch" || S == "channel" || S == "channels" ||
           S == "feat" || S == "feature" || S == "features";
  });
}

bool isElementCountName(llvm::StringRef Name) {
  for (const std::string &P : nameComponents(Name)) {
    llvm::StringRef S(P);
    if (S == "numel" || S == "nelements" || S == "elements" ||
        S == "elems" || S == "size" || S == "sizes" || S == "total" ||
        S == "count" || S == "len" || S == "length" || S == "nnz" ||
        S == "bytes" || S == "capacity")
      return true;
  }
  return false;
}

bool isRecurrentParameterName(llvm::StringRef Name) {
  // PyTorch's names of an RNN, LSTM or GRU layer's parameters: 'w_ih',
  // 'w_hh', 'weight_ih_l0', 'b_hh', 'bias_ih' (and their strides).
  auto Parts = nameComponents(Name);
  for (size_t I = 0; I + 1 < Parts.size(); ++I)
    if ((Parts[I] == "w" || Parts[I] == "weight" || Parts[I] == "b" ||
         Parts[I] == "bias") &&
        (Parts[I + 1] == "ih" || Parts[I + 1] == "hh"))
      return true;
  return false;
}

bool isRowWidthName(llvm::StringRef Name) {
  if (auto R = extentRoleFromName(Name))
    return *R == ExtentRole::RowWidth || *R == ExtentRole::HeadDim ||
           *R == ExtentRole::ImageSide;
  if (Name == "ne0" || Name == "ne00")
    return true;
  auto Parts = nameComponents(Name);
  for (const std::string &P : Parts)
    if (P == "stride" || P == "offset" || P == "ptr")
      return false;
  for (const std::string &P : Parts)
    if (P == "ncols" || P == "ncol" || P == "cols" || P == "columns" ||
        P == "width" || P == "dim")
      return true;
  return false;
}

bool isSideTableName(llvm::StringRef Name) {
  for (const std::string &P : nameComponents(Name)) {
    llvm::StringRef S(P);
    if (S == "lse" || S == "rstd" || S == "mean" || S == "scale" ||
        S == "scales" || S == "stats" || S == "stat" || S == "lock" ||
        S == "locks" || S == "counter" || S == "counters" || S == "bias" ||
        S == "zeros" || S == "lora" || S == "cos" || S == "sin" ||
        S == "freqs")
      return true;
  }
  return false;
}

llvm::SmallVector<OffsetFactor, 2> factorsFromText(llvm::StringRef Product) {
  llvm::SmallVector<OffsetFactor, 2> Out;
  size_t I = 0;
  while (I < Product.size()) {
    char C = Product[I];
    if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') {
      size_t J = I;
      while (J < Product.size() &&
             (std::isalnum(static_cast<unsigned char>(Product[J])) ||
              Product[J] == '_' || Product[J] == '.'))
        ++J;
      llvm::StringRef Tok = Product.slice(I, J);
      // 'tl.program_id', 'x.stride' and the like: the last component.
      llvm::StringRef Last = Tok.rsplit('.').second.empty()
                                 ? Tok
                                 : Tok.rsplit('.').second;
      if (Last != "to" && Last != "int64" && Last != "int32" &&
          !Tok.starts_with("tl.") && !Tok.starts_with("static_cast"))
        Out.push_back({Tok.str(), roleFromName(Last)});
      I = J;
    } else if (std::isdigit(static_cast<unsigned char>(C))) {
      size_t J = I;
      while (J < Product.size() &&
             std::isalnum(static_cast<unsigned char>(Product[J])))
        ++J;
      Out.push_back({Product.slice(I, J).str(), FactorRole::Constant});
      I = J;
    } else {
      ++I;
    }
  }
  return Out;
}

/// The first name inside a non-constant factor of E ('RSTD_row_stride' in
/// 'row * RSTD_row_stride') that Pred accepts; empty when none does.
static std::string nameInFactors(const OffsetEvidence &E,
                                 bool (*Pred)(llvm::StringRef)) {
  for (const OffsetFactor &F : E.Factors)
    if (F.Role != FactorRole::Constant)
      for (const OffsetFactor &Name : factorsFromText(F.Text))
        if (Pred(Name.Text))
          return Name.Text;
  return {};
}

Confidence widthConfidence(const OffsetEvidence &E, std::string &Why) {
  if (!E.NeverInstantiatedTemplate.empty()) {
    Why = "template '" + E.NeverInstantiatedTemplate +
          "' is never instantiated in its source file: no build compiles it";
    return Confidence::Low;
  }
  for (const OffsetFactor &F : E.Factors)
    if (F.Role == FactorRole::SmallIndex) {
      Why = "'" + F.Text + "' is a small index (head, expert, rank, layer, "
                           "stage, tile, lane or warp)";
      return Confidence::Low;
    }
  if (!E.ScaledInWideArithmeticBy.empty()) {
    Why = "the kernel scales the same term by a row width in 64 bits ('" +
          E.ScaledInWideArithmeticBy +
          "'): it counts rows, and a per-row table passes 2^31 entries only "
          "with 2^31 rows";
    return Confidence::Low;
  }
  if (!E.LanesScaledElsewhereBy.empty()) {
    Why = "its accesses walk one element per row of another access, which "
          "scales the same lanes by a row width ('" +
          E.LanesScaledElsewhereBy +
          "'): a per-row table passes 2^31 entries only with 2^31 rows";
    return Confidence::Low;
  }
  if (!E.RowsOfWiderAccessBy.empty()) {
    Why = "its accesses read one element per row of another access, which "
          "reads the same rows with one more axis ('" +
          E.RowsOfWiderAccessBy +
          "'): a per-row table passes 2^31 entries only with 2^31 rows";
    return Confidence::Low;
  }
  if (!E.ProcessorRowsOf.empty()) {
    Why = "every buffer it reaches is allocated with one row per processor "
          "of the device ('" +
          E.ProcessorRowsOf +
          "'): a per-program scratch, far smaller than the activations";
    return Confidence::Low;
  }
  if (E.OnlyScalarAccesses) {
    Why = "every access it reaches is one element per program (a per-row "
          "scalar): its table passes 2^31 entries only with 2^31 rows";
    return Confidence::Low;
  }
  if (!E.Buffer.empty() && isSideTableName(E.Buffer)) {
    Why = "'" + E.Buffer + "' is a side table, far smaller than the "
                           "activations";
    return Confidence::Low;
  }
  // A stride or index named for a side table ('row * RSTD_row_stride',
  // 'pid * stride_lse'): the product walks that table, whatever name the
  // pointer it reaches has after reassignments.
  if (std::string Name = nameInFactors(E, isSideTableName); !Name.empty()) {
    Why = "'" + Name + "' is named for a side table, far smaller than the "
                       "activations";
    return Confidence::Low;
  }
  // The parameters of a recurrent layer ('(k * hidden + offs_h) *
  // w_ih_stride_r', 'offs_h * b_hh_stride'): gates x hidden x input, at
  // most 4 x 16k x 16k = 2^30 elements for any hidden and input size up to
  // 16k. Measured on the Triton heads: 16 false findings, no true one.
  if (std::string Name = nameInFactors(E, isRecurrentParameterName);
      !Name.empty() ||
      (!E.Buffer.empty() && isRecurrentParameterName(E.Buffer))) {
    Why = "'" + (Name.empty() ? E.Buffer : Name) +
          "' is named for a recurrent layer's parameters (gates x hidden x "
          "input), far below 2^31 elements";
    return Confidence::Low;
  }
  if (!E.InnermostStride.empty()) {
    Why = "'" + E.InnermostStride +
          "' is the innermost stride of its tensor (the last of its stride "
          "parameters): 1 when the tensor is contiguous, so the product stays "
          "within one row";
    return Confidence::Low;
  }
  // The stride of the head dimension ('h * k_stride_h', 'n * stride_w_H'):
  // the product stays inside one token's (or one row's) heads, H times
  // that stride; the row term that multiplies the large extent is another
  // product. Measured on the Triton heads: 27 false, none true.
  if (std::string Name = nameInFactors(E, isHeadStrideName); !Name.empty()) {
    Why = "'" + Name + "' is the stride of a head dimension: the product "
                       "stays within the heads of one row";
    return Confidence::Low;
  }
  // The stride of a channel (or feature) dimension ('feat_pid *
  // input_feat_stride', 'c * x_stride_c'): the product stays inside one
  // sample, C times that stride; the batch term is another product (and
  // names the finding when it wraps, Int32OffsetRule's primaryOf).
  if (std::string Name = nameInFactors(E, isChannelStrideName);
      !Name.empty()) {
    Why = "'" + Name + "' is the stride of a channel dimension: the product "
                       "stays within one sample";
    return Confidence::Low;
  }
  // A stride specialised into the code (a Triton tl.constexpr named for a
  // stride): the code shows its name, not its size, and kernels pass small
  // tables' strides that way as often as activations'. Measured on the
  // Triton heads when such strides became extents: 58 true of 136.
  if (!E.ConstexprStride.empty()) {
    Why = "'" + E.ConstexprStride +
          "' is a stride fixed at compile time: the kernel passes small "
          "tables' strides this way as often as activations', and its value "
          "is not in the source";
    return Confidence::Low;
  }
  unsigned Sizes = 0, Grid = 0;
  for (const OffsetFactor &F : E.Factors) {
    Sizes += F.Role == FactorRole::Size;
    Grid += F.Role == FactorRole::GridIndex || F.Role == FactorRole::Hardware;
  }
  if (E.NarrowedSize && E.NarrowedFromOpaqueValue) {
    Why = "a 64-bit value of unknown extent ('" +
          (E.Factors.empty() ? std::string() : E.Factors.front().Text) +
          "': a field, a loaded value or a call that no name calls an "
          "element count) is held in 32 bits";
    return Confidence::Low;
  }
  if (E.NarrowedSize) {
    Why = "a size is held in 32 bits";
    return Confidence::High;
  }
  if (Sizes >= 2) {
    Why = "two sizes multiply";
    return Confidence::High;
  }
  if (Sizes == 1) {
    Why = Grid ? "a size times a grid index" : "a size times another factor";
    return Confidence::Medium;
  }
  if (E.GridIndexUse == OffsetEvidence::GridUse::IndexesElements &&
      !E.ComparedOnlyWithRowWidth.empty()) {
    Why = "a global thread index tested only against one row's width or "
          "one image plane ('" +
          E.ComparedOnlyWithRowWidth +
          "'): it stays within it, which passes 2^31 only at widths and "
          "image sides far beyond real ones";
    return Confidence::Low;
  }
  if (E.GridIndexUse == OffsetEvidence::GridUse::IndexesElements) {
    Why = "a global thread index used as an element offset: wraps once one "
          "launch covers 2^31 elements";
    return Confidence::Medium;
  }
  if (E.GridIndexUse == OffsetEvidence::GridUse::CountsRows) {
    Why = "a grid index that the kernel multiplies by a size: it counts "
          "rows, and wraps only with 2^31 rows";
    return Confidence::Low;
  }
  Why = "a grid index, wrapping only on a launch with that many threads";
  return Confidence::Low;
}

} // namespace kerneltidy
