// kernel-tidy stand-in for <ATen/cuda/CUDAContext.h> (used only when the
// real header is missing): the current stream and device properties that
// host launchers query.
#pragma once
#include <ATen/core/Tensor.h>
// As the real header (through CUDAContextLight.h): the runtime API and cuBLAS.
#include <cuda_runtime_api.h>
#include <cublas_v2.h>

namespace at::cuda {
/// Converts to cudaStream_t as PyTorch's CUDAStream does.
class CUDAStream {
public:
  operator cudaStream_t() const;
  cudaStream_t stream() const;
  signed char device_index() const;
  class DeviceRef_kt device() const;
};
CUDAStream getCurrentCUDAStream(signed char device_index = -1);
CUDAStream getDefaultCUDAStream(signed char device_index = -1);
CUDAStream getStreamFromPool(bool isHighPriority = false,
                             signed char device_index = -1);
CUDAStream getStreamFromExternal(cudaStream_t ext_stream,
                                 signed char device_index);
void setCurrentCUDAStream(CUDAStream stream);
cublasHandle_t getCurrentCUDABlasHandle();
cudaDeviceProp *getCurrentDeviceProperties();
cudaDeviceProp *getDeviceProperties(int64_t device);
int warp_size();
} // namespace at::cuda
