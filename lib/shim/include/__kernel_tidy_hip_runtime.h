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
hipError_t hipLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             hipStream_t stream);
hipError_t hipLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, hipStream_t stream);
hipError_t hipMalloc(void **devPtr, size_t size);
hipError_t hipMallocManaged(void **devPtr, size_t size, unsigned int flags);
hipError_t hipMallocHost(void **ptr, size_t size);
hipError_t hipMallocAsync(void **devPtr, size_t size, hipStream_t stream);
hipError_t hipHostAlloc(void **pHost, size_t size, unsigned int flags);
hipError_t hipFree(void *devPtr);
hipError_t hipFreeAsync(void *devPtr, hipStream_t stream);
hipError_t hipFreeHost(void *ptr);
hipError_t hipMemcpy(void *dst, const void *src, size_t count,
                       enum hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t count,
                            enum hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                int srcDevice, size_t count,
                                hipStream_t stream);
hipError_t hipMemset(void *devPtr, int value, size_t count);
hipError_t hipMemsetAsync(void *devPtr, int value, size_t count,
                            hipStream_t stream = 0);
hipError_t hipMemGetInfo(size_t *free, size_t *total);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorString(hipError_t error);
const char *hipGetErrorName(hipError_t error);
hipError_t hipGetDevice(int *device);
hipError_t hipSetDevice(int device);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipGetDeviceProperties(struct hipDeviceProp_t *prop, int device);
hipError_t hipDeviceGetAttribute(int *value, enum hipDeviceAttr attr,
                                   int device);
hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int device,
                                    int peerDevice);
hipError_t hipDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
hipError_t hipDeviceSetCacheConfig(enum hipFuncCache cacheConfig);
hipError_t hipFuncSetAttribute(const void *func, enum hipFuncAttribute attr,
                                 int value);
hipError_t hipFuncGetAttributes(struct hipFuncAttributes *attr,
                                  const void *func);
hipError_t hipFuncSetCacheConfig(const void *func,
                                   enum hipFuncCache cacheConfig);
hipError_t hipPointerGetAttributes(struct hipPointerAttributes *attributes,
                                     const void *ptr);
hipError_t hipStreamCreate(hipStream_t *pStream);
hipError_t hipStreamCreateWithFlags(hipStream_t *pStream,
                                      unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                                unsigned int flags = 0);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipEventCreate(hipEvent_t *event);
hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned int flags);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = 0);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t end);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks,
                                                          const void *func,
                                                          int blockSize,
                                                          size_t dynamicSMemSize);
hipError_t hipMemcpyToSymbol(const void *symbol, const void *src,
                               size_t count, size_t offset,
                               enum hipMemcpyKind kind);
hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src,
                                    size_t count, size_t offset,
                                    enum hipMemcpyKind kind,
                                    hipStream_t stream);
hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset, enum hipMemcpyKind kind);
hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol);
hipError_t hipDriverGetVersion(int *driverVersion);
hipError_t hipRuntimeGetVersion(int *runtimeVersion);
#ifdef __cplusplus
}

// The C++ conveniences of hip_runtime.h: typed pointers and symbols.
template <class T> hipError_t hipMalloc(T **devPtr, size_t size);
template <class T>
hipError_t hipMallocManaged(T **devPtr, size_t size,
                              unsigned int flags = hipMemAttachGlobal);
template <class T> hipError_t hipMallocHost(T **ptr, size_t size);
template <class T>
hipError_t hipMallocAsync(T **devPtr, size_t size, hipStream_t stream);
template <class T>
hipError_t hipLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem = 0, hipStream_t stream = 0);
template <class T>
hipError_t hipLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                                        void **args, size_t sharedMem = 0,
                                        hipStream_t stream = 0);
template <class T, class... ExpTypes, class... ActTypes>
hipError_t hipLaunchKernelEx(const hipLaunchConfig_t *config,
                               void (*kernel)(ExpTypes...),
                               ActTypes &&...args);
template <class T>
hipError_t hipFuncSetAttribute(T *entry, enum hipFuncAttribute attr,
                                 int value);
template <class T>
hipError_t hipFuncGetAttributes(struct hipFuncAttributes *attr, T *entry);
template <class T>
hipError_t hipFuncSetCacheConfig(T *func, enum hipFuncCache cacheConfig);
template <class T>
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize = 0);
template <class T>
hipError_t hipOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize,
                                               T func,
                                               size_t dynamicSMemSize = 0,
                                               int blockSizeLimit = 0);
template <class T>
hipError_t hipMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                               size_t offset = 0,
                               enum hipMemcpyKind kind = hipMemcpyHostToDevice);
template <class T>
hipError_t hipMemcpyToSymbolAsync(const T &symbol, const void *src,
                                    size_t count, size_t offset = 0,
                                    enum hipMemcpyKind kind = hipMemcpyHostToDevice,
                                    hipStream_t stream = 0);
template <class T>
hipError_t hipMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                 size_t offset = 0,
                                 enum hipMemcpyKind kind = hipMemcpyDeviceToHost);
template <class T>
hipError_t hipGetSymbolAddress(void **devPtr, const T &symbol);
#endif


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
