# A tiled 2-D copy whose mask covers the row axis only: when N is not a
# multiple of BLOCK_N, the last column tile reads and writes past each row.
# CHECKS: kernel-store-mask-mismatch
import triton
import triton.language as tl


@triton.jit
def tiled_copy_kernel(
    src_ptr,
    dst_ptr,
    M,
    N,
    stride_m,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    row_mask = offs_m[:, None] < M
    col_mask = offs_n[None, :] < N
    ptrs = offs_m[:, None] * stride_m + offs_n[None, :]
    tile = tl.load(src_ptr + ptrs, mask=row_mask, other=0.0)  # expected-warning {{not predicated}}
    tl.store(dst_ptr + ptrs, tile, mask=row_mask & col_mask)
