#!/usr/bin/env python3
"""Runs the Triton fixtures of the store-mask and width rules on a GPU.

Each fixture under fixtures/triton/<rule>/ is imported as it is (never edited)
and its kernel launched at a shape where the hazard the fixture claims becomes
observable:

  kernel-store-mask-mismatch  the output tensor sits between two guard zones
                              filled with a canary; a store through the
                              sentinel (or past the row) changes a canary;
  kernel-int32-offset         the tensor sits 2^31 elements into a larger
                              allocation and has rows past offset 2^31, so an
                              int32 row offset that wraps to -2^31 lands in
                              the allocation's guard instead of faulting.

A hazard that no output can show (an out-of-bounds load whose values a masked
store discards) is re-run under compute-sanitizer memcheck when it is found.

A buggy fixture must be observed wrong, a fixed twin or safe_* fixture right;
the table marks anything else UNEXPECTED and the exit status is 1. Fixtures
with no runner here are listed as such (the table is of what exists). Each
fixture runs in its own subprocess, so a fault in one cannot hide the others
and device memory is returned between fixtures.

Usage: python3 runtime-kernels/triton/run_triton_fixtures.py [--json FILE]
       [--skip-large]   (the width cases need 8 to 32 GiB of device memory)
"""
import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RULES = ["kernel-store-mask-mismatch", "kernel-int32-offset",
         "kernel-index-width-mismatch", "kernel-narrow-accumulation"]
CANARY = -777.0

RUNNERS = {}


def runner(stem, large=False, observable=True):
    """Registers fn(module, kind) -> list of case dicts for fixture `stem`
    (its file name without .py / .fixed.py)."""
    def register(fn):
        RUNNERS[stem] = (fn, large, observable)
        return fn
    return register


# ---------------------------------------------------------------------------
# Helpers (imported lazily: the parent process needs neither torch nor triton)

def torch_mods():
    import torch
    import triton
    return torch, triton


def guarded(numel, guard, dtype, fill=0.0):
    torch, _ = torch_mods()
    storage = torch.full((guard + numel + guard,), CANARY, dtype=dtype,
                         device="cuda")
    view = storage[guard:guard + numel]
    view.fill_(fill)
    return storage, view


def outside_writes(storage, guard, numel):
    """Offsets (relative to the tensor) of guard cells that lost the canary."""
    torch, _ = torch_mods()
    changed = (storage != CANARY).nonzero().flatten().tolist()
    return [i - guard for i in changed if i < guard or i >= guard + numel]


def timed(fn):
    torch, _ = torch_mods()
    torch.cuda.synchronize()
    start = time.perf_counter()
    fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) * 1e3


def case(name, shape, expected, observed, wrong, ms):
    """wrong: truthy when observed wrong; None for an informational case."""
    return {"case": name, "shape": shape, "expected": expected,
            "observed": observed, "wrong": None if wrong is None else bool(wrong),
            "ms": round(ms, 3)}


def short(cells, limit=8):
    text = ", ".join(str(c) for c in cells[:limit])
    return f"{len(cells)} [{text}{', ...' if len(cells) > limit else ''}]"


# ---------------------------------------------------------------------------
# kernel-store-mask-mismatch

def nll_1d_targets(sentinel):
    # The seed's rows plus one ignored row at the end, whose sentinel address
    # leaves the tensor deterministically.
    return [sentinel, 0, 1, sentinel, 0, 3, sentinel]


def nll_1d_case(launch, sentinel, label):
    torch, _ = torch_mods()
    targets = nll_1d_targets(sentinel)
    n, c = len(targets), 4
    gen = torch.Generator(device="cuda").manual_seed(1)
    target = torch.tensor(targets, device="cuda")
    grad_out = torch.rand(n, device="cuda", generator=gen) + 0.5
    storage, grad_in = guarded(n * c, 128, torch.float32)
    ms = timed(lambda: launch(grad_out, target, grad_in, n, c, sentinel))
    ref = torch.zeros(n, c, device="cuda")
    for row, t in enumerate(targets):
        if t != sentinel:
            ref[row, t] = -grad_out[row]
    wrong_cells = (grad_in.view(n, c) != ref).nonzero().tolist()
    outside = outside_writes(storage, 128, n * c)
    return case(f"{label}, ignore_index={sentinel}", f"N={n} C={c}",
                "grad_input = fp64 reference, no write outside",
                f"wrong cells {short(wrong_cells)}, writes outside "
                f"{short(outside)}", wrong_cells or outside, ms)


@runner("nll_loss_backward")
def run_nll_loss_backward(mod, kind):
    torch, triton = torch_mods()
    total_weight = torch.ones(1, device="cuda")

    def launch(grad_out, target, grad_in, n, c, sentinel):
        mod.nll_loss_backward_kernel[(triton.cdiv(n, 128),)](
            grad_out, target, None, grad_in, sentinel, total_weight, n, c, 0)

    cases = [nll_1d_case(launch, s, "kernel") for s in (4, -100)]
    # The seed's exact reproducer through the fixture's own host wrapper,
    # against torch's nll_loss gradient (rows 1 and 4 are the aliased ones).
    targets = [4, 0, 1, 4, 0, 3]
    target = torch.tensor(targets, device="cuda")
    inp = torch.randn(6, 4, device="cuda", requires_grad=True)
    ones = torch.ones(6, device="cuda")
    ref = torch.nn.functional.nll_loss(inp, target, reduction="none",
                                       ignore_index=4)
    (ref_grad,) = torch.autograd.grad(ref, inp, ones)
    res = {}
    ms = timed(lambda: res.update(g=mod.nll_loss_backward(
        ones, target, None, total_weight, 4, 0, 4)))
    diff = (res["g"] != ref_grad).nonzero().tolist()
    cases.append(case("seed reproducer (host wrapper), ignore_index=4",
                      "N=6 C=4", "torch.nn.functional.nll_loss gradient",
                      f"cells differing {short(diff)} (in-warp race: "
                      "informational)", None, ms))
    return cases


@runner("nll_loss_backward_negative_sentinel")
def run_negative_sentinel(mod, kind):
    _, triton = torch_mods()

    def launch(grad_out, target, grad_in, n, c, sentinel):
        mod.masked_nll_backward_kernel[(triton.cdiv(n, 8),)](
            grad_out, target, grad_in, n, c, BLOCK=8)

    return [nll_1d_case(launch, -100, "kernel")]


@runner("safe_sanitised_target")
def run_safe_sanitised_target(mod, kind):
    torch, triton = torch_mods()

    def launch(grad_out, target, grad_in, n, c, sentinel):
        mod.nll_loss_nd_backward_kernel[(triton.cdiv(n, 8),)](
            grad_out, target, grad_in, n, c, sentinel, BLOCK=8)

    cases = [nll_1d_case(launch, s, "nll_loss_nd_backward_kernel")
             for s in (4, -100)]
    # clamped gather: out-of-range indices read entry 0 and yield 0.
    n_entries, n = 10, 37
    table_storage, table = guarded(n_entries, 64, torch.float32)
    table.copy_(torch.arange(1, n_entries + 1, device="cuda",
                             dtype=torch.float32))
    index = torch.tensor([(i * 7) % 17 - 3 for i in range(n)], device="cuda")
    out_storage, out = guarded(n, 64, torch.float32)
    ms = timed(lambda: mod.clamped_gather_kernel[(triton.cdiv(n, 16),)](
        table, index, out, n, n_entries, BLOCK=16))
    ok = (index >= 0) & (index < n_entries)
    ref = torch.where(ok, table[index.clamp(0, n_entries - 1)],
                      torch.zeros_like(out))
    wrong = (out != ref).nonzero().tolist()
    outside = outside_writes(out_storage, 64, n)
    cases.append(case("clamped_gather_kernel", f"n={n} entries={n_entries}",
                      "gather of valid indices, 0 elsewhere",
                      f"wrong {short(wrong)}, writes outside {short(outside)}",
                      wrong or outside, ms))
    return cases


