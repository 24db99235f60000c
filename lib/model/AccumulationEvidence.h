//===- AccumulationEvidence.h - how many 16-bit additions reach one element -*- C++ -*-===//
//
// The language-neutral record of one 16-bit accumulation and the policy that
// decides whether it is a hazard (issue 26: "an elementwise update is not a
// reduction; few partials are not a hazard").
//
// A 16-bit sum is a hazard when the number of additions that reach one
// element can be large: data-sized (a loop to a runtime bound), grid-sized
// (an atomic add from every block), or a constant count of ManyAdditions or
// more. Below that, a sum keeps growing in both formats (bf16 stops growing
// once it is 256 times its terms; fp16 near 2048 times) and overflows only
// for terms above 65504/256 = 256 in magnitude.
//
// Counting, per accumulator update, over the loops that enclose it inside
// the accumulator's scope:
//  - a loop whose induction variable indexes the updated element ('a[j] +=
//    b[j]' in 'for j') moves to another element each iteration: it adds
//    nothing to one element's count (an elementwise update);
//  - a loop with a constant trip count multiplies the count by it;
//  - any other loop makes the count data-sized;
//  - a warp shuffle combines at most 32 lanes (the butterfly loop around it
//    is that combination, not a further factor).
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_MODEL_ACCUMULATIONEVIDENCE_H
#define KERNEL_TIDY_LIB_MODEL_ACCUMULATIONEVIDENCE_H

#include <cstdint>
#include <string>

namespace kerneltidy {

/// A constant count of additions per element from which a 16-bit sum is
/// reported.
constexpr uint64_t ManyAdditions = 256;

/// The number of 16-bit additions that reach one element.
class AdditionCount {
public:
  /// One loop around the update. Known: its constant trip count.
  void loop(uint64_t TripCount);
  /// One loop whose bound is not a constant; Bound names it ("the loop to
  /// 'n'", "the loop over 'range(0, n)'").
  void dataSizedLoop(std::string Bound);
  /// A warp shuffle: at most 32 lanes meet.
  void warpShuffle();

  bool dataSized() const { return DataSized; }
  uint64_t count() const { return Count; }
  /// The policy: report this accumulation.
  bool isHazard() const { return DataSized || Count >= ManyAdditions; }
  /// "a data-sized number of additions (the loop to 'n')", "32 additions".
  std::string describe() const;

private:
  bool DataSized = false;
  uint64_t Count = 1;
  std::string Bound;
};

} // namespace kerneltidy

#endif
