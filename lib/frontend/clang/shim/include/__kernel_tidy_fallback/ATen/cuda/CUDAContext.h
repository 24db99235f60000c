// kernel-tidy stand-in for <ATen/cuda/CUDAContext.h> (used only when the
// real header is missing): the current stream and device properties that
// host launchers query.
#pragma once
#include <ATen/core/Tensor.h>

namespace at::cuda {
/// Converts to cudaStream_t as PyTorch's CUDAStream does.
class CUDAStream {
public:
  operator cudaStream_t() const;
  cudaStream_t stream() const;
};
CUDAStream getCurrentCUDAStream(signed char device_index = -1);
CUDAStream getDefaultCUDAStream(signed char device_index = -1);
cudaDeviceProp *getCurrentDeviceProperties();
cudaDeviceProp *getDeviceProperties(int64_t device);
int warp_size();
} // namespace at::cuda
