// The host-side CUDA runtime API that kernel sources call around launches:
// declarations only (nothing is ever linked), names and types as in CUDA 12.
#ifndef __KERNEL_TIDY_CUDA_RUNTIME_H
#define __KERNEL_TIDY_CUDA_RUNTIME_H

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
#define __KT_RT(Name) cuda##Name
#define __KT_RT_ERROR_ENUM cudaError
#define __KT_RT_DEVICE_PROP cudaDeviceProp
// Error codes CUDA has and HIP does not (driver_types.h).
#define __KT_RT_ERROR_ENUM_EXTRA cudaErrorApiFailureBase = 10000
#include "__kernel_tidy_gpu_types.inc"
#undef __KT_RT_ERROR_ENUM_EXTRA
typedef enum cudaError cudaError_t;
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaMemAttachGlobal 0x01
#define cudaCpuDeviceId ((int)-1)

#ifdef __cplusplus
extern "C" {
#endif
// Kernel launches: clang lowers k<<<g, b, s, st>>>(...) through these. The
// stream is 'void *' so that HIP's hipStream_t (a different pointer type)
// is accepted in the same launch syntax.
// Default arguments exist in C++ only.
#ifdef __cplusplus
#define __KT_OR_ZERO = 0
#else
#define __KT_OR_ZERO
#endif
__host__ int __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                         size_t sharedMem __KT_OR_ZERO,
                                         void *stream __KT_OR_ZERO);
__host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                       size_t sharedMem __KT_OR_ZERO,
                                       void *stream __KT_OR_ZERO);
#undef __KT_OR_ZERO
#include "__kernel_tidy_gpu_runtime.inc"
#undef __KT_RT_DEVICE_PROP
#undef __KT_RT_ERROR_ENUM
#undef __KT_RT

// Stream capture and graphs (CUDA 10+), which launchers test before
// allocating (flashinfer's and TensorRT-LLM's cudaUtils.h).
enum cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0,
  cudaStreamCaptureStatusActive = 1,
  cudaStreamCaptureStatusInvalidated = 2
};
enum cudaStreamCaptureMode {
  cudaStreamCaptureModeGlobal = 0,
  cudaStreamCaptureModeThreadLocal = 1,
  cudaStreamCaptureModeRelaxed = 2
};
// Graph nodes (driver_types.h).
enum cudaGraphNodeType {
  cudaGraphNodeTypeKernel = 0x00,
  cudaGraphNodeTypeMemcpy = 0x01,
  cudaGraphNodeTypeMemset = 0x02,
  cudaGraphNodeTypeHost = 0x03,
  cudaGraphNodeTypeGraph = 0x04,
  cudaGraphNodeTypeEmpty = 0x05,
  cudaGraphNodeTypeWaitEvent = 0x06,
  cudaGraphNodeTypeEventRecord = 0x07
};
struct cudaKernelNodeParams {
  void *func;
  dim3 gridDim;
  dim3 blockDim;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
};
#ifdef __cplusplus
#define __KT_DEFAULT_ZERO = 0
extern "C" {
#else
#define __KT_DEFAULT_ZERO
#endif
cudaError_t cudaStreamIsCapturing(cudaStream_t stream,
                                  enum cudaStreamCaptureStatus *pCaptureStatus);
cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
                                   enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags __KT_DEFAULT_ZERO);
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes,
                              size_t *numNodes);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node,
                                 enum cudaGraphNodeType *pType);
cudaError_t cudaGraphKernelNodeGetParams(
    cudaGraphNode_t node, struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphKernelNodeSetParams(
    cudaGraphNode_t node, const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphExecKernelNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
    const struct cudaKernelNodeParams *pNodeParams);
#ifdef __cplusplus
}
// cuda_runtime.h's overload for the signature of CUDA 11 and before.
static inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec,
                                               cudaGraph_t graph,
                                               cudaGraphNode_t *pErrorNode,
                                               char *pLogBuffer,
                                               size_t bufferSize) {
  (void)pErrorNode;
  (void)pLogBuffer;
  (void)bufferSize;
  return ::cudaGraphInstantiate(pGraphExec, graph, 0);
}
#endif
#undef __KT_DEFAULT_ZERO

// Extended launches (CUDA 11.8+: cluster dimensions, programmatic dependent
// launch), which TensorRT-LLM's kernels (flashinfer) and apex's group norm
// use: the C entry points and cuda_runtime.h's templates (the types are in
// __kernel_tidy_gpu_types.inc, the template cudaLaunchKernelEx in
// __kernel_tidy_gpu_runtime.inc).
#ifdef __cplusplus
extern "C" {
#endif
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                const void *func, void **args);
cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, const void *func,
                                           const cudaLaunchConfig_t *config);
cudaError_t
cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func,
                                     const cudaLaunchConfig_t *launchConfig);
#ifdef __cplusplus
}
template <class T>
static inline cudaError_t
cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func,
                                     const cudaLaunchConfig_t *config) {
  return ::cudaOccupancyMaxPotentialClusterSize(clusterSize, (const void *)func,
                                                config);
}
template <class T>
static inline cudaError_t
cudaOccupancyMaxActiveClusters(int *numClusters, T *func,
                               const cudaLaunchConfig_t *config) {
  return ::cudaOccupancyMaxActiveClusters(numClusters, (const void *)func,
                                          config);
}
#endif

// The driver API (cuda.h), as far as kernel sources touch it.
typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
#define CUDA_SUCCESS 0
#ifdef __cplusplus
extern "C" {
#endif
CUresult cuGetErrorString(CUresult error, const char **pStr);
CUresult cuGetErrorName(CUresult error, const char **pStr);
CUresult cuInit(unsigned int flags);
CUresult cuDeviceGet(CUdevice *device, int ordinal);
CUresult cuCtxGetCurrent(CUcontext *pctx);
CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                        unsigned int gridDimY, unsigned int gridDimZ,
                        unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes,
                        CUstream hStream, void **kernelParams, void **extra);
#ifdef __cplusplus
}
#endif

#endif
