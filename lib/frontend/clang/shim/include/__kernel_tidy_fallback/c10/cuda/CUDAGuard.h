// kernel-tidy stand-in for <c10/cuda/CUDAGuard.h> (used only when the real
// header is missing): device guards are RAII objects host launchers create.
#pragma once
#include <ATen/core/Tensor.h>

namespace c10 {
class Device {
public:
  Device(DeviceType type, signed char index = -1);
  signed char index() const;
  DeviceType type() const;
  bool is_cuda() const;
  bool is_cpu() const;
  bool has_index() const;
};
} // namespace c10
namespace at {
using c10::Device;
/// The device of a tensor (ATen/DeviceGuard.h).
std::optional<Device> device_of(const Tensor &t);
} // namespace at
namespace c10::cuda {
struct CUDAGuard {
  explicit CUDAGuard(signed char device_index);
  explicit CUDAGuard(c10::Device device);
};
struct OptionalCUDAGuard {
  OptionalCUDAGuard();
  explicit OptionalCUDAGuard(c10::Device device);
  explicit OptionalCUDAGuard(std::optional<c10::Device> device);
  explicit OptionalCUDAGuard(signed char device_index);
};
} // namespace c10::cuda
namespace at::cuda {
using c10::cuda::CUDAGuard;
using c10::cuda::OptionalCUDAGuard;
} // namespace at::cuda
