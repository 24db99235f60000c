# XFAIL: a pointer assigned in both branches of an if is judged by its 64-bit branch only
# Missed true bug (flash-linear-attention #803, fla/modules/conv/triton/kernels.py before
# 46c5f6be): in the varlen branch 'bos' is a token offset loaded from 'cu_seqlens' as int32
# and 'bos * stride_x_t' wraps once the batch holds more than 2^31 / stride_x_t tokens
# (524,288 tokens of width 4,096); the other branch already widens, and the finding is lost
# where the two definitions of 'p_x' meet. The same file without the else branch is reported.
# CHECKS: kernel-int32-offset
import triton
import triton.language as tl


@triton.jit
def varlen_states_kernel(x, cu_seqlens, out, stride_x_n, stride_x_t, T, D, IS_VARLEN: tl.constexpr, BD: tl.constexpr):
    i_d, i_n = tl.program_id(0), tl.program_id(1)
    o_d = i_d * BD + tl.arange(0, BD)
    m_d = o_d < D
    if IS_VARLEN:
        bos = tl.load(cu_seqlens + i_n).to(tl.int32)
        eos = tl.load(cu_seqlens + i_n + 1).to(tl.int32)
        seq_len = eos - bos
        p_x = x + bos * stride_x_t  # expected-warning {{can wrap}}
    else:
        seq_len = T
        p_x = x + tl.cast(i_n, tl.int64) * stride_x_n
    p_x = tl.make_block_ptr(p_x, (seq_len, D), (stride_x_t, 1), (seq_len - 1, i_d * BD), (1, BD), (1, 0))
    b_x = tl.reshape(tl.load(p_x, boundary_check=(0, 1), padding_option="zero"), (BD,))
    tl.store(out + tl.cast(i_n, tl.int64) * D + o_d, b_x, mask=m_d)
