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
namespace cg = cooperative_groups;

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
