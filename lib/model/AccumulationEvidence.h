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
//    is that combination, not a further factor);
//  - a read-modify-write of memory that several programs reach (a buffer
//    row chosen by 'row % GROUP_SIZE_M') is data-sized: every program whose
//    row maps to the same element adds to it.
//
// A sum held in memory is 16-bit when the buffer is, and the element type of
// a buffer may be set only where it is allocated (BufferElementType): a
// fixed 16-bit dtype, or the dtype of an input tensor, which is 16-bit
// whenever that input is.
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

/// The element type of a buffer, as the code that allocates it shows.
enum class BufferElementType : uint8_t {
  Unknown,   // not seen, or a type this model does not know
  Float16,   // fp16 for every input
  BFloat16,  // bf16 for every input
  InputType, // the dtype of an input tensor: 16-bit when that input is
  Wide,      // fp32 or fp64
};

/// The policy: a sum kept in a buffer of type T can be a 16-bit sum.
inline bool mayHold16BitSum(BufferElementType T) {
  return T == BufferElementType::Float16 || T == BufferElementType::BFloat16 ||
         T == BufferElementType::InputType;
}

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
  /// A read-modify-write of memory that a data-sized number of programs
  /// reach; Who names them ("every program whose row maps to the same
  /// buffer row").
  void sharedByPrograms(std::string Who);

  bool dataSized() const { return DataSized; }
  uint64_t count() const { return Count; }
  /// The policy: report this accumulation.
  bool isHazard() const { return DataSized || Count >= ManyAdditions; }
  /// "a data-sized number of additions (the loop to 'n')", "a data-sized
  /// number of additions: every program whose row ...", "32 additions".
  std::string describe() const;

private:
  bool DataSized = false;
  uint64_t Count = 1;
  std::string Bound;
  bool Programs = false; // Bound names programs, not a loop
};

} // namespace kerneltidy

#endif
