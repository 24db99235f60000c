# FIXME: known false positive (FlagGems src/flag_gems/ops/tril.py, tril kernel). 'keep'
# selects the lower triangle; it is not a bound on 'offs_n' (BLOCK_N == N: every lane is
# inside the row). Lanes failing it load 'other=0.0' and store that zero on purpose. The
# check takes the load's mask for a bound the store must repeat.
# CHECKS: kernel-store-mask-mismatch
import triton
import triton.language as tl


@triton.jit
def tril_kernel(in_ptr, out_ptr, diag, M: tl.constexpr, N: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_b = tl.program_id(1)
    offs_n = tl.arange(0, BLOCK_N)
    idxs = pid_b * (M * N) + pid_m * N + offs_n
    keep = offs_n <= pid_m + diag
    x = tl.load(in_ptr + idxs, mask=keep, other=0.0)
    tl.store(out_ptr + idxs, x)  # expected-warning {{not predicated}}
