# Liger-Kernel's cross-entropy forward/backward before its int64 fix: the
# row offset program_id * X_stride is an int32 product, which wraps once
# rows * vocabulary passes 2^31 (e.g. 16k tokens x 152k vocabulary).
# CHECKS: kernel-int32-offset
import triton
import triton.language as tl


@triton.jit
def cross_entropy_kernel(
    X_ptr,
    X_stride,
    Y_ptr,
    Y_stride,
    loss_ptr,
    loss_stride,
    n_cols,
    n_non_ignore,
    ignore_index,
    BLOCK_SIZE: tl.constexpr,
):
    program_id = tl.program_id(0)

    Y_ptr += program_id * Y_stride  # expected-warning {{can wrap}}
    y = tl.load(Y_ptr)

    X_ptr += program_id * X_stride  # expected-warning {{can wrap}}

    if y == ignore_index:
        for i in range(0, n_cols, BLOCK_SIZE):
            X_offsets = i + tl.arange(0, BLOCK_SIZE)
            tl.store(X_ptr + X_offsets, 0.0, mask=X_offsets < n_cols)
        return

    loss_ptr += program_id * loss_stride  # expected-warning {{can wrap}}

    m = float("-inf")
    d = 0.0
    ori_X_y = tl.load(X_ptr + y).cast(tl.float32)
    for i in range(0, n_cols, BLOCK_SIZE):
        X_offsets = i + tl.arange(0, BLOCK_SIZE)
        X_block = tl.load(X_ptr + X_offsets, mask=X_offsets < n_cols, other=float("-inf")).cast(tl.float32)
        block_max = tl.max(X_block)
        m_new = tl.maximum(m, block_max)
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(X_block - m_new))
        m = m_new

    for i in range(0, n_cols, BLOCK_SIZE):
        X_offsets = i + tl.arange(0, BLOCK_SIZE)
        X_block = tl.load(X_ptr + X_offsets, mask=X_offsets < n_cols, other=float("-inf")).cast(tl.float32)
        X_block = (tl.exp(X_block - m) / d) / n_non_ignore
        X_block = tl.where(X_offsets != y, X_block, X_block - 1.0 / n_non_ignore)
        tl.store(X_ptr + X_offsets, X_block, mask=X_offsets < n_cols)

    loss = -(ori_X_y - m - tl.log(d)) / n_non_ignore
    tl.store(loss_ptr, loss)
