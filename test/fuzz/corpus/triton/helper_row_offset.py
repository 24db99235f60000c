# A softmax whose row load lives in a @triton.jit helper: the helper's
# row * stride is int32 because the kernel passes the raw program id. The
# finding is on the helper's line, found with the caller's argument facts.
# CHECKS: kernel-int32-offset
import triton
import triton.language as tl


@triton.jit
def _load_row(ptr, row, stride, cols, mask):
    return tl.load(ptr + row * stride + cols, mask=mask, other=-float("inf"))  # expected-warning {{can wrap}}


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = _load_row(in_ptr, row, in_stride, cols, mask).to(tl.float32)
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    y = num / tl.sum(num, axis=0)
    out_row = out_ptr + row.to(tl.int64) * out_stride
    tl.store(out_row + cols, y, mask=mask)