def nll_2d_targets(sentinel, n, c, d):
    torch, _ = torch_mods()
    gen = torch.Generator().manual_seed(3)
    t = torch.randint(0, c, (n, d), generator=gen)
    ignored = torch.rand(n, d, generator=gen) < 1 / 3
    ignored[:, 0] = True  # the last sample's sentinel leaves the tensor
    t[ignored] = sentinel
    return t


@runner("nll_loss2d_backward")
def run_nll_loss2d_backward(mod, kind):
    torch, triton = torch_mods()
    n, c, h, w = 3, 4, 3, 5
    d = h * w
    guard = 2048
    cases = []
    for sentinel in (c, -100):
        target = nll_2d_targets(sentinel, n, c, d).to("cuda")
        grad_out = torch.rand(n, d, device="cuda") + 0.5
        storage, grad_in = guarded(n * c * d, guard, torch.float32)
        total_weight = torch.ones(1, device="cuda")
        ms = timed(lambda: mod.nll_loss2d_backward_kernel[
            (triton.cdiv(n * d, 128),)](grad_out, target, None, grad_in,
                                        sentinel, total_weight, n, c, d, 0))
        ref = torch.zeros(n, c, d, device="cuda")
        valid = target != sentinel
        nn_, dd = valid.nonzero(as_tuple=True)
        ref[nn_, target[valid], dd] = -grad_out[valid]
        wrong = (grad_in.view(n, c, d) != ref).nonzero().tolist()
        outside = outside_writes(storage, guard, n * c * d)
        cases.append(case(f"kernel, ignore_index={sentinel}",
                          f"N={n} C={c} H={h} W={w}",
                          "grad_input = reference, no write outside",
                          f"wrong cells {short(wrong)}, writes outside "
                          f"{short(outside)}", wrong or outside, ms))
    return cases


@runner("unmasked_tail")
def run_unmasked_tail(mod, kind):
    torch, _ = torch_mods()
    rows, cols, block = 4, 20, 32
    x = torch.randn(rows * cols, device="cuda")
    scale_storage, scale = guarded(cols, 64, torch.float32)
    scale.copy_(torch.rand(cols, device="cuda") + 0.5)
    y_storage, y = guarded(rows * cols, 64, torch.float32)
    ms = timed(lambda: mod.row_scale_kernel[(rows,)](
        x, scale, y, cols, cols, BLOCK_SIZE=block))
    ref = (x.view(rows, cols) * scale).flatten()
    wrong = (y != ref).nonzero().flatten().tolist()
    outside = outside_writes(y_storage, 64, rows * cols)
    return [case("row_scale_kernel", f"rows={rows} n_cols={cols} "
                 f"BLOCK_SIZE={block}", "y = x * scale, no write outside",
                 f"wrong cells {short(wrong)}, writes outside "
                 f"{short(outside)}", wrong or outside, ms)]


@runner("causal_loop_past_own_block")
def run_causal_loop_past_own_block(mod, kind):
    # The read side: rows of u past T hold NaN (the guard), and the last
    # program's loop reads them unmasked; k is 0 there, but 0 * NaN is NaN.
    torch, triton = torch_mods()
    t, d, block = 20, 16, 16
    k = torch.randn(t * d, device="cuda")
    u_storage, u = guarded(t * d, 16 * d, torch.float32)
    u_storage.fill_(float("nan"))
    u.copy_(torch.randn(t * d, device="cuda"))
    grid = triton.cdiv(t, block)
    out = torch.zeros(grid * d, device="cuda")
    ms = timed(lambda: mod.causal_inclusive_sum_kernel[(grid,)](
        k, u, out, t, D=d, BLOCK_C=block))
    kk, uu = k.view(t, d), u.view(t, d)
    ref = torch.stack([(kk[:min((p + 1) * block, t)] * uu[:min((p + 1) * block, t)]).sum(0)
                       for p in range(grid)]).flatten()
    wrong = (~torch.isclose(out, ref, rtol=1e-4, atol=1e-4)).nonzero().flatten().tolist()
    return [case("causal_inclusive_sum_kernel", f"T={t} D={d} BLOCK_C={block}",
                 "out = prefix sums of k * u over rows < T",
                 f"wrong cells {short(wrong)} (rows past T read as NaN)",
                 wrong, ms)]


@runner("rows_past_bound_no_padding")
def run_rows_past_bound_no_padding(mod, kind):
    # Lse is [batch, seqlen_q] with no padding: the last block's tail lanes of
    # the last batch store past the end (the guard loses its canary).
    torch, triton = torch_mods()
    b, t, d, bm = 2, 20, 16, 16
    q = torch.randn(b, t, d, device="cuda")
    out = torch.empty(b, t, d, device="cuda")
    lse_storage, lse = guarded(b * t, 64, torch.float32)
    ms = timed(lambda: mod.row_logsumexp_kernel[(triton.cdiv(t, bm), b)](
        q, out, lse, q.stride(0), q.stride(1), out.stride(0), out.stride(1), t,
        BLOCK_M=bm, BLOCK_D=d))
    ref = torch.logsumexp(q, dim=2).flatten()
    wrong = (~torch.isclose(lse, ref, rtol=1e-4, atol=1e-4)).nonzero().flatten().tolist()
    outside = outside_writes(lse_storage, 64, b * t)
    return [case("row_logsumexp_kernel", f"B={b} seqlen_q={t} BLOCK_M={bm}",
                 "lse = logsumexp(q) per row, no write outside",
                 f"wrong cells {short(wrong)}, writes outside {short(outside)}",
                 wrong or outside, ms)]


@runner("k_loop_block_tail")
def run_k_loop_block_tail(mod, kind):
    # The scale past K holds NaN; the last block's lanes past K multiply it
    # by the masked x (0): 0 * NaN is NaN, and the sum turns NaN.
    torch, triton = torch_mods()
    k_len, block = 20, 16
    x = torch.randn(k_len, device="cuda")
    s_storage, s = guarded(k_len, 64, torch.float32)
    s_storage.fill_(float("nan"))
    s.copy_(torch.rand(k_len, device="cuda") + 0.5)
    out = torch.zeros(1, device="cuda")
    ms = timed(lambda: mod.scaled_dot_kernel[(1,)](x, s, out, k_len, BLOCK_K=block))
    ref = (x * s).sum()
    ok = bool(torch.isclose(out[0], ref, rtol=1e-4, atol=1e-4))
    return [case("scaled_dot_kernel", f"K={k_len} BLOCK_K={block}",
                 "out = sum(x * scale) over K", f"out {out[0].item():.4g} vs {ref.item():.4g}",
                 not ok, ms)]


@runner("mask_2d_one_axis", observable=False)
def run_mask_2d_one_axis(mod, kind):
    torch, triton = torch_mods()
    m, n, bm, bn = 5, 20, 4, 16
    src = torch.randn(m * n, device="cuda")
    dst_storage, dst = guarded(m * n, 64, torch.float32)
    ms = timed(lambda: mod.tiled_copy_kernel[(triton.cdiv(m, bm),
                                              triton.cdiv(n, bn))](
        src, dst, m, n, n, BLOCK_M=bm, BLOCK_N=bn))
    wrong = (dst != src).nonzero().flatten().tolist()
    outside = outside_writes(dst_storage, 64, m * n)
    return [case("tiled_copy_kernel", f"M={m} N={n} BLOCK={bm}x{bn}",
                 "dst = src; the hazard is an out-of-bounds load, which no "
                 "output shows (memcheck only)",
                 f"wrong cells {short(wrong)}, writes outside {short(outside)}",
                 wrong or outside, ms)]


# ---------------------------------------------------------------------------
# kernel-int32-offset: rows past element 2^31. The tensor starts 2^31 elements
# into its allocation, so a row offset that wraps to -2^31 reads or writes the
# allocation's first elements (the guard) instead of faulting.

