// HIP runtime API names (hip/hip_runtime_api.h), declared like their CUDA
// counterparts in __kernel_tidy_cuda_runtime.h (this file was derived from
// it by renaming). kernel-tidy parses HIP sources in Clang's CUDA mode with
// __HIP_PLATFORM_AMD__ defined, so kernels, launches and builtins are shared.
#ifndef __KERNEL_TIDY_HIP_RUNTIME_H
#define __KERNEL_TIDY_HIP_RUNTIME_H
#include "__kernel_tidy_cuda.h"

typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphExec *hipGraphExec_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef unsigned long long hipTextureObject_t;
typedef unsigned long long hipSurfaceObject_t;
#define __KT_RT(Name) hip##Name
#define __KT_RT_ERROR_ENUM hipError_t
#define __KT_RT_DEVICE_PROP hipDeviceProp_t
#include "__kernel_tidy_gpu_types.inc"
#define hipIpcMemLazyEnablePeerAccess 0x01
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipStreamLegacy ((hipStream_t)0x1)
#define hipStreamPerThread ((hipStream_t)0x2)
#define hipEventDefault 0x00
#define hipEventBlockingSync 0x01
#define hipEventDisableTiming 0x02
#define hipHostAllocDefault 0x00
#define hipHostRegisterDefault 0x00
#define hipHostRegisterPortable 0x01
#define hipHostRegisterMapped 0x02
#define hipHostRegisterIoMemory 0x04
#define hipHostRegisterReadOnly 0x08
#define hipDeviceScheduleAuto 0x00
#define hipDeviceScheduleSpin 0x01
#define hipDeviceScheduleYield 0x02
#define hipDeviceScheduleBlockingSync 0x04
#define hipDeviceMapHost 0x08
#define hipMemAttachGlobal 0x01
#define hipCpuDeviceId ((int)-1)

#ifdef __cplusplus
extern "C" {
#endif
#include "__kernel_tidy_gpu_runtime.inc"
#undef __KT_RT_DEVICE_PROP
#undef __KT_RT_ERROR_ENUM
#undef __KT_RT


typedef hipDeviceProp_t hipDeviceProp_t;
#define hipDeviceProp hipDeviceProp_t

// HIP's own device-attribute names (hipDeviceAttribute_t).
typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeCooperativeMultiDeviceLaunch,
  hipDeviceAttributeSharedMemPerBlockOptin,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeClockRate,
  hipDeviceAttributeL2CacheSize
} hipDeviceAttribute_t;
hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr,
                                 int device);

// Kernel launches: a macro in HIP too.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernelName, numBlocks, numThreads, memPerBlock,     \
                           streamId, ...)                                      \
  do {                                                                         \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(      \
        __VA_ARGS__);                                                          \
  } while (0)
#define hipLaunchKernelEx hipLaunchKernelGGL
#define HIP_SYMBOL(X) (X)

// AMD wavefront intrinsics (amd_warp_functions.h): the legacy __shfl* forms
// come from Clang's CUDA intrinsics, as do __ballot, __any and __all (their
// 32-lane forms).
__device__ unsigned long long __ballot64(int predicate);
__device__ unsigned int __lane_id();
__device__ unsigned long long __activemask64();
__device__ unsigned long long __clock64();
__device__ unsigned long long wall_clock64();
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION 60200000
#define HIPRT_INF_F CUDART_INF_F
#endif
