//===- AccumulationEvidence.cpp - how many 16-bit additions reach one element ===//
#include "lib/model/AccumulationEvidence.h"

#include <limits>

namespace kerneltidy {

void AdditionCount::loop(uint64_t TripCount) {
  if (TripCount == 0)
    return;
  if (Count > std::numeric_limits<uint64_t>::max() / TripCount)
    Count = std::numeric_limits<uint64_t>::max();
  else
    Count *= TripCount;
}

void AdditionCount::dataSizedLoop(std::string LoopBound) {
  if (!DataSized)
    Bound = std::move(LoopBound);
  DataSized = true;
}

void AdditionCount::warpShuffle() { loop(32); }

void AdditionCount::sharedByPrograms(std::string Who) {
  if (!DataSized) {
    Bound = std::move(Who);
    Programs = true;
  }
  DataSized = true;
}

std::string AdditionCount::describe() const {
  if (DataSized) {
    if (Bound.empty())
      return "a data-sized number of additions";
    return Programs ? "a data-sized number of additions: " + Bound
                    : "a data-sized number of additions (" + Bound + ")";
  }
  return std::to_string(Count) + (Count == 1 ? " addition" : " additions");
}

std::string describeAtomicTarget(AtomicTarget T) {
  switch (T) {
  case AtomicTarget::Unknown:
    return "where the address comes from is not known here (not followed, "
           "or a helper's parameter)";
  case AtomicTarget::OneElement:
    return "no part of the address varies with the thread: every thread of "
           "the grid adds into one element";
  case AtomicTarget::OmitsGridAxis:
    return "the address leaves out a grid axis the kernel reads: every block "
           "along it adds into the same element";
  case AtomicTarget::ScatteredByData:
    return "the address is picked by data read from memory: any number of "
           "threads can add into one element";
  case AtomicTarget::LoadedIndexBesideCoordinates:
    return "an index read from memory beside the thread's own coordinates (a "
           "saved argmax or row): how often it repeats is the data's";
  case AtomicTarget::ThreadCoordinates:
    return "the address is a function of the thread's own coordinates: each "
           "element receives the few threads its coordinate map folds onto it";
  }
  return "";
}

Confidence atomicConfidence(AtomicTarget T, std::string &Why) {
  Why = describeAtomicTarget(T);
  switch (T) {
  case AtomicTarget::OneElement:
  case AtomicTarget::OmitsGridAxis:
  case AtomicTarget::ScatteredByData:
    return Confidence::High;
  case AtomicTarget::Unknown:
  case AtomicTarget::LoadedIndexBesideCoordinates:
    return Confidence::Medium;
  case AtomicTarget::ThreadCoordinates:
    return Confidence::Low;
  }
  return Confidence::Medium;
}

Confidence accumulatorConfidence(bool SpelledAsAccumulateType,
                                 std::string &Why) {
  if (SpelledAsAccumulateType) {
    Why = "its type is spelled as an accumulate type that resolved to 16 "
          "bits here, as when the header that maps it to 'float' is missing";
    return Confidence::Low;
  }
  Why = "a 16-bit sum of many terms in one thread";
  return Confidence::Medium;
}

} // namespace kerneltidy