WRAP = 1 << 31
N_COLS = 4096
ROWS = WRAP // N_COLS + 1  # the last row starts at element 2^31


def triton_cdiv(a, b):
    return (a + b - 1) // b


def wrapped_layout(dtype, guard_fill):
    torch, _ = torch_mods()
    storage = torch.empty(WRAP + ROWS * N_COLS, dtype=dtype, device="cuda")
    storage[:WRAP].fill_(guard_fill)
    return storage, storage[WRAP:].view(ROWS, N_COLS)


@runner("cross_entropy_row_offset", large=True)
def run_cross_entropy(mod, kind):
    torch, _ = torch_mods()
    storage, x = wrapped_layout(torch.bfloat16, 0.0)
    gen = torch.Generator(device="cuda").manual_seed(5)
    x.normal_(generator=gen)
    y = torch.randint(0, N_COLS, (ROWS,), device="cuda", generator=gen)
    loss = torch.full((ROWS,), float("nan"), device="cuda")
    check_rows = [0, ROWS // 2, ROWS - 1]
    before = {r: x[r].float().clone() for r in check_rows}
    ms = timed(lambda: mod.cross_entropy_kernel[(ROWS,)](
        x, N_COLS, y, 1, loss, 1, N_COLS, ROWS, -100, BLOCK_SIZE=N_COLS))
    bad = []
    for r in check_rows:
        logits = before[r].double()
        ref_grad = torch.softmax(logits, 0) / ROWS
        ref_grad[y[r]] -= 1.0 / ROWS
        ref_loss = (torch.logsumexp(logits, 0) - logits[y[r]]) / ROWS
        grad_ok = torch.allclose(x[r].double(), ref_grad, rtol=2e-2,
                                 atol=1e-12)
        loss_ok = abs(loss[r].item() - ref_loss.item()) <= 1e-3 * abs(
            ref_loss.item())
        if not (grad_ok and loss_ok):
            bad.append(r)
    guard_written = bool((storage[:N_COLS] != 0).any().item())
    return [case("cross_entropy_kernel",
                 f"X [{ROWS}, {N_COLS}] bf16 (last row at element 2^31)",
                 "rows 0, mid, last: gradient and loss = fp64 reference; "
                 "guard untouched",
                 f"wrong rows {bad}, guard written: {guard_written}",
                 bad or guard_written, ms)]


@runner("helper_row_offset", large=True)
def run_helper_row_offset(mod, kind):
    torch, _ = torch_mods()
    storage, x = wrapped_layout(torch.bfloat16, 0.0)
    gen = torch.Generator(device="cuda").manual_seed(6)
    x.normal_(generator=gen)
    out = torch.full((ROWS, N_COLS), float("nan"), dtype=torch.bfloat16,
                     device="cuda")
    ms = timed(lambda: mod.softmax_kernel[(ROWS,)](
        out, x, N_COLS, N_COLS, N_COLS, BLOCK=N_COLS))
    bad = []
    for r in [0, ROWS // 2, ROWS - 1]:
        ref = torch.softmax(x[r].double(), 0)
        if not torch.allclose(out[r].double(), ref, rtol=2e-2, atol=1e-6):
            bad.append(r)
    return [case("softmax_kernel (+ _load_row helper)",
                 f"in [{ROWS}, {N_COLS}] bf16 (last row at element 2^31)",
                 "rows 0, mid, last = fp64 softmax of their own row",
                 f"wrong rows {bad}", bad, ms)]


@runner("innermost_stride_column_walk", large=True)
def run_innermost_stride(mod, kind):
    # The row term wraps in the buggy file (the last row reads the guard); the
    # column term 'offs_k * stride_ak' (stride 1) never does, in either file.
    torch, _ = torch_mods()
    storage, a = wrapped_layout(torch.bfloat16, 0.0)
    gen = torch.Generator(device="cuda").manual_seed(11)
    a.normal_(generator=gen)
    out = torch.full((ROWS,), float("nan"), dtype=torch.float32, device="cuda")
    ms = timed(lambda: mod.row_sum_kernel[(triton_cdiv(ROWS, 64),)](
        a, out, ROWS, N_COLS, N_COLS, 1, BLOCK_M=64, BLOCK_K=64))
    bad = []
    for r in [0, ROWS // 2, ROWS - 1]:
        ref = a[r].double().sum().item()
        if abs(out[r].item() - ref) > 1e-2 * max(1.0, abs(ref)):
            bad.append(r)
    return [case("row_sum_kernel", f"a [{ROWS}, {N_COLS}] bf16 (last row at element 2^31)",
                 "rows 0, mid, last = fp64 sum of their own row",
                 f"wrong rows {bad}", bad, ms)]


@runner("safe_side_table_stride", large=True)
def run_side_table_stride(mod, kind):
    torch, _ = torch_mods()
    storage, x = wrapped_layout(torch.bfloat16, 0.0)
    gen = torch.Generator(device="cuda").manual_seed(12)
    x.normal_(generator=gen)
    y = torch.full_like(x, float("nan"))
    rstd = torch.full((ROWS,), float("nan"), dtype=torch.float32, device="cuda")
    ms = timed(lambda: mod.block_rms_norm_kernel[(triton_cdiv(ROWS, 4),)](
        y, x, rstd, N_COLS, 1, ROWS, N_COLS, 1e-6, BLOCK_ROWS=4, BLOCK=N_COLS))
    bad = []
    for r in [0, ROWS // 2, ROWS - 1]:
        row = x[r].double()
        ref_rstd = 1.0 / torch.sqrt((row * row).mean() + 1e-6)
        if (abs(rstd[r].item() - ref_rstd.item()) > 1e-3 * ref_rstd.item()
                or not torch.allclose(y[r].double(), row * ref_rstd, rtol=2e-2, atol=1e-2)):
            bad.append(r)
    return [case("block_rms_norm_kernel", f"X [{ROWS}, {N_COLS}] bf16 (last row at element 2^31), RSTD [{ROWS}]",
                 "rows 0, mid, last: RSTD and Y = fp64 reference",
                 f"wrong rows {bad}", bad, ms)]


@runner("safe_head_stride", large=True)
def run_head_stride(mod, kind):
    torch, _ = torch_mods()
    storage, rows = wrapped_layout(torch.bfloat16, 0.0)
    gen = torch.Generator(device="cuda").manual_seed(13)
    rows.normal_(generator=gen)
    k = rows.view(1, ROWS, 32, N_COLS // 32)
    o = mod.head_scale(k)
    torch.cuda.synchronize()
    bad = [t for t in [0, ROWS // 2, ROWS - 1]
           if not torch.equal(o[0, t].float(), k[0, t].float() * 2.0)]
    return [case("head_scale_kernel", f"k [1, {ROWS}, 32, {N_COLS // 32}] bf16 (last token at element 2^31)",
                 "tokens 0, mid, last: o = 2 k, every head",
                 f"wrong tokens {bad}", bad, 0.0)]


@runner("rope_row_stride", large=True)
def run_rope(mod, kind):
    torch, _ = torch_mods()
    n_qh, n_kh, hd, seq_len = 32, 8, 128, 4096
    assert n_qh * hd == N_COLS
    storage, q_rows = wrapped_layout(torch.bfloat16, 0.0)
    gen = torch.Generator(device="cuda").manual_seed(7)
    q_rows.normal_(generator=gen)
    q = q_rows.view(ROWS, n_qh, hd)
    k = torch.randn(ROWS, n_kh, hd, dtype=torch.bfloat16, device="cuda",
                    generator=gen)
    angles = torch.rand(seq_len, hd, device="cuda", generator=gen) * 6.28
    cos, sin = torch.cos(angles), torch.sin(angles)
    check = [0, ROWS // 2, ROWS - 1]
    q_before = {t: q[t].float().clone() for t in check}
    ms = timed(lambda: mod.rope_forward_kernel[(ROWS,)](
        q, n_qh * hd, k, n_kh * hd, cos, sin, seq_len, n_qh, n_kh, hd, n_qh,
        n_kh, hd))
    bad = []
    for t in check:
        pos = t % seq_len
        c_row, s_row = cos[pos, :hd // 2].double(), sin[pos, :hd // 2].double()
        q1, q2 = q_before[t][:, :hd // 2].double(), q_before[t][:, hd // 2:].double()
        ref = torch.cat([q1 * c_row - q2 * s_row, q2 * c_row + q1 * s_row], 1)
        if not torch.allclose(q[t].double(), ref, rtol=2e-2, atol=2e-2):
            bad.append(t)
    guard_written = bool((storage[:N_COLS] != 0).any().item())
    return [case("rope_forward_kernel (q)",
                 f"q [{ROWS}, {n_qh}, {hd}] bf16 (last token at element 2^31)",
                 "tokens 0, mid, last rotated as fp64; guard untouched",
                 f"wrong tokens {bad}, guard written: {guard_written}",
                 bad or guard_written, ms)]


@runner("rms_norm_fwd_bwd", large=True)
def run_rms_norm(mod, kind):
    """Forward (int64 rows) then backward (int32 rows in the buggy file) on
    [ROWS, N_COLS]. X, dY, dX and dW sit back to back after a 2^31 guard in one
    allocation, so each wrapped row lands in the tensor before it, readable."""
    torch, _ = torch_mods()
    span = ROWS * N_COLS
    storage = torch.zeros(WRAP + 4 * span, dtype=torch.bfloat16, device="cuda")
    x, dy, dx, dw = (storage[WRAP + i * span: WRAP + (i + 1) * span]
                     .view(ROWS, N_COLS) for i in range(4))
    gen = torch.Generator(device="cuda").manual_seed(8)
    x.normal_(generator=gen)
    dy.normal_(generator=gen)
    dx.fill_(float("nan"))
    dw.fill_(float("nan"))
    w = torch.rand(N_COLS, device="cuda", generator=gen) + 0.5
    y = torch.empty(ROWS, N_COLS, dtype=torch.bfloat16, device="cuda")
    rstd = torch.empty(ROWS, device="cuda")
    eps = 1e-6

    def launch():
        mod._rms_norm_fwd_kernel[(ROWS,)](y, N_COLS, x, N_COLS, w, rstd,
                                          N_COLS, eps, BLOCK_SIZE=N_COLS)
        mod._rms_norm_bwd_kernel[(ROWS,)](dy, N_COLS, dx, N_COLS, x, N_COLS,
                                          w, rstd, dw, N_COLS, N_COLS,
                                          BLOCK_SIZE=N_COLS)

    ms = timed(launch)
    bad = []
    for r in [0, ROWS // 2, ROWS - 1]:
        xr, dyr, wd = x[r].double(), dy[r].double(), w.double()
        rs = 1 / torch.sqrt((xr * xr).mean() + eps)
        m = dyr * wd
        ref_dx = rs * m - rs ** 3 * (m * xr).mean() * xr
        ref_dw = dyr * xr * rs
        if not (torch.allclose(dx[r].double(), ref_dx, rtol=3e-2, atol=3e-2)
                and torch.allclose(dw[r].double(), ref_dw, rtol=3e-2,
                                   atol=3e-2)):
            bad.append(r)
    return [case("_rms_norm_fwd_kernel + _rms_norm_bwd_kernel",
                 f"X [{ROWS}, {N_COLS}] bf16 (last row at element 2^31)",
                 "rows 0, mid, last: dX and dW = fp64 reference",
                 f"wrong rows {bad}", bad, ms)]


# ---------------------------------------------------------------------------
# More kernel-int32-offset fixtures (issue 28). The same layout: each tensor
# that the wrapped offset addresses starts 2^31 elements into its allocation,
# whose first 2^31 elements (the guard) hold zeros; outputs are poisoned with
# NaN. fp16 keeps each such tensor at 8 GiB.

def check_rows_of(rows):
    return [0, rows // 2, rows - 1]


def nan_fill(t):
    t.fill_(float("nan"))
    return t


def guard_written(storage, upto=WRAP):
    return bool((storage[:upto] != 0).any().item())


@runner("annotation_names_later_parameter", large=True)
def run_annotation_names_later_parameter(mod, kind):
    torch, _ = torch_mods()
    storage, x = wrapped_layout(torch.float16, 0.0)
    gen = torch.Generator(device="cuda").manual_seed(11)
    x.normal_(generator=gen)
    rows = check_rows_of(ROWS)
    before = {r: x[r].clone() for r in rows}
    ms = timed(lambda: mod.scale_rows_kernel[(ROWS,)](
        x, N_COLS, N_COLS, BLOCK=N_COLS))
    bad = [r for r in rows if not torch.equal(x[r], before[r] * 2)]
    g = guard_written(storage)
    return [case("scale_rows_kernel (in place, x2)",
                 f"x [{ROWS}, {N_COLS}] fp16 (last row at element 2^31), "
                 "needs 8 GiB",
                 "rows 0, mid, last doubled; guard untouched",
                 f"wrong rows {bad}, guard written: {g}", bad or g, ms)]


def import_with_else_branches(path, name):
    """kernel_under_else_branch.py defines its kernels under `if not
    hasattr(tl, "debug_barrier")` and `except ImportError` of libdevice,
    branches a current Triton does not take. The file is imported as it is,
    with those two names hidden for the import, so that its kernels exist."""
    import sys as _sys
    import triton.language as tl
    import triton.language.extra as extra
    saved_barrier = tl.__dict__.pop("debug_barrier", None)
    saved_lib = extra.__dict__.pop("libdevice", None)
    saved_mod = _sys.modules.get("triton.language.extra.libdevice")
    _sys.modules["triton.language.extra.libdevice"] = None
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        if stem_of(path) in PRE_EXEC:
            PRE_EXEC[stem_of(path)](mod)
        spec.loader.exec_module(mod)
    finally:
        if saved_barrier is not None:
            tl.debug_barrier = saved_barrier
        if saved_lib is not None:
            extra.libdevice = saved_lib
        if saved_mod is not None:
            _sys.modules["triton.language.extra.libdevice"] = saved_mod
        else:
            _sys.modules.pop("triton.language.extra.libdevice", None)
    return mod


@runner("kernel_under_else_branch", large=True)
def run_kernel_under_else_branch(mod, kind):
    torch, _ = torch_mods()
    cases = []
    for kname in ("scale_rows_kernel", "copy_rows_kernel"):
        kernel = getattr(mod, kname, None)
        if kernel is None:
            cases.append(case(kname, "", "kernel defined", "not defined "
                              "(branch not taken)", True, 0.0))
            continue
        xs, x = wrapped_layout(torch.float16, 0.0)
        gen = torch.Generator(device="cuda").manual_seed(12)
        x.normal_(generator=gen)
        os_, out = wrapped_layout(torch.float16, 0.0)
        nan_fill(out)
        ms = timed(lambda: kernel[(ROWS,)](x, out, N_COLS, N_COLS,
                                           BLOCK=N_COLS))
        factor = 2 if kname == "scale_rows_kernel" else 1
        rows = check_rows_of(ROWS)
        bad = [r for r in rows if not torch.equal(out[r], x[r] * factor)]
        g = guard_written(os_)
        cases.append(case(kname, f"[{ROWS}, {N_COLS}] fp16 in and out, "
                          "needs 32 GiB", "rows 0, mid, last right; out guard "
                          "untouched", f"wrong rows {bad}, guard written: {g}",
                          bad or g, ms))
        del xs, x, os_, out
        torch.cuda.empty_cache()
    return cases


@runner("branch_join_offset", large=True)
def run_branch_join_offset(mod, kind):
    torch, _ = torch_mods()
    xs, x = wrapped_layout(torch.float16, 0.0)
    gen = torch.Generator(device="cuda").manual_seed(13)
    x.normal_(generator=gen)
    os_, out = wrapped_layout(torch.float16, 0.0)
    nan_fill(out)
    ms = timed(lambda: mod.optional_widen_kernel[(ROWS,)](
        x, out, N_COLS, N_COLS, WIDE=False, BLOCK=N_COLS))
    rows = check_rows_of(ROWS)
    bad = [r for r in rows if not torch.equal(out[r], x[r])]
    g = guard_written(os_)
    return [case("optional_widen_kernel (WIDE=False)",
                 f"x, out [{ROWS}, {N_COLS}] fp16, needs 32 GiB",
                 "rows 0, mid, last copied; out guard untouched",
                 f"wrong rows {bad}, guard written: {g}", bad or g, ms)]


@runner("flat_index_rescaled", large=True)
def run_flat_index_rescaled(mod, kind):
    torch, triton = torch_mods()
    n = 16
    src = torch.randn(ROWS, n, device="cuda").half()
    ds, dst = wrapped_layout(torch.float16, 0.0)
    nan_fill(dst)
    total = ROWS * n
    ms = timed(lambda: mod.scatter_rows_kernel[(triton.cdiv(total, 1024),)](
        src, dst, total, n, N_COLS, BLOCK=1024))
    rows = check_rows_of(ROWS)
    bad = [r for r in rows if not torch.equal(dst[r, :n], src[r])]
    g = guard_written(ds)
    return [case("scatter_rows_kernel", f"src [{ROWS}, 16], dst [{ROWS}, "
                 f"{N_COLS}] fp16, needs 8 GiB",
                 "dst rows 0, mid, last = src rows; guard untouched",
                 f"wrong rows {bad}, guard written: {g}", bad or g, ms)]


@runner("inplace_rebase_branch", large=True)
def run_inplace_rebase_branch(mod, kind):
    torch, triton = torch_mods()
    b, t, h, d, bt = 2, 1 << 19, 32, 128, 64   # i_n * T * H * D = 2^31
    span = b * t * h * d
    xs = torch.zeros(WRAP + span, dtype=torch.float16, device="cuda")
    x = xs[WRAP:].view(b, t, h, d)
    gen = torch.Generator(device="cuda").manual_seed(14)
    x.normal_(generator=gen)
    ys = torch.zeros(WRAP + span, dtype=torch.float16, device="cuda")
    y = nan_fill(ys[WRAP:]).view(b, t, h, d)
    cos = torch.rand(t, d, device="cuda", generator=gen).half()
    ms = timed(lambda: mod.rotary_kernel[(triton.cdiv(t, bt), b, h)](
        x, y, cos, None, t, H=h, D=d, BT=bt, IS_VARLEN=False))
    bad = []
    for bi, ti in [(0, 0), (0, t - 1), (1, 0), (1, t - 1)]:
        ref = x[bi, ti].double() * cos[ti].double()
        if not torch.allclose(y[bi, ti].double(), ref, rtol=2e-3, atol=1e-3):
            bad.append((bi, ti))
    g = guard_written(ys)
    return [case("rotary_kernel (IS_VARLEN=False)",
                 f"x, y [{b}, {t}, {h}, {d}] fp16 (batch 1 at element 2^31), "
                 "needs 24 GiB", "y = x * cos at (batch, token) (0,0), (0,T-1), "
                 "(1,0), (1,T-1); y guard untouched",
                 f"wrong {bad}, guard written: {g}", bad or g, ms)]


@runner("unknown_module_program_id", large=True)
def run_unknown_module_program_id(mod, kind):
    torch, _ = torch_mods()
    m, n, k = (1 << 15) + 1, 256, 256     # pid_m * N * K = 2^31 for the last
    span = m * n * k
    ins = torch.zeros(WRAP + span, device="cuda")
    inp = ins[WRAP:].view(m, n, k)
    gen = torch.Generator(device="cuda").manual_seed(15)
    inp.normal_(generator=gen)
    outs = torch.zeros(WRAP + span, device="cuda")
    out = nan_fill(outs[WRAP:]).view(m, n, k)
    ms = timed(lambda: mod.softmax_dim1_kernel[(m, k)](
        out, inp, m, n, k, BLOCK_N=n))
    bad = []
    for r in [0, m // 2, m - 1]:
        ref = torch.softmax(inp[r].double(), 0)
        if not torch.allclose(out[r].double(), ref, rtol=1e-4, atol=1e-6):
            bad.append(r)
    g = guard_written(outs)
    return [case("softmax_dim1_kernel", f"[{m}, {n}, {k}] fp32 (slice {m - 1} "
                 "at element 2^31), needs 32 GiB",
                 "slices 0, mid, last = fp64 softmax over dim 1; guard "
                 "untouched", f"wrong slices {bad}, guard written: {g}",
                 bad or g, ms)]


def unknown_module_stub():
    """The fixture imports `from mylib import lang_helpers`: a module that
    does not exist; an empty stand-in lets the file import as it is (the
    kernel that uses it is not launched)."""
    import types
    mylib = types.ModuleType("mylib")
    mylib.lang_helpers = types.ModuleType("mylib.lang_helpers")
    sys.modules.setdefault("mylib", mylib)
    sys.modules.setdefault("mylib.lang_helpers", mylib.lang_helpers)


@runner("varlen_token_offset", large=True)
def run_varlen_token_offset(mod, kind):
    torch, triton = torch_mods()
    h, k, bt = 32, 128, 64
    t0, t1 = 1 << 19, 64                  # sequence 1 starts at token 2^19
    tokens = t0 + t1
    span = tokens * h * k
    qs = torch.zeros(WRAP + span, dtype=torch.float16, device="cuda")
    q = qs[WRAP:].view(tokens, h, k)
    gen = torch.Generator(device="cuda").manual_seed(16)
    q.normal_(generator=gen)
    os_ = torch.zeros(WRAP + span, dtype=torch.float16, device="cuda")
    o = nan_fill(os_[WRAP:]).view(tokens, h, k)
    cu = torch.tensor([0, t0, tokens], dtype=torch.int32, device="cuda")
    ms = timed(lambda: mod.varlen_fwd_kernel[(triton.cdiv(t0, bt), 2, h)](
        q, o, cu, H=h, K=k, BT=bt))
    seq0 = torch.equal(o[:bt], q[:bt] * 2)
    seq1 = torch.equal(o[t0:], q[t0:] * 2)
    g = guard_written(os_)
    return [case("varlen_fwd_kernel", f"q, o [{tokens}, {h}, {k}] fp16, "
                 f"cu_seqlens [0, 2^19, 2^19 + 64], needs 16 GiB",
                 "o = 2 q for sequence 0's first block and all of sequence 1; "
                 "o guard untouched",
                 f"sequence 0 right: {seq0}, sequence 1 right: {seq1}, "
                 f"guard written: {g}", (not seq0) or (not seq1) or g, ms)]


@runner("token_offset_row_width", large=True)
def run_token_offset_row_width(mod, kind):
    torch, triton = torch_mods()
    b, t, h, k, bt = 2, 1 << 19, 32, 128, 64   # i_b * T * H * K = 2^31
    span = b * t * h * k
    qs = torch.zeros(WRAP + span, dtype=torch.float16, device="cuda")
    q = qs[WRAP:].view(b, t, h, k)
    gen = torch.Generator(device="cuda").manual_seed(17)
    q.normal_(generator=gen)
    os_ = torch.zeros(WRAP + span, dtype=torch.float16, device="cuda")
    o = nan_fill(os_[WRAP:]).view(b, t, h, k)
    lse = torch.empty(b, t, device="cuda", dtype=torch.float32)
    ms = timed(lambda: mod.chunk_fwd_kernel[(triton.cdiv(t, bt), b * h)](
        q, o, lse, t, h * k, H=h, K=k, BT=bt))
    bad = [(bi, ti) for bi, ti in [(0, 0), (0, t - 1), (1, 0), (1, t - 1)]
           if not torch.equal(o[bi, ti], q[bi, ti] * 2)]
    g = guard_written(os_)
    return [case("chunk_fwd_kernel", f"q, o [{b}, {t}, {h}, {k}] fp16 "
                 "(batch 1 at element 2^31), needs 24 GiB",
                 "o = 2 q at (batch, token) (0,0), (0,T-1), (1,0), (1,T-1); "
                 "o guard untouched", f"wrong {bad}, guard written: {g}",
                 bad or g, ms)]


@runner("batch_term_beside_channel_term", large=True)
def run_batch_term_beside_channel_term(mod, kind):
    # x, y [N, C, S] with N * C * S = 2^31 + C * S, each after a 2^31 guard:
    # in the buggy file the batch term of the last sample wraps to -2^31, so
    # that sample is read from and written into the guard; y's last sample
    # keeps its NaN fill. The channel term (< C * S) never wraps.
    torch, triton = torch_mods()
    c, s = 2, 4096
    n = WRAP // (c * s) + 1
    span = n * c * s
    xs = torch.zeros(WRAP + span, dtype=torch.bfloat16, device="cuda")
    x = xs[WRAP:].view(n, c, s)
    gen = torch.Generator(device="cuda").manual_seed(23)
    x.normal_(generator=gen)
    ys = torch.zeros(WRAP + span, dtype=torch.bfloat16, device="cuda")
    y = nan_fill(ys[WRAP:]).view(n, c, s)
    w = torch.tensor([2.0, -0.5], dtype=torch.bfloat16, device="cuda")
    ms = timed(lambda: mod.channel_scale_kernel[(c,)](
        x, y, w, x.stride(1), x.stride(0), n, s, BLOCK_M=64, BLOCK_N=1024))
    bad = [(bi, ci) for bi in [0, n // 2, n - 1] for ci in range(c)
           if not torch.equal(y[bi, ci], x[bi, ci] * w[ci])]
    g = guard_written(ys)
    return [case("channel_scale_kernel", f"x, y [{n}, {c}, {s}] bf16 "
                 "(the last sample at element 2^31), needs 16 GiB",
                 "y = w[c] x for samples 0, mid, last, both channels; y guard untouched",
                 f"wrong (sample, channel) {bad}, guard written: {g}", bad or g, ms)]


# ---------------------------------------------------------------------------
# kernel-index-width-mismatch: split_backward.py (int32 row offset in the
# LayerNorm dx kernel). X, DY, DX back to back after a 2^31 guard, as for
# rms_norm_fwd_bwd: a wrapped row lands in the tensor before it.

@runner("split_backward", large=True)
def run_split_backward(mod, kind):
    torch, _ = torch_mods()
    span = ROWS * N_COLS
    storage = torch.zeros(WRAP + 3 * span, dtype=torch.bfloat16, device="cuda")
    x, dy, dx = (storage[WRAP + i * span: WRAP + (i + 1) * span]
                 .view(ROWS, N_COLS) for i in range(3))
    gen = torch.Generator(device="cuda").manual_seed(18)
    x.normal_(generator=gen)
    dy.normal_(generator=gen)
    nan_fill(dx)
    w = torch.rand(N_COLS, device="cuda", generator=gen) + 0.5
    rows = check_rows_of(ROWS)
    mean = torch.zeros(ROWS, device="cuda")
    rstd = torch.ones(ROWS, device="cuda")
    for r in rows:
        xr = x[r].float()
        mean[r] = xr.mean()
        rstd[r] = 1 / torch.sqrt(xr.var(unbiased=False) + 1e-5)
    ms = timed(lambda: mod._layer_norm_bwd_dx_kernel[(ROWS,)](
        dx, dy, x, w, mean, rstd, N_COLS, N_COLS, BLOCK_N=N_COLS))
    bad = []
    for r in rows:
        xr, dyr, wd = x[r].double(), dy[r].double(), w.double()
        xhat = (xr - mean[r].double()) * rstd[r].double()
        wdy = wd * dyr
        c1 = (xhat * wdy).mean()
        c2 = wdy.mean()
        ref = (wdy - (xhat * c1 + c2)) * rstd[r].double()
        if not torch.allclose(dx[r].double(), ref, rtol=3e-2, atol=3e-2):
            bad.append(r)
    return [case("_layer_norm_bwd_dx_kernel", f"X, DY, DX [{ROWS}, {N_COLS}] "
                 "bf16 (last row at element 2^31), needs 16 GiB",
                 "rows 0, mid, last: dX = fp64 reference",
                 f"wrong rows {bad}", bad, ms)]


@runner("attention_widen_after_product", large=True)
def run_attention_widen_after_product(mod, kind):
    """_attn_fwd (widens, then multiplies) and _attn_bwd (multiplies in int32,
    then widens) on [HZ, S, D] = [1025, 16384, 128] fp16: head 1024 starts at
    element 2^31. DO and DQ each after a 2^31 guard (zeros)."""
    torch, triton = torch_mods()
    hz, s, d, bm = 1025, 1 << 14, 128, 64
    span = hz * s * d
    dos = torch.zeros(WRAP + span, dtype=torch.float16, device="cuda")
    do = dos[WRAP:].view(hz, s, d)
    gen = torch.Generator(device="cuda").manual_seed(20)
    do.normal_(generator=gen)
    dqs = torch.zeros(WRAP + span, dtype=torch.float16, device="cuda")
    dq = nan_fill(dqs[WRAP:]).view(hz, s, d)
    out = torch.full((hz, s, d), float("nan"), dtype=torch.float16,
                     device="cuda")
    grid = (triton.cdiv(s, bm), hz)
    ms_f = timed(lambda: mod._attn_fwd[grid](do, out, s * d, d, s, BLOCK_M=bm,
                                             HEAD_DIM=d))
    ms_b = timed(lambda: mod._attn_bwd[grid](do, dq, s * d, d, s, BLOCK_M=bm,
                                             HEAD_DIM=d))
    heads = [0, hz // 2, hz - 1]
    bad_f = [h for h in heads if not torch.equal(out[h], do[h] * 2)]
    bad_b = [h for h in heads if not torch.equal(dq[h], do[h] * 2)]
    g = guard_written(dqs)
    return [case("_attn_fwd", f"Q, Out [{hz}, {s}, {d}] fp16 (head {hz - 1} "
                 "at element 2^31)", "heads 0, mid, last: Out = 2 Q",
                 f"wrong heads {bad_f}", bad_f, ms_f),
            case("_attn_bwd", f"DO, DQ [{hz}, {s}, {d}] fp16 after 2^31 "
                 "guards, needs 16 GiB (+ 4 GiB for the forward)",
                 "heads 0, mid, last: DQ = 2 DO; DQ guard untouched",
                 f"wrong heads {bad_b}, guard written: {g}", bad_b or g, ms_b)]


# ---------------------------------------------------------------------------
# kernel-store-mask-mismatch: more fixtures

@runner("unmasked_sibling_atomic")
def run_unmasked_sibling_atomic(mod, kind):
    torch, triton = torch_mods()
    t, hq, k, bt = 20, 1, 16, 16          # T not a multiple of BT
    src = torch.ones(bt, k, device="cuda")
    dv_s, dv = guarded(t * hq * k, 64, torch.float32)
    dg_s, dg = guarded(t * hq, 64, torch.float32)
    ms = timed(lambda: mod.path_bwd_dkv_kernel[(triton.cdiv(t, bt),)](
        dv, dg, src, t, HQ=hq, K=k, BT=bt, USE_GATE=True))
    wrong = ((dv != 1).nonzero().flatten().tolist()
             + [("dg", i) for i in (dg != k).nonzero().flatten().tolist()])
    outside = outside_writes(dv_s, 64, t * hq * k) + outside_writes(dg_s, 64, t * hq)
    return [case("path_bwd_dkv_kernel (USE_GATE)", f"T={t} BT={bt} K={k} HQ={hq}",
                 "dv = 1, dg_cumsum = 16 for rows < T; no write outside",
                 f"wrong cells {short(wrong)}, writes outside {short(outside)}",
                 wrong or outside, ms)]


@runner("wrapped_rows_past_bound", observable=False)
def run_wrapped_rows_past_bound(mod, kind):
    torch, _ = torch_mods()
    m, m_pad, n, k = 20, 32, 16, 32
    gen = torch.Generator(device="cuda").manual_seed(19)
    a = torch.randn(m, k, device="cuda", generator=gen).half()
    b = torch.randn(k, n, device="cuda", generator=gen).half()
    a_scale = torch.rand(m, device="cuda", generator=gen) + 0.5
    c = torch.full((m, n), float("nan"), device="cuda")
    ms = timed(lambda: mod.scaled_matmul_kernel[(1, 1)](
        a, b, a_scale, c, m, m_pad, n, k, k, n, n,
        BLOCK_M=32, BLOCK_N=16, BLOCK_K=32))
    ref = (a.double() @ b.double()) * a_scale.double()[:, None]
    ok = torch.allclose(c.double(), ref, rtol=1e-2, atol=1e-2)
    return [case("scaled_matmul_kernel", f"M={m} M_PADDED={m_pad} N={n} K={k}",
                 "c = fp64 (a @ b) * scale; the hazard is a load of rows "
                 "M..M_PADDED of a, which no output shows (memcheck only)",
                 f"c matches fp64: {ok}", not ok, ms)]


# ---------------------------------------------------------------------------
# kernel-narrow-accumulation (Triton)

@runner("atomic_add_fp16")
def run_atomic_add_fp16(mod, kind):
    torch, triton = torch_mods()
    n, block = 1 << 20, 1024
    pred = torch.ones(n, device="cuda")
    target = torch.zeros(n, device="cuda")
    dtype = torch.float16 if kind == "buggy" else torch.float32
    loss = torch.zeros(1, device="cuda", dtype=dtype)
    ms = timed(lambda: mod.mse_loss_kernel[(triton.cdiv(n, block),)](
        pred, target, loss, n, BLOCK=block))
    got = loss.item()
    return [case("mse_loss_kernel", f"n=2^20, (pred - target)^2 = 1, loss "
                 f"buffer {str(dtype).replace('torch.', '')}",
                 "sum = fp64 1048576", f"sum {got}", got != float(n), ms)]


@runner("atomic_add_fp16_pointer")
def run_atomic_add_fp16_pointer(mod, kind):
    torch, triton = torch_mods()
    n, block = 8192, 256
    target = torch.zeros(n, dtype=torch.int64, device="cuda")
    weight = torch.ones(n, device="cuda")
    dtype = torch.float16 if kind == "buggy" else torch.float32
    sums = torch.zeros(4, device="cuda", dtype=dtype)
    ms = timed(lambda: mod.class_weight_sum_kernel[(triton.cdiv(n, block),)](
        target, weight, sums, n, BLOCK=block))
    got = sums[0].item()
    return [case("class_weight_sum_kernel", f"n=8192 weights 1.0, class 0, "
                 f"sums buffer {str(dtype).replace('torch.', '')}",
                 "sums[0] = fp64 8192", f"sums[0] = {got}", got != float(n), ms)]


@runner("fp16_accumulator")
def run_fp16_accumulator(mod, kind):
    torch, triton = torch_mods()
    m, n = 65536, 64
    x = torch.full((m, n), 0.0625, dtype=torch.float16, device="cuda")
    out = torch.full((n,), float("nan"), dtype=torch.float16, device="cuda")
    ms = timed(lambda: mod.col_sum_kernel[(1,)](
        x, out, m, n, n, BLOCK_M=16, BLOCK_N=n))
    wrong = (out.float() != 4096.0).nonzero().flatten().tolist()
    cases = [case("col_sum_kernel", "x [65536, 64] of 1/16 fp16, BLOCK_M=16",
                  "column sums = fp64 4096",
                  f"out[0] = {out[0].item()}, wrong columns {short(wrong)}",
                  wrong, ms)]
    kk = 8192
    a = torch.ones(16, kk, dtype=torch.float16, device="cuda")
    b = torch.full((kk, 16), 1.0009765625, dtype=torch.float16, device="cuda")
    c = torch.full((16, 16), float("nan"), dtype=torch.float16, device="cuda")
    try:
        ms = timed(lambda: mod.matmul_fp16_acc_kernel[(1,)](
            a, b, c, kk, kk, 16, BLOCK_M=16, BLOCK_N=16, BLOCK_K=32))
        got = c[0, 0].item()
        cases.append(case("matmul_fp16_acc_kernel", "[16, 8192] ones @ "
                          "[8192, 16] of 1 + 2^-10 (fp16)",
                          "c = fp64 8200 (exact in fp16)", f"c[0,0] = {got}",
                          None if kind == "buggy" else got != 8200.0, ms))
    except Exception as exc:  # informational only
        cases.append(case("matmul_fp16_acc_kernel", "", "", "launch failed: "
                          + str(exc).splitlines()[0][:120], None, 0.0))
    return cases


@runner("sum_cast_to_input_dtype")
def run_sum_cast_to_input_dtype(mod, kind):
    torch, triton = torch_mods()
    import triton.language as tl
    rows, cols = 4096, 64
    dy = torch.ones(rows, cols, dtype=torch.bfloat16, device="cuda")
    x = torch.ones(rows, cols, dtype=torch.bfloat16, device="cuda")
    # rstd[r] = 1 + (r % 128) / 128: exact in bf16, different per row (equal
    # rows would be summed exactly by the reduction tree).
    r = torch.arange(rows, device="cuda", dtype=torch.float64)
    rstd = (1 + (r % 128) / 128).float()
    dw = torch.full((cols,), float("nan"), device="cuda")
    ms = timed(lambda: mod.rms_norm_dw_kernel[(1,)](
        dy, x, rstd, dw, rows, cols, cols, X_dtype=tl.bfloat16,
        BLOCK_SIZE=cols, BLOCK_ROW=256))
    ref = float((1 + (r % 128) / 128).sum().item())
    wrong = (dw.double() != ref).nonzero().flatten().tolist()
    return [case("rms_norm_dw_kernel", "dY = X = 1 bf16 [4096, 64], rstd[r] = "
                 "1 + (r % 128)/128, BLOCK_ROW=256", f"dW = fp64 {ref}",
                 f"dW[0] = {dw[0].item()}, wrong columns {short(wrong)}",
                 wrong, ms)]


@runner("layer_norm_partial_dw_buffer")
def run_layer_norm_partial_dw_buffer(mod, kind):
    # The tutorial's layer-norm backward through the fixture's own launcher:
    # every row of the partial buffer '_dw' sums M / GROUP_SIZE_M = 1024
    # rows' dy * xhat. x is fp16, so the buggy launcher's '_dw' is fp16: its
    # running sums reach ~10^4, where fp16's step is 8, and each store rounds
    # the sum. w is fp32 so that the final dw (in w's dtype) holds the total.
    torch, triton = torch_mods()
    m, n, group = 65536, 128, 64
    gen = torch.Generator(device="cuda").manual_seed(26)
    pattern = torch.randn(n, device="cuda", generator=gen)
    noise = torch.randn(m, n, device="cuda", generator=gen) / 64
    x = (pattern[None, :] + noise).to(torch.float16)
    w = torch.ones(n, device="cuda")
    dy = torch.full((m, n), 4.0, dtype=torch.float16, device="cuda")
    xf = x.float()
    mean = xf.mean(dim=1)
    rstd = 1.0 / torch.sqrt(xf.var(dim=1, unbiased=False) + 1e-5)
    out = {}
    ms = timed(lambda: out.update(
        zip(("dx", "dw", "db"),
            mod.layer_norm_bwd(dy, x, w, mean, rstd, GROUP_SIZE_M=group))))
    xhat = (x.double() - mean.double()[:, None]) * rstd.double()[:, None]
    ref = (dy.double() * xhat).sum(dim=0)
    err = (out["dw"].double() - ref).abs()
    scale = ref.abs().max().item()
    wrong = (err > 1e-4 * scale).nonzero().flatten().tolist()
    return [case("_layer_norm_bwd_dx_fused + _layer_norm_bwd_dwdb",
                 f"M={m} N={n} GROUP_SIZE_M={group}, x fp16, w fp32, dy = 4",
                 "dw = fp64 sum of dy * xhat (within 1e-4 of its largest "
                 "column)",
                 f"max |dw - fp64| = {err.max().item():.4g} of {scale:.4g}, "
                 f"wrong columns {short(wrong)}", wrong, ms)]


def _annotation_global(mod):
    """annotation_names_later_parameter.py annotates 'row_stride: n_cols * 2'
    (a string, with postponed annotations). Python looks 'n_cols' up at
    module level, where the file defines none; Triton 3.6's code generator
    visits the annotation and refuses a global that is not a constexpr. The
    runner gives the module a constexpr 'n_cols' before the file runs; the
    kernel body reads its own parameter 'n_cols', and the row stride stays
    an ordinary int32 argument (the string names no type)."""
    import triton.language as tl
    mod.n_cols = tl.constexpr(0)


PRE_EXEC = {"annotation_names_later_parameter": _annotation_global}
PRE_IMPORT = {"unknown_module_program_id": unknown_module_stub}
SPECIAL_IMPORT = {"kernel_under_else_branch": import_with_else_branches}


# ---------------------------------------------------------------------------

def kind_of(path):
    name = path.name
    if name.endswith(".fixed.py"):
        return "fixed"
    if name.startswith("safe_") or name.startswith("known_fp_"):
        return "safe"
    return "buggy"


def stem_of(path):
    name = path.name
    for suffix in (".fixed.py", ".fixit.py", ".py"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def run_one(path):
    """Child process: runs one fixture, prints one JSON line."""
    fn, _, _ = RUNNERS[stem_of(path)]
    name = "fixture_" + stem_of(path).replace("-", "_")
    if stem_of(path) in PRE_IMPORT:
        PRE_IMPORT[stem_of(path)]()
    if stem_of(path) in SPECIAL_IMPORT:
        mod = SPECIAL_IMPORT[stem_of(path)](path, name)
    else:
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        if stem_of(path) in PRE_EXEC:
            PRE_EXEC[stem_of(path)](mod)
        spec.loader.exec_module(mod)
    cases = fn(mod, kind_of(path))
    print("KT-JSON " + json.dumps(cases), flush=True)


def verdict(kind, cases, observable):
    judged = [c for c in cases if c["wrong"] is not None]
    wrong = any(c["wrong"] for c in judged)
    if kind == "buggy":
        if wrong:
            return "buggy observed wrong"
        return ("not observable (load-only hazard, no memcheck)"
                if not observable
                else "UNEXPECTED: buggy fixture observed right")
    return "UNEXPECTED: observed wrong" if wrong else "observed right"


def memcheck_case(path):
    """Re-runs a fixture whose hazard no output shows (an out-of-bounds load)
    under compute-sanitizer memcheck, without PyTorch's caching allocator so
    that every tensor is its own allocation."""
    sanitizer = shutil.which("compute-sanitizer") or \
        "/usr/local/cuda/bin/compute-sanitizer"
    if not os.path.exists(sanitizer):
        return case("compute-sanitizer memcheck", "as above",
                    "no invalid access", "compute-sanitizer not found", None,
                    0.0)
    env = dict(os.environ, PYTORCH_NO_CUDA_MEMORY_CACHING="1")
    start = time.perf_counter()
    proc = subprocess.run(
        [sanitizer, "--tool", "memcheck", "--error-exitcode", "86",
         sys.executable, __file__, "--one", str(path)],
        capture_output=True, text=True, timeout=300, env=env)
    ms = (time.perf_counter() - start) * 1e3
    text = proc.stdout + proc.stderr
    reads = text.count("Invalid __global__ read")
    writes = text.count("Invalid __global__ write")
    summary = [l.strip("= ").strip() for l in text.splitlines()
               if "ERROR SUMMARY" in l]
    return case("compute-sanitizer memcheck (no caching allocator)",
                "as above", "no invalid access",
                f"exit {proc.returncode}, {reads} invalid global reads, "
                f"{writes} invalid global writes"
                + (f" ({summary[-1]})" if summary else ""),
                reads or writes, ms)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--json", help="write all results here")
    parser.add_argument("--skip-large", action="store_true")
    parser.add_argument("--jobs", type=int, default=1,
                        help="fixtures run at the same time (default 1)")
    args = parser.parse_args()
    if args.one:
        run_one(Path(args.one))
        return 0

    rows, unexpected = [], 0
    jobs = []  # (index in rows, path, rel, kind, observable)
    for rule in RULES:
        folder = REPO / "fixtures" / "triton" / rule
        for path in sorted(folder.glob("*.py")) if folder.is_dir() else []:
            if path.name.endswith(".fixit.py"):
                continue
            rel = path.relative_to(REPO).as_posix()
            kind = kind_of(path)
            entry = RUNNERS.get(stem_of(path))
            if entry is None:
                rows.append({"fixture": rel, "kind": kind, "cases": [],
                             "verdict": "no runner (static fixture only)"})
                continue
            _, large, observable = entry
            if large and args.skip_large:
                rows.append({"fixture": rel, "kind": kind, "cases": [],
                             "verdict": "skipped (--skip-large)"})
                continue
            rows.append(None)
            jobs.append((len(rows) - 1, path, rel, kind, observable))

    def run_job(job):
        _, path, rel, kind, observable = job
        start = time.perf_counter()
        try:
            proc = subprocess.run(
                [sys.executable, __file__, "--one", str(path)],
                capture_output=True, text=True, timeout=240)
            out, err = proc.stdout, proc.stderr
        except subprocess.TimeoutExpired as exc:
            out, err = exc.stdout or "", "timed out after 240 s"
            out = out.decode() if isinstance(out, bytes) else out
        seconds = time.perf_counter() - start
        cases = None
        for line in out.splitlines():
            if line.startswith("KT-JSON "):
                cases = json.loads(line[len("KT-JSON "):])
        if cases is None:
            tail = (err or out).strip().splitlines()[-3:]
            return {"fixture": rel, "kind": kind, "cases": [],
                    "verdict": "UNEXPECTED: runner failed: " + " | ".join(tail)}
        if not observable:
            cases.append(memcheck_case(path))
        return {"fixture": rel, "kind": kind, "cases": cases,
                "verdict": verdict(kind, cases, observable),
                "seconds": round(seconds, 1)}

    # Fixtures run in parallel processes (--jobs); the largest needs 32 GiB,
    # so three at a time stay within an H200's memory.
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for job, row in zip(jobs, pool.map(run_job, jobs)):
            rows[job[0]] = row
    unexpected = sum(r["verdict"].startswith("UNEXPECTED") for r in rows)

    print("| fixture | kind | case | shape | expected | observed "
          "| ms (a file's first launch includes Triton's JIT compile) "
          "| verdict |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        if not row["cases"]:
            print(f"| {row['fixture']} | {row['kind']} | | | | | "
                  f"| {row['verdict']} |")
        for c in row["cases"]:
            print(f"| {row['fixture']} | {row['kind']} | {c['case']} "
                  f"| {c['shape']} | {c['expected']} | {c['observed']} "
                  f"| {c['ms']} | {row['verdict']} |")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    print(f"\n{len(rows)} fixtures, {unexpected} unexpected")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
