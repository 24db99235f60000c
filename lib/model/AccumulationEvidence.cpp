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

} // namespace kerneltidy
