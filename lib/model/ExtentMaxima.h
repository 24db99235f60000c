//===- ExtentMaxima.h - realistic maxima per role, witnesses --*- C++ -*-===//
//
// Reachability, not width (issue 23): an offset is reported only when its
// wrapping term can pass the 32-bit limit at shapes within realistic maxima
// per role. The roles and their maxima are one table (ExtentMaxima.def),
// overridable per check option of kernel-int32-offset; both front ends read
// the same keys.
//
// Terms:
//   extent role  what a factor counts, from its name: tokens ('token_idx',
//                'num_tokens', 'T'), sequences ('batch_i', 'seq_idx',
//                'req'), a row width ('hidden_size', 'channels', 'C'), heads
//                ('head_idx', 'nheads'), a head dimension ('head_dim'),
//                experts, top-k, lanes, warps. An index and the count it
//                runs below share a role. A stride, pointer or offset has
//                none: its extent is the product of the dimensions inside
//                it.
//   maximum      the largest value of a factor: a literal's value, a hardware
//                index's block size, a role's row of the table, products and
//                sums of those; none where any part has none.
//   witness      a shape at which the term wraps, in the kernel's own names
//                ("e.g. tokenIdx = 32,769 with hiddenDim = 65,536"): the
//                factors that have a maximum at it, the one factor without
//                one just past the limit.
//
// Names are the weakest evidence: a maximum read from a name only ever
// removes a finding whose every factor is bounded, or words its witness.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_MODEL_EXTENTMAXIMA_H
#define KERNEL_TIDY_LIB_MODEL_EXTENTMAXIMA_H

#include "lib/model/OffsetEvidence.h"
#include "llvm/ADT/StringRef.h"
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace kerneltidy {

enum class ExtentRole : uint8_t {
#define KT_EXTENT_ROLE(Id, Noun, Option, Default) Id,
#include "lib/model/ExtentMaxima.def"
#undef KT_EXTENT_ROLE
};

inline constexpr unsigned NumExtentRoles = 0
#define KT_EXTENT_ROLE(Id, Noun, Option, Default) +1
#include "lib/model/ExtentMaxima.def"
#undef KT_EXTENT_ROLE
    ;

/// The role's noun ("tokens"), its check option ("MaxTokens") and default.
llvm::StringRef extentRoleNoun(ExtentRole R);
llvm::StringRef extentRoleOption(ExtentRole R);
uint64_t extentRoleDefault(ExtentRole R);

/// The role a name gives a factor ('tokenIdx' -> Tokens, 'hidden_size' ->
/// RowWidth, 'head_dim' -> HeadDim, 'stride_t' -> none).
std::optional<ExtentRole> extentRoleFromName(llvm::StringRef Name);

/// The maxima in force: the table's defaults, or a configuration's.
class ExtentMaxima {
public:
  ExtentMaxima();
  /// Maxima from `kernel-int32-offset.<Option>` keys of a CheckOptions map
  /// (as `.kernel-tidy.yaml` spells them); a missing key, or a value that is
  /// not a whole number, keeps the default.
  static ExtentMaxima
  fromCheckOptions(const std::map<std::string, std::string> &CheckOptions);
  /// The maximum of a role; 0 when it has none.
  uint64_t of(ExtentRole R) const;
  void set(ExtentRole R, uint64_t Max) {
    Max_[static_cast<unsigned>(R)] = Max;
  }
  /// The largest value of a factor written Text ('tokenIdx', 'n_tok *
  /// n_head', '(chunk + t)', '64'), or none. FromRole, when given, says
  /// whether a name's role gave part of it (not only literals).
  std::optional<uint64_t> maximumOf(llvm::StringRef Text,
                                    bool *FromRole = nullptr) const;

private:
  std::array<uint64_t, NumExtentRoles> Max_;
};

/// What the maxima say of one wrapping term.
struct WrapReach {
  /// False when every factor has a maximum and their product stays within
  /// the limit: the term cannot wrap at any shape of the table.
  bool Reachable = true;
  /// The witness ("tokenIdx = 32,769 with hiddenDim = 65,536"); empty when
  /// no factor has a maximum from its role, or more than one has none.
  std::string Witness;
};

/// Whether the wrapping term of E can pass Limit (2^31 - 1 for a signed
/// 32-bit type, 2^32 - 1 for an unsigned one) under M, and a witness.
WrapReach wrapReach(const OffsetEvidence &E, const ExtentMaxima &M,
                    uint64_t Limit);

/// 1234567 -> "1,234,567".
std::string groupDigits(uint64_t V);

} // namespace kerneltidy

#endif
