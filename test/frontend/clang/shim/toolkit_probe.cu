// The declarations user kernels index with, probed for their types: each
// `using T_<name> = decltype(...)` is compared between kernel-tidy's shim and
// the installed CUDA toolkit by shim_against_toolkit.py. A declaration the
// shim types differently from CUDA changes what the checks see (a 64-bit
// thread_rank() made kernel-index-width-mismatch pair against a phantom
// 64-bit index: issue 25).
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cublas_v2.h>
#include <cublasLt.h>
#include <nvtx3/nvToolsExt.h>
#include <cuda_fp8.h>
#include <curand_kernel.h>
#include <cub/cub.cuh>
namespace cg = cooperative_groups;

// CUB's collectives, as kernels hold them in shared memory (issue 25: a
// template of a type and values, 'cub::BlockScan<int, 256, ALGORITHM>').
__device__ void probe_cub(float *f, int *i) {
  using BlockReduceT = cub::BlockReduce<float, 128>;
  __shared__ BlockReduceT::TempStorage reduce_storage;
  using T_cub_block_reduce_sum = decltype(BlockReduceT(reduce_storage).Sum(f[0]));
  using T_cub_block_reduce_sum_valid = decltype(BlockReduceT(reduce_storage).Sum(f[0], 3));
  using BlockScanT = cub::BlockScan<int, 128, cub::BLOCK_SCAN_WARP_SCANS>;
  __shared__ BlockScanT::TempStorage scan_storage;
  int out, aggregate;
  using T_cub_block_scan_exclusive_sum =
      decltype(BlockScanT(scan_storage).ExclusiveSum(i[0], out, aggregate));
  using WarpReduceT = cub::WarpReduce<float, 16>;
  __shared__ WarpReduceT::TempStorage warp_storage;
  using T_cub_warp_reduce_sum = decltype(WarpReduceT(warp_storage).Sum(f[0]));
  using T_cub_kvp_key = decltype(cub::KeyValuePair<int, float>().key);
  using T_cub_kvp_value = decltype(cub::KeyValuePair<int, float>().value);
  using T_cub_unsigned_bits_float = cub::Traits<float>::UnsignedBits;
  using T_cub_unsigned_bits_double = cub::Traits<double>::UnsignedBits;
  using T_cub_unsigned_bits_half = cub::Traits<__half>::UnsignedBits;
}

