# A per-class histogram of weights accumulated with atomics through a
# pointer the kernel casts to fp16: the value is fp32, but every atomic adds
# into a 16-bit cell, so the running total rounds at each step and
# saturates at 65504.
# CHECKS: kernel-narrow-accumulation
import triton
import triton.language as tl


@triton.jit
def class_weight_sum_kernel(target_ptr, weight_ptr, sums_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    cls = tl.load(target_ptr + offs, mask=mask, other=0)
    w = tl.load(weight_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    sums = sums_ptr.to(tl.pointer_type(tl.float16))
    tl.atomic_add(sums + cls, w, mask=mask)  # expected-warning {{16-bit}}
