#!/usr/bin/env python3
"""Writes the per-fixture table of docs/runtime-validation.md from
runtime-kernels/fixture-proofs.tsv and one run's results directory (what
run-gpu-validation.sh wrote: gtest.log, hang-*.log, memcheck-*.log,
slow-grid.log, triton.json).

Every observation in the table is read from the results: a gtest proof
contributes its [ KT-RESULT ] lines and its outcome ([ OK ] / [ FAILED ]; a
Int32OffsetHang test its [ KT-HANG ] line), a memcheck proof its ERROR
SUMMARY, a Triton proof the cases and verdicts of triton.json for the buggy
file and its twin. Nothing is written by hand here.

Usage: python3 runtime-kernels/proof_table.py runtime-kernels/results/<run>
"""
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def read_manifest():
    rows = []
    for line in (REPO / "runtime-kernels" / "fixture-proofs.tsv").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        fixture, status, proof, shape, note = line.split("\t")
        rows.append({"fixture": fixture, "status": status,
                     "proofs": [p for p in proof.split() if p != "-"],
                     "shape": shape, "note": note})
    return rows


def gtest_blocks(text):
    """test name -> (outcome, [KT-RESULT values], hang text or None)."""
    blocks, current, results, hang = {}, None, [], None
    for line in text.splitlines():
        m = re.match(r"\[ RUN      \] (\S+)", line)
        if m:
            current, results, hang = m.group(1), [], None
            continue
        if current is None:
            continue
        m = re.match(r"\[ KT-RESULT \] (.*)", line)
        if m:
            results.append(m.group(1))
            continue
        m = re.match(r"\[ KT-HANG \] (.*)", line)
        if m:
            hang = m.group(1)
            blocks[current] = ("still running (process left)", results, hang)
            continue
        m = re.match(r"\[ +(OK|FAILED|SKIPPED) +\] (\S+)", line)
        if m and m.group(2) == current:
            blocks[current] = (m.group(1), results, hang)
            current = None
    return blocks


def load_results(run):
    blocks = {}
    for name in ["gtest.log", "slow-grid.log"] + sorted(
            p.name for p in run.glob("hang-*.log")):
        path = run / name
        if path.exists():
            blocks.update(gtest_blocks(path.read_text(errors="replace")))
    memcheck = {}
    for path in run.glob("memcheck-*.log"):
        text = path.read_text(errors="replace")
        summary = re.findall(r"ERROR SUMMARY: (\d+) error", text)
        memcheck[path.stem[len("memcheck-"):]] = (
            f"memcheck {summary[-1] if summary else '?'} errors")
    triton = {}
    if (run / "triton.json").exists():
        for row in json.loads((run / "triton.json").read_text()):
            triton[row["fixture"]] = row
    return blocks, memcheck, triton


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def strip_key(result):
    # "name.cu: observation" -> "observation"
    return result.split(": ", 1)[1] if ": " in result else result


def describe_gpu(row, blocks, memcheck, triton):
    buggy_obs, twin_obs, ok = [], [], True
    for token in row["proofs"]:
        kind, name = token.split(":", 1)
        if kind == "triton":
            for path, target in ((row["fixture"], buggy_obs),
                                 (row["fixture"][:-3] + ".fixed.py", twin_obs)):
                r = triton.get(path)
                if r is None:
                    if (REPO / path).exists():
                        target.append("not in this run")
                        ok = False
                    continue
                cases = "; ".join(f"{c['case']}: {c['observed']}" for c in r["cases"])
                target.append(f"{cases} → {r['verdict']}")
                ok = ok and not r["verdict"].startswith(("UNEXPECTED", "no runner",
                                                          "skipped"))
            continue
        if kind == "memcheck":
            target = twin_obs if name.endswith("Fixed") else buggy_obs
            target.append(memcheck.get(name, "not in this run"))
            continue
        outcome, results, hang = blocks.get(name, ("not in this run", [], None))
        ok = ok and outcome in ("OK", "still running (process left)")
        if not results and not hang:
            target = twin_obs if "Fixed" in name else buggy_obs
            target.append(f"{name}: {outcome}")
        for r in results:
            key = r.split(": ", 1)[0].lower()
            if "reference" in key:
                continue
            target = twin_obs if "fixed" in key else buggy_obs
            target.append(strip_key(r) if len(results) < 4 else r)
    return buggy_obs, twin_obs, ok


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    run = Path(sys.argv[1])
    blocks, memcheck, triton = load_results(run)
    rows = read_manifest()
    print("| fixture | proof | shape (device memory) | buggy file: observed | "
          "fixed twin: observed | verdict |")
    print("| --- | --- | --- | --- | --- | --- |")
    counts = {"gpu": 0, "pair": 0, "reason": 0, "gpu-unconfirmed": 0}
    for row in sorted(rows, key=lambda r: r["fixture"]):
        fixture = f"`{row['fixture']}`"
        proofs = ", ".join(f"`{p}`" for p in row["proofs"]) or "-"
        if row["status"] == "gpu":
            buggy, twin, ok = describe_gpu(row, blocks, memcheck, triton)
            verdict = (("**wrong at the boundary, as claimed; twin right**"
                        if twin else "**wrong at the boundary, as claimed**")
                       if ok else "NOT CONFIRMED in this run")
            counts["gpu" if ok else "gpu-unconfirmed"] += 1
            print(f"| {fixture} | {cell(proofs)} | {cell(row['shape'])} | "
                  f"{cell(' / '.join(buggy))} | {cell(' / '.join(twin)) or '(no twin)'} "
                  f"| {verdict}: {cell(row['note'])} |")
        elif row["status"] == "pair":
            counts["pair"] += 1
            targets = ", ".join(f"`{p}`" for p in row["proofs"])
            print(f"| {fixture} | paired with {targets} | - | - | - | "
                  f"no run of its own: {cell(row['note'])} |")
        else:
            counts["reason"] += 1
            extra = ""
            for token in row["proofs"]:
                kind, name = token.split(":", 1)
                if kind == "memcheck":
                    extra += f" {name.split('.')[1]}: {memcheck.get(name, 'not run')}."
                elif kind in ("gtest", "hang") and name in blocks:
                    extra += " " + "; ".join(strip_key(r) for r in blocks[name][1])
            print(f"| {fixture} | - | {cell(row['shape'])} | {cell(extra.strip()) or '-'} "
                  f"| - | no GPU verdict: {cell(row['note'])} |")
    print()
    print(f"{counts['gpu']} fixtures wrong at their boundary on the GPU with the twin "
          f"right, {counts['pair']} paired with a proven CUDA fixture, "
          f"{counts['reason']} with a written reason"
          + (f", {counts['gpu-unconfirmed']} NOT CONFIRMED" if counts["gpu-unconfirmed"]
             else "") + ".")
    return 1 if counts["gpu-unconfirmed"] else 0


if __name__ == "__main__":
    sys.exit(main())