__device__ void probe(float *f, int *i, unsigned *u, __half *h, __nv_bfloat16 *bf,
                      unsigned long long *ull, const float *cf) {
  using T_threadIdx_x = decltype(threadIdx.x);
  using T_blockIdx_x = decltype(blockIdx.x);
  using T_blockDim_x = decltype(blockDim.x);
  using T_gridDim_x = decltype(gridDim.x);
  using T_warpSize = decltype(warpSize);

  cg::thread_block block = cg::this_thread_block();
  using T_block_thread_rank = decltype(block.thread_rank());
  using T_block_size = decltype(block.size());
  using T_block_num_threads = decltype(block.num_threads());
  using T_block_group_index_x = decltype(block.group_index().x);
  using T_block_thread_index_x = decltype(block.thread_index().x);
  auto tile = cg::tiled_partition<32>(block);
  using T_tile_thread_rank = decltype(tile.thread_rank());
  using T_tile_size = decltype(tile.size());
  using T_tile_num_threads = decltype(tile.num_threads());
  using T_tile_meta_group_rank = decltype(tile.meta_group_rank());
  using T_tile_meta_group_size = decltype(tile.meta_group_size());
  using T_tile_shfl_down = decltype(tile.shfl_down(1.0f, 1));
  cg::grid_group grid = cg::this_grid();
  using T_grid_thread_rank = decltype(grid.thread_rank());
  using T_grid_size = decltype(grid.size());
  using T_grid_block_rank = decltype(grid.block_rank());
  using T_grid_num_blocks = decltype(grid.num_blocks());
  using T_grid_num_threads = decltype(grid.num_threads());

  using T_atomicAdd_float = decltype(atomicAdd(f, 1.0f));
  using T_atomicAdd_int = decltype(atomicAdd(i, 1));
  using T_atomicAdd_unsigned = decltype(atomicAdd(u, 1u));
  using T_atomicAdd_ull = decltype(atomicAdd(ull, 1ull));
  using T_atomicAdd_half = decltype(atomicAdd(h, __float2half(1.0f)));
  using T_atomicAdd_bf16 = decltype(atomicAdd(bf, __float2bfloat16(1.0f)));
  using T_atomicCAS_int = decltype(atomicCAS(i, 0, 1));
  using T_shfl_xor_sync_float = decltype(__shfl_xor_sync(0xffffffffu, 1.0f, 1));
  using T_shfl_down_sync_int = decltype(__shfl_down_sync(0xffffffffu, 1, 1));
  using T_ballot_sync = decltype(__ballot_sync(0xffffffffu, 1));
  using T_ldg_float = decltype(__ldg(cf));
  using T_popc = decltype(__popc(1u));
  using T_dp4a_int = decltype(__dp4a(1, 2, 3));
  using T_dp4a_unsigned = decltype(__dp4a(1u, 2u, 3u));
  using T_dp2a_lo_int = decltype(__dp2a_lo(1, 2, 3));
  using T_make_half2 = decltype(make_half2(h[0], h[1]));
  using T_make_bfloat162 = decltype(make_bfloat162(bf[0], bf[1]));
  using T_grid_dependency_synchronize = decltype(cudaGridDependencySynchronize());
  using T_trigger_programmatic_launch = decltype(cudaTriggerProgrammaticLaunchCompletion());
  using T_clz = decltype(__clz(1));
  using T_clock64 = decltype(clock64());
  using T_float2half = decltype(__float2half(1.0f));
  using T_half2float = decltype(__half2float(*h));
  using T_hadd = decltype(__hadd(*h, *h));
  using T_bfloat162float = decltype(__bfloat162float(*bf));
  using T_half_plus_half = decltype(*h + *h);
  using T_half_plus_float = decltype(*h + 1.0f);
  using T_bf16_plus_bf16 = decltype(*bf + *bf);
  using T_umulhi = decltype(__umulhi(1u, 1u));
  using T_mul24 = decltype(__mul24(1, 1));
}

// Host-side library calls around launches: their types as function pointers.
#define KT_PROBE_FN(name) using T_fn_##name = decltype(&name);
KT_PROBE_FN(cudaStreamIsCapturing)
KT_PROBE_FN(cudaStreamBeginCapture)
KT_PROBE_FN(cudaStreamEndCapture)
KT_PROBE_FN(cudaGraphLaunch)
KT_PROBE_FN(cudaGraphDestroy)
KT_PROBE_FN(cudaGraphExecDestroy)
KT_PROBE_FN(cudaGraphGetNodes)
KT_PROBE_FN(cudaGraphNodeGetType)
KT_PROBE_FN(cudaGraphKernelNodeGetParams)
KT_PROBE_FN(cudaGraphKernelNodeSetParams)
KT_PROBE_FN(cudaGraphExecKernelNodeSetParams)
KT_PROBE_FN(cudaLaunchKernelExC)
KT_PROBE_FN(cudaIpcGetMemHandle)
KT_PROBE_FN(cudaIpcOpenMemHandle)
KT_PROBE_FN(cudaIpcCloseMemHandle)
KT_PROBE_FN(cudaIpcGetEventHandle)
KT_PROBE_FN(cudaIpcOpenEventHandle)
KT_PROBE_FN(cudaHostRegister)
KT_PROBE_FN(cudaHostUnregister)
KT_PROBE_FN(cudaHostGetDevicePointer)
KT_PROBE_FN(cudaDeviceGetPCIBusId)
KT_PROBE_FN(cudaSetDeviceFlags)
using T_host_register_read_only = decltype(cudaHostRegisterReadOnly);
using T_host_alloc_mapped = decltype(cudaHostAllocMapped);
using T_device_schedule_spin = decltype(cudaDeviceScheduleSpin);
using T_dev_attr_cooperative_launch = decltype(cudaDevAttrCooperativeLaunch);
KT_PROBE_FN(rsqrtf)
KT_PROBE_FN(normcdff)
using T_ipc_lazy = decltype(cudaIpcMemLazyEnablePeerAccess);
using T_ipc_handle_size = decltype(sizeof(cudaIpcMemHandle_t));
__global__ void probe_kernel_ex(int, float *);
using T_launch_kernel_ex =
    decltype(cudaLaunchKernelEx((const cudaLaunchConfig_t *)0, probe_kernel_ex, 1, (float *)0));
