// HIP runtime API names (hip/hip_runtime_api.h), declared like their CUDA
// counterparts in __kernel_tidy_cuda_runtime.h (this file was derived from
// it by renaming). kernel-tidy parses HIP sources in Clang's CUDA mode with
// __HIP_PLATFORM_AMD__ defined, so kernels, launches and builtins are shared.
#ifndef __KERNEL_TIDY_HIP_RUNTIME_H
#define __KERNEL_TIDY_HIP_RUNTIME_H
#include "__kernel_tidy_cuda.h"


enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorMemoryAllocation = 2,
  hipErrorInitializationError = 3,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoKernelImageForDevice = 209,
  hipErrorNotReady = 600,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchFailure = 719,
  hipErrorUnknown = 999
};

typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphExec *hipGraphExec_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef unsigned long long hipTextureObject_t;
typedef unsigned long long hipSurfaceObject_t;
enum hipMemcpyKind {
  hipMemcpyHostToHost,
  hipMemcpyHostToDevice,
  hipMemcpyDeviceToHost,
  hipMemcpyDeviceToDevice,
  hipMemcpyDefault
};
enum hipFuncCache {
  hipFuncCachePreferNone,
  hipFuncCachePreferShared,
  hipFuncCachePreferL1,
  hipFuncCachePreferEqual
};
enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault,
  hipSharedMemBankSizeFourByte,
  hipSharedMemBankSizeEightByte
};
enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeNonPortableClusterSizeAllowed = 13
};
enum hipDeviceAttr {
  hipDevAttrMaxThreadsPerBlock = 1,
  hipDevAttrMaxBlockDimX = 2,
  hipDevAttrMaxGridDimX = 5,
  hipDevAttrMaxSharedMemoryPerBlock = 8,
  hipDevAttrWarpSize = 10,
  hipDevAttrClockRate = 13,
  hipDevAttrMultiProcessorCount = 16,
  hipDevAttrComputeCapabilityMajor = 75,
  hipDevAttrComputeCapabilityMinor = 76,
  hipDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  hipDevAttrMaxSharedMemoryPerBlockOptin = 97
};
struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int maxThreadsPerMultiProcessor;
  size_t sharedMemPerMultiprocessor;
  size_t sharedMemPerBlockOptin;
  int l2CacheSize;
  int regsPerMultiprocessor;
};
struct hipFuncAttributes {
  size_t sharedSizeBytes;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int maxDynamicSharedSizeBytes;
};
struct hipPointerAttributes {
  int type;
  int device;
  void *devicePointer;
  void *hostPointer;
};
struct hipLaunchConfig_t {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  hipStream_t stream;
  void *attrs;
  unsigned int numAttrs;
};
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipStreamLegacy ((hipStream_t)0x1)
#define hipStreamPerThread ((hipStream_t)0x2)
#define hipEventDefault 0x00
#define hipEventBlockingSync 0x01
#define hipEventDisableTiming 0x02
#define hipHostAllocDefault 0x00
#define hipMemAttachGlobal 0x01
#define hipCpuDeviceId ((int)-1)

#ifdef __cplusplus
extern "C" {
#endif
#define __KT_RT(Name) hip##Name
#define __KT_RT_DEVICE_PROP hipDeviceProp_t
#include "__kernel_tidy_gpu_runtime.inc"
#undef __KT_RT_DEVICE_PROP
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
