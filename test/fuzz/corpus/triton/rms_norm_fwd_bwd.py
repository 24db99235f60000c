# An RMSNorm forward/backward pair where only the forward kernel widens its
# row index: the forward pass works on a > 2^31-element activation whose
# backward pass then reads and writes wrapped rows.
# CHECKS: kernel-index-width-mismatch
import triton
import triton.language as tl


@triton.jit
def _rms_norm_fwd_kernel(
    Y_ptr, Y_row_stride, X_ptr, X_row_stride, W_ptr, RSTD_ptr,
    n_cols, eps, BLOCK_SIZE: tl.constexpr,
):
    row_idx = tl.program_id(0).to(tl.int64)
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    X_row = tl.load(X_ptr + row_idx * X_row_stride + col_offsets, mask=mask, other=0).to(tl.float32)
    W_row = tl.load(W_ptr + col_offsets, mask=mask, other=0).to(tl.float32)
    mean_square = tl.sum(X_row * X_row, axis=0) / n_cols
    rstd = tl.rsqrt(mean_square + eps)
    tl.store(RSTD_ptr + row_idx, rstd)
    Y_row = X_row * rstd * W_row
    tl.store(Y_ptr + row_idx * Y_row_stride + col_offsets, Y_row, mask=mask)


@triton.jit
def _rms_norm_bwd_kernel(
    dY_ptr, dY_row_stride, dX_ptr, dX_row_stride, X_ptr, X_row_stride,
    W_ptr, RSTD_ptr, dW_ptr, dW_row_stride, n_cols, BLOCK_SIZE: tl.constexpr,
):
    row_idx = tl.program_id(0)
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    dY_row = tl.load(dY_ptr + row_idx * dY_row_stride + col_offsets, mask=mask, other=0).to(tl.float32)  # expected-warning {{index width}}
    X_row = tl.load(X_ptr + row_idx * X_row_stride + col_offsets, mask=mask, other=0).to(tl.float32)
    W_row = tl.load(W_ptr + col_offsets, mask=mask, other=0).to(tl.float32)
    rstd = tl.load(RSTD_ptr + row_idx)
    m = dY_row * W_row
    dX_row = rstd * m - rstd * rstd * rstd * (tl.sum(m * X_row, axis=0) / n_cols) * X_row
    tl.store(dX_ptr + row_idx * dX_row_stride + col_offsets, dX_row, mask=mask)
    tl.store(dW_ptr + row_idx * dW_row_stride + col_offsets, dY_row * X_row * rstd, mask=mask)