using T_size_launch_attribute = char (*)[sizeof(cudaLaunchAttribute)];
using T_size_launch_config = char (*)[sizeof(cudaLaunchConfig_t)];
using T_launch_config_smem = decltype(cudaLaunchConfig_t().dynamicSmemBytes);
using T_launch_attr_cluster_x = decltype(cudaLaunchAttribute().val.clusterDim.x);
using T_launch_attr_pdl = decltype(cudaLaunchAttribute().val.programmaticStreamSerializationAllowed);
using T_graph_instantiate = decltype(cudaGraphInstantiate((cudaGraphExec_t *)0, cudaGraph_t()));
using T_graph_instantiate_cuda11 =
    decltype(cudaGraphInstantiate((cudaGraphExec_t *)0, cudaGraph_t(), nullptr, nullptr, 0));
using T_kernel_node_grid = decltype(cudaKernelNodeParams().gridDim);
using T_kernel_node_smem = decltype(cudaKernelNodeParams().sharedMemBytes);
using T_size_kernel_node_params = char (*)[sizeof(cudaKernelNodeParams)];
KT_PROBE_FN(cublasSgemmBatched)
KT_PROBE_FN(cublasGemmBatchedEx)
KT_PROBE_FN(cublasStrsmBatched)
using T_cublas_side_right = decltype(CUBLAS_SIDE_RIGHT);
using T_cublas_fill_upper = decltype(CUBLAS_FILL_MODE_UPPER);
using T_cublas_diag_non_unit = decltype(CUBLAS_DIAG_NON_UNIT);
KT_PROBE_FN(cublasCreate)
KT_PROBE_FN(cublasDestroy)
KT_PROBE_FN(cublasSetWorkspace)
KT_PROBE_FN(cublasSetStream)
KT_PROBE_FN(cublasGetStream)
KT_PROBE_FN(cublasSetPointerMode)
KT_PROBE_FN(cublasSetMathMode)
KT_PROBE_FN(cublasGetStatusString)
KT_PROBE_FN(cublasGetStatusName)
KT_PROBE_FN(cublasSgemm)
KT_PROBE_FN(cublasSgemmStridedBatched)
KT_PROBE_FN(cublasLtCreate)
KT_PROBE_FN(cublasLtDestroy)
KT_PROBE_FN(cublasLtMatrixLayoutCreate)
KT_PROBE_FN(cublasLtMatrixLayoutDestroy)
KT_PROBE_FN(cublasLtMatrixLayoutSetAttribute)
KT_PROBE_FN(cublasLtMatmulDescCreate)
KT_PROBE_FN(cublasLtMatmulDescDestroy)
KT_PROBE_FN(cublasLtMatmulDescSetAttribute)
KT_PROBE_FN(cublasLtMatmulPreferenceCreate)
KT_PROBE_FN(cublasLtMatmulPreferenceDestroy)
KT_PROBE_FN(cublasLtMatmulPreferenceSetAttribute)
KT_PROBE_FN(cublasLtMatmulAlgoGetHeuristic)
KT_PROBE_FN(cublasLtMatmul)
KT_PROBE_FN(nvtxMarkA)
KT_PROBE_FN(nvtxRangeStartA)
KT_PROBE_FN(nvtxRangeEnd)
KT_PROBE_FN(nvtxRangePushA)
KT_PROBE_FN(nvtxRangePop)
KT_PROBE_FN(nvtxNameOsThreadA)
// cublasGemmEx and cublasGemmStridedBatchedEx are overloaded in the toolkit
// (a deprecated cudaDataType computeType form): probe the call instead.
using T_call_cublasGemmEx = decltype(cublasGemmEx(
    cublasHandle_t(), CUBLAS_OP_N, CUBLAS_OP_T, 1, 1, 1, nullptr, nullptr, CUDA_R_16F, 1,
    nullptr, CUDA_R_16F, 1, nullptr, nullptr, CUDA_R_16F, 1, CUBLAS_COMPUTE_32F,
    CUBLAS_GEMM_DEFAULT_TENSOR_OP));
