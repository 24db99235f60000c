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

#include "lib/model/Confidence.h"
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

/// Where the element an atomic add targets comes from, which says how many
/// threads can add into one element. An atomic is a 16-bit sum across
/// threads; its count per element is not a loop's trip count but the number
/// of threads whose address lands on the element.
enum class AtomicTarget : uint8_t {
  /// The target's index was not followed (too deep, unresolved).
  Unknown,
  /// No part of the address varies with the thread: every thread of the
  /// grid adds into the same element ('atomicAdd(total_weight, w)').
  OneElement,
  /// The address leaves out a grid axis that the kernel reads: every block
  /// along it adds into the same element (split-K partials over
  /// 'blockIdx.z').
  OmitsGridAxis,
  /// The address is picked by data: values read from memory alone (a
  /// histogram bin, an index_add row), or positions computed from loaded
  /// floating-point values (a RoI's sampling points): any number of threads
  /// can pick one element.
  ScatteredByData,
  /// An integer read from memory combined with the thread's own coordinates:
  /// an index an earlier pass saved (a max-pool argmax inside the thread's
  /// plane, an embedding row for the thread's column). How often one element
  /// is picked is the data's (bounded by overlapping windows for an argmax,
  /// not for a frequent token): not known here.
  LoadedIndexBesideCoordinates,
  /// The address is a function of the thread's own coordinates only: each
  /// element receives the threads its coordinate map folds onto it (the
  /// windows of a pooling or interpolation backward, a padding's
  /// reflections), a count the geometry bounds.
  ThreadCoordinates,
};

/// "every thread of the grid adds into one element", ...
std::string describeAtomicTarget(AtomicTarget T);

/// The policy for a 16-bit atomic add: high where the additions per
/// element are grid- or data-sized (one element, an omitted grid axis, a
/// scatter by data), medium where that is not known (an unfollowed address,
/// a helper's parameter, a saved index beside the thread's coordinates), low where the thread's coordinates bound them.
Confidence atomicConfidence(AtomicTarget T, std::string &Why);

/// The policy for a 16-bit accumulator updated across loop iterations,
/// shuffles or a reduction tree (reported only when AdditionCount::isHazard
/// or a tree): medium; low when its type is spelled as an accumulate type
/// ('accscalar_t', 'acc_t', 'opmath_t') that resolved to a 16-bit type, which
/// is what a missing header's mapping (ATen's 'acc_type') looks like.
Confidence accumulatorConfidence(bool SpelledAsAccumulateType,
                                 std::string &Why);

} // namespace kerneltidy

#endif
