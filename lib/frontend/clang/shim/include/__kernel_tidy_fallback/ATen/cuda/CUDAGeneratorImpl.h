// kernel-tidy stand-in for <ATen/cuda/CUDAGeneratorImpl.h> (used only when
// the real header is missing): the Philox state a dropout kernel takes by
// value, and the generator its launcher asks for it.
#pragma once
#include <ATen/core/Tensor.h>
#include <mutex>
#include <optional>
#include <utility>

namespace at {
struct PhiloxCudaState {
  PhiloxCudaState() = default;
  PhiloxCudaState(uint64_t seed, uint64_t offset);
  PhiloxCudaState(int64_t *seed, int64_t *offset_extragraph,
                  uint32_t offset_intragraph);
  union Payload {
    uint64_t val;
    int64_t *ptr;
  };
  Payload seed_{};
  Payload offset_{};
  uint32_t offset_intragraph_ = 0;
  bool captured_ = false;
};
struct CUDAGeneratorImpl {
  std::mutex mutex_;
  PhiloxCudaState philox_cuda_state(uint64_t increment);
  std::pair<uint64_t, uint64_t> philox_engine_inputs(uint64_t increment);
  uint64_t current_seed() const;
  void set_current_seed(uint64_t seed);
};
class Generator {
public:
  Generator() = default;
  std::mutex &mutex();
  template <typename T> T *get() const;
  uint64_t current_seed() const;
};
template <typename T>
T *get_generator_or_default(const std::optional<Generator> &gen,
                            const Generator &default_gen);
template <typename T> T *check_generator(std::optional<Generator> gen);
namespace cuda::detail {
const Generator &getDefaultCUDAGenerator(signed char device_index = -1);
} // namespace cuda::detail
} // namespace at