using T_call_cublasGemmStridedBatchedEx = decltype(cublasGemmStridedBatchedEx(
    cublasHandle_t(), CUBLAS_OP_N, CUBLAS_OP_T, 1, 1, 1, nullptr, nullptr, CUDA_R_16BF, 1, 1LL,
    nullptr, CUDA_R_16BF, 1, 1LL, nullptr, nullptr, CUDA_R_16BF, 1, 1LL, 1, CUBLAS_COMPUTE_32F,
    CUBLAS_GEMM_DEFAULT));
// The deprecated form itself, as old code calls it (a cudaDataType compute type).
using T_call_cublasGemmEx_old = decltype(cublasGemmEx(
    cublasHandle_t(), CUBLAS_OP_N, CUBLAS_OP_T, 1, 1, 1, nullptr, nullptr, CUDA_R_32F, 1,
    nullptr, CUDA_R_32F, 1, nullptr, nullptr, CUDA_R_32F, 1, CUDA_R_32F,
    CUBLAS_GEMM_DEFAULT));
using T_call_cublasGemmStridedBatchedEx_old = decltype(cublasGemmStridedBatchedEx(
    cublasHandle_t(), CUBLAS_OP_N, CUBLAS_OP_T, 1, 1, 1, nullptr, nullptr, CUDA_R_16F, 1, 1LL,
    nullptr, CUDA_R_16F, 1, 1LL, nullptr, nullptr, CUDA_R_16F, 1, 1LL, 1, CUDA_R_32F,
    CUBLAS_GEMM_DEFAULT));
using T_heuristic_workspaceSize = decltype(cublasLtMatmulHeuristicResult_t::workspaceSize);
using T_heuristic_state = decltype(cublasLtMatmulHeuristicResult_t::state);
using T_enum_CUDA_R_16BF = decltype(CUDA_R_16BF);
using T_enum_CUBLAS_OP_T = decltype(CUBLAS_OP_T);
using T_enum_CUBLASLT_EPILOGUE_GELU_BIAS = decltype(CUBLASLT_EPILOGUE_GELU_BIAS);
using T_enum_CUBLASLT_MATMUL_DESC_TRANSA = decltype(CUBLASLT_MATMUL_DESC_TRANSA);
using T_nvtxRangeId_t = nvtxRangeId_t;
// Enumerator values, as array bounds (value + 1000).
#define KT_PROBE_VALUE(name) using T_val_##name = char (*)[(long long)(name) + 1000];
// Runtime error codes and graph node types that launchers compare against.
KT_PROBE_VALUE(cudaGraphNodeTypeKernel)
KT_PROBE_VALUE(cudaErrorIllegalAddress)
KT_PROBE_VALUE(cudaErrorNotSupported)
KT_PROBE_VALUE(cudaErrorApiFailureBase)
KT_PROBE_VALUE(cudaLaunchAttributeClusterDimension)
KT_PROBE_VALUE(cudaLaunchAttributeProgrammaticStreamSerialization)
KT_PROBE_VALUE(cudaLaunchAttributePreferredClusterDimension)
KT_PROBE_VALUE(CUDA_R_32F)
KT_PROBE_VALUE(CUDA_R_16F)
KT_PROBE_VALUE(CUDA_R_16BF)
KT_PROBE_VALUE(CUDA_R_8I)
KT_PROBE_VALUE(CUDA_R_32I)
KT_PROBE_VALUE(CUDA_R_8F_E4M3)
KT_PROBE_VALUE(CUDA_R_8F_E5M2)
KT_PROBE_VALUE(CUBLAS_STATUS_SUCCESS)
KT_PROBE_VALUE(CUBLAS_STATUS_NOT_SUPPORTED)
KT_PROBE_VALUE(CUBLAS_OP_N)
KT_PROBE_VALUE(CUBLAS_OP_T)
KT_PROBE_VALUE(CUBLAS_GEMM_DEFAULT)
KT_PROBE_VALUE(CUBLAS_GEMM_DEFAULT_TENSOR_OP)
KT_PROBE_VALUE(CUBLAS_TENSOR_OP_MATH)
KT_PROBE_VALUE(CUBLAS_TF32_TENSOR_OP_MATH)
KT_PROBE_VALUE(CUBLAS_COMPUTE_16F)
KT_PROBE_VALUE(CUBLAS_COMPUTE_32F)
KT_PROBE_VALUE(CUBLAS_COMPUTE_32F_FAST_TF32)
KT_PROBE_VALUE(CUBLASLT_ORDER_ROW)
KT_PROBE_VALUE(CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT)
KT_PROBE_VALUE(CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET)
KT_PROBE_VALUE(CUBLASLT_MATMUL_DESC_TRANSA)
KT_PROBE_VALUE(CUBLASLT_MATMUL_DESC_TRANSB)
KT_PROBE_VALUE(CUBLASLT_MATMUL_DESC_EPILOGUE)
KT_PROBE_VALUE(CUBLASLT_MATMUL_DESC_BIAS_POINTER)
KT_PROBE_VALUE(CUBLASLT_MATMUL_DESC_A_SCALE_POINTER)
KT_PROBE_VALUE(CUBLASLT_MATMUL_DESC_FAST_ACCUM)
KT_PROBE_VALUE(CUBLASLT_EPILOGUE_GELU_BIAS)
KT_PROBE_VALUE(CUBLASLT_EPILOGUE_DGELU)
KT_PROBE_VALUE(CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES)

