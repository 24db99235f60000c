# FlagGems nll_loss2d_backward_kernel (src/flag_gems/ops/nllloss.py), the 2-D
# form of the seed bug: an ignored pixel of sample n addresses
# offset_n * C * D + ignore_index * D + offset_d, which for ignore_index = C is
# sample n+1's class-0 gradient at the same pixel (and for -100 lies before
# the tensor), and the store is masked on the pixel bound only.
# CHECKS: kernel-store-mask-mismatch
import torch
import triton
import triton.language as tl


@triton.jit(do_not_specialize=["ignore_index"])
def nll_loss2d_backward_kernel(
    out_grad_ptr,
    tgt_ptr,
    wgt_ptr,
    inp_grad_ptr,
    ignore_index,
    total_weight,
    N,
    C,
    D,
    reduction: tl.constexpr = 1,
    BLOCK_ND: tl.constexpr = 128,
):
    pid_nd = tl.program_id(0)
    offset_nd = pid_nd * BLOCK_ND + tl.arange(0, BLOCK_ND)
    offset_d = offset_nd % D
    offset_n = offset_nd // D

    mask_block = offset_nd < N * D

    tgt_ptrs = tgt_ptr + offset_n * D + offset_d
    tgt = tl.load(tgt_ptrs, mask=mask_block, other=0)
    ignore_mask = not (tgt == ignore_index) and mask_block

    if wgt_ptr is None:
        wgt_tgt = ignore_mask.to(tl.float32)
    else:
        wgt_tgt = tl.load(wgt_ptr + tgt, mask=ignore_mask, other=0).to(tl.float32)

    if reduction == 0:
        out_grad_ptrs = out_grad_ptr + offset_n * D + offset_d
        out_grad = tl.load(out_grad_ptrs, mask=mask_block, other=0).to(tl.float32)
    else:
        out_grad = tl.load(out_grad_ptr).to(tl.float32)

    if reduction == 1:
        total_w = tl.load(total_weight).to(tl.float32)
    else:
        total_w = 1
    inp_grad = tl.where(ignore_mask, -1 * out_grad * wgt_tgt / total_w, 0)
    inp_grad_ptrs = inp_grad_ptr + offset_n * C * D + tgt * D + offset_d
    tl.store(inp_grad_ptrs, inp_grad, mask=mask_block)  # expected-warning {{not predicated}}


def nll_loss2d_backward(grad_output, target, weight, total_weight, C, reduction, ignore_index):
    N, H, W = target.shape
    D = H * W
    grad_input = torch.zeros((N, C, H, W), dtype=torch.float32, device=target.device)
    grid = (triton.cdiv(N * D, 128),)
    nll_loss2d_backward_kernel[grid](
        grad_output, target, weight, grad_input, ignore_index, total_weight, N, C, D, reduction
    )
    return grad_input
