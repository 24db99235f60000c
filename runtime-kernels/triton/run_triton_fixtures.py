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
       [--skip-large]   (the width cases need ~13 GB of device memory)
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
         "kernel-index-width-mismatch"]
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
    spec = importlib.util.spec_from_file_location(
        "fixture_" + stem_of(path).replace("-", "_"), path)
    mod = importlib.util.module_from_spec(spec)
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
    args = parser.parse_args()
    if args.one:
        run_one(Path(args.one))
        return 0

    rows, unexpected = [], 0
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
            start = time.perf_counter()
            proc = subprocess.run(
                [sys.executable, __file__, "--one", str(path)],
                capture_output=True, text=True, timeout=240)
            seconds = time.perf_counter() - start
            cases = None
            for line in proc.stdout.splitlines():
                if line.startswith("KT-JSON "):
                    cases = json.loads(line[len("KT-JSON "):])
            if cases is None:
                tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
                rows.append({"fixture": rel, "kind": kind, "cases": [],
                             "verdict": "UNEXPECTED: runner failed: "
                                        + " | ".join(tail)})
                unexpected += 1
                continue
            if not observable:
                cases.append(memcheck_case(path))
            v = verdict(kind, cases, observable)
            unexpected += v.startswith("UNEXPECTED")
            rows.append({"fixture": rel, "kind": kind, "cases": cases,
                         "verdict": v, "seconds": round(seconds, 1)})

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
