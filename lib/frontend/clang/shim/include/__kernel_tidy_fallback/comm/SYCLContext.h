// kernel-tidy stand-in for torch-xpu-ops <comm/SYCLContext.h> (used only when
// the real header is missing).
#pragma once
#include <comm/SYCLHelpers.h>

sycl::queue &getCurrentSYCLQueue();
template <class KernelClass = void> int64_t syclMaxWorkGroupSize();
template <class KernelClass>
int64_t syclMaxWorkGroupSize(const KernelClass &kfn);
int64_t syclMaxWorkGroupSize(int64_t device_id = -1);
template <class KernelClass = void> int64_t syclMaxSubGroupSize();
int64_t syclMaxSubGroupSize(int64_t device_id = -1);
int64_t syclMinSubGroupSize(int64_t device_id = -1);
int64_t syclMaxComputeUnitSize(int64_t device_id = -1);
int64_t syclGpuEuCount(int64_t device_id = -1);
int64_t syclGpuEUCountPerSubslice(int64_t device_id = -1);
int64_t syclMaxWorkItemsPerTile(int64_t device_id = -1);
int64_t syclMaxWorkItemsPerSubSlice(int64_t device_id = -1);
int64_t syclMaxWorkItemsPerEU(int64_t device_id = -1);
int64_t syclLocalMemSize(int64_t device_id = -1);
