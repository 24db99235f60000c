# A column-sum reduction that accumulates in the input's fp16: each loop
# iteration rounds the running sum to 11 bits of mantissa, and sums above
# 65504 overflow to inf.
# CHECKS: kernel-narrow-accumulation
import triton
import triton.language as tl


@triton.jit
def col_sum_kernel(x_ptr, out_ptr, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    col_mask = cols < N
    acc = tl.zeros([BLOCK_N], dtype=tl.float16)
    for m in range(0, M, BLOCK_M):
        rows = m + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < M) & col_mask[None, :]
        x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :], mask=mask, other=0.0)
        acc += tl.sum(x, axis=0).to(tl.float16)  # expected-warning {{16-bit}}
    tl.store(out_ptr + cols, acc, mask=col_mask)


@triton.jit
def matmul_fp16_acc_kernel(a_ptr, b_ptr, c_ptr, K, stride_am, stride_bk,
                           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float16)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + offs_m[:, None] * stride_am + (k + offs_k)[None, :])
        b = tl.load(b_ptr + (k + offs_k)[:, None] * stride_bk + offs_n[None, :])
        acc = tl.dot(a, b, acc, out_dtype=tl.float16)  # expected-warning {{16-bit}}
    tl.store(c_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], acc)