// fp8 (cuda_fp8.h): storage, sizes and alignment, conversions.
using T_fp8_e4m3_storage = decltype(__nv_fp8_e4m3::__x);
using T_fp8x2_e4m3_storage = decltype(__nv_fp8x2_e4m3::__x);
using T_fp8x4_e5m2_storage = decltype(__nv_fp8x4_e5m2::__x);
using T_size_fp8_e4m3 = char (*)[sizeof(__nv_fp8_e4m3)];
using T_size_fp8x4_e4m3 = char (*)[sizeof(__nv_fp8x4_e4m3)];
using T_align_fp8x2_e5m2 = char (*)[alignof(__nv_fp8x2_e5m2)];
using T_fp8_from_float = decltype(__nv_fp8_e4m3(1.0f));
using T_fp8_to_float = decltype(static_cast<float>(__nv_fp8_e4m3()));
using T_fp8_to_half = decltype(static_cast<__half>(__nv_fp8_e5m2()));
using T_fp8x4_to_float4 = decltype(static_cast<float4>(__nv_fp8x4_e4m3()));
using T_call_cvt_float_to_fp8 = decltype(__nv_cvt_float_to_fp8(1.0f, __NV_SATFINITE, __NV_E4M3));
using T_call_cvt_fp8_to_halfraw = decltype(__nv_cvt_fp8_to_halfraw(0, __NV_E5M2));
using T_call_cvt_float2_to_fp8x2 = decltype(__nv_cvt_float2_to_fp8x2(float2(), __NV_NOSAT, __NV_E4M3));
KT_PROBE_VALUE(__NV_E5M2)
KT_PROBE_VALUE(__NV_SATFINITE)

// cuRAND device generators (curand_kernel.h): layouts and draws.
using T_size_curandState = char (*)[sizeof(curandState_t)];
using T_size_curandStatePhilox = char (*)[sizeof(curandStatePhilox4_32_10_t)];
using T_size_curandStateMRG = char (*)[sizeof(curandStateMRG32k3a_t)];
__device__ void probe_curand(curandState_t *x, curandStatePhilox4_32_10_t *p,
                             curandStateMRG32k3a_t *m) {
  using T_curand_init_xorwow = decltype(curand_init(1ull, 2ull, 3ull, x));
  using T_curand_init_philox = decltype(curand_init(1ull, 2ull, 3ull, p));
  using T_curand_xorwow = decltype(curand(x));
  using T_curand_mrg = decltype(curand(m));
  using T_curand_uniform_xorwow = decltype(curand_uniform(x));
  using T_curand_uniform_double_philox = decltype(curand_uniform_double(p));
  using T_curand_normal_philox = decltype(curand_normal(p));
  using T_curand_normal2_mrg = decltype(curand_normal2(m));
  using T_curand_normal_double_xorwow = decltype(curand_normal_double(x));
  using T_curand4_philox = decltype(curand4(p));
  using T_curand_uniform4_philox = decltype(curand_uniform4(p));
  using T_curand_normal4_philox = decltype(curand_normal4(p));
  using T_curand_uniform2_double_philox = decltype(curand_uniform2_double(p));
}
