#!/usr/bin/env python3
"""kernel-tidy evaluation on real code: historical recall and noise on current heads.

Recall (the historical bug list):
  tools/eval/run_eval.py recall --files /tmp/kt-eval/files [--kt build-eval/tools/kernel-tidy]
                                [--bugs tools/eval/historical-bugs.tsv] [--window 5] [--markdown out.md]
                                [--lang triton|c++]
  For every entry, runs `kernel-tidy --format=json` on <files>/<id>/before<ext> and after<ext>
  (materialise them with tools/eval/fetch_files.py). An entry is
    found   when the file before the fix has a finding of the entry's check whose line, or
            the line of one of its notes, lies within --window lines of a hazard line;
    silent  when the file after the fix has no finding of that check within --window lines
            of the lines the fix wrote.

Noise (current heads):
  tools/eval/run_eval.py noise --root /tmp/kt-eval/heads [--labels tools/eval/noise-labels.tsv]
                               [--dump findings.tsv] [--markdown out.md]
                               [--repos FlagGems,fla,Liger-Kernel]
  <root>/<name>/ holds one exported subtree per repository (see docs/evaluation.md for the
  commits). Every finding is keyed by (name, path relative to <root>/<name>, line, check);
  the labels file gives each key TP / FP / unclear and a one-line reason. Findings without a
  label are listed as unlabelled; labels that no longer match a finding are listed as stale.
"""
import argparse, collections, concurrent.futures, csv, json, os, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from fetch_files import load_bugs, HEADS, HOLDOUT, TREES  # noqa: E402

EXPORTS = dict(HEADS, **HOLDOUT)

SOURCE_EXT = (".cu", ".cuh", ".cpp", ".cc", ".hpp", ".h", ".hip", ".py")


def run_kt(kt, paths, extra=()):
    p = subprocess.run([kt, "--format=json"] + list(extra) + list(paths),
                       capture_output=True, text=True)
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"findings": [], "errors": [{"file": ",".join(paths),
                                            "message": "no JSON (exit %d): %s" % (p.returncode, p.stderr[-300:])}]}


def positions(f):
    yield f["line"]
    for n in f.get("notes", []):
        if os.path.basename(n.get("file", f["file"])) == os.path.basename(f["file"]):
            yield n["line"]


def near(f, lines, window):
    return any(abs(p - l) <= window for p in positions(f) for l in lines)


HEADER_EXT = (".h", ".cuh", ".hpp", ".hh", ".hxx", ".inl")


def includers(header):
    """The C++/CUDA sources in the header's folder that include it by name."""
    folder, name = os.path.split(header)
    out = []
    for f in sorted(os.listdir(folder)):
        if not f.endswith((".cu", ".cpp", ".cc", ".cxx", ".hip")):
            continue
        try:
            text = open(os.path.join(folder, f), errors="replace").read()
        except OSError:
            continue
        if any(l.lstrip().startswith("#") and "include" in l and name in l
               for l in text.splitlines()):
            out.append(os.path.join(folder, f))
    return out


def recall(a):
    bugs = load_bugs(a.bugs)
    if a.lang:
        bugs = [b for b in bugs if (b["lang"] == "triton") == (a.lang == "triton")]
    rows = []
    for b in bugs:
        ext = os.path.splitext(b["path"])[1]
        res = {}
        for side in ("before", "after"):
            path = os.path.join(a.files, b["id"], side + ext)
            extra = []
            tree = os.path.join(a.files, b["id"], side + "-tree")
            inputs = [path]
            if not a.no_trees and os.path.exists(os.path.join(tree, b["path"])):
                # Analyse the file among its siblings so that its own headers resolve.
                path = os.path.join(tree, b["path"])
                inputs = [path]
                extra = ["--extra-arg=-I" + os.path.join(tree, i) for i in TREES[b["repo"]][1]]
                if a.headers_in_context and ext in HEADER_EXT:
                    # As a user running kernel-tidy on the header's folder: the sources
                    # there that include it come along, and the header is analysed
                    # through them (docs/usage.md, "Headers in context").
                    inputs += includers(path)
            out = run_kt(a.kt, inputs, extra + a.kt_arg)
            fs = [f for f in out.get("findings", []) if f["check"] == b["check"]
                  and os.path.realpath(f["file"]) == os.path.realpath(path)]
            lines = b[side + "_lines"]
            hits = [f for f in fs if near(f, lines, a.window)]
            res[side] = (fs, hits, out.get("errors", []))
        # A finding the fix removed: present before, its message absent after, and within
        # --resolved-window lines of a hazard line (the check reports the address use, which
        # can sit a dozen lines below the narrow index the fix widened).
        after_msgs = {f["message"] for f in res["after"][0]}
        resolved = [f for f in res["before"][0] if f["message"] not in after_msgs
                    and near(f, b["before_lines"], a.resolved_window)]
        found = bool(res["before"][1]) or bool(resolved)
        silent = not res["after"][1]
        rows.append((b, found, silent, res))
    nf = sum(r[1] for r in rows)
    ns = sum(r[2] for r in rows)
    n = len(rows)
    lines = ["| id | hazard | repo | path | found before | silent after | findings of the check before/after | errors |",
             "|---|---|---|---|---|---|---|---|"]
    for b, found, silent, res in rows:
        errs = len(res["before"][2]) + len(res["after"][2])
        lines.append("| %s | %s | %s | `%s` | %s | %s | %d/%d | %s |" % (
            b["id"], b["hazard"], b["repo"], b["path"], "yes" if found else "**no**",
            "yes" if silent else "**no**", len(res["before"][0]), len(res["after"][0]),
            errs or ""))
    by = collections.defaultdict(lambda: [0, 0, 0])
    for b, found, silent, _ in rows:
        k = (b["hazard"], "triton" if b["lang"] == "triton" else "c++")
        by[k][0] += 1; by[k][1] += found; by[k][2] += silent
    lines.append("")
    lines.append("| hazard | language | entries | found before | silent after |")
    lines.append("|---|---|---|---|---|")
    for k in sorted(by):
        t, f_, s = by[k]
        lines.append("| %s | %s | %d | %d | %d |" % (k[0], k[1], t, f_, s))
    lines.append("| all | | %d | %d (%.0f%%) | %d (%.0f%%) |" % (n, nf, 100.0 * nf / n, ns, 100.0 * ns / n))
    text = "\n".join(lines)
    print(text)
    if a.verbose:
        for b, found, silent, res in rows:
            for side in ("before", "after"):
                fs, hits, errs = res[side]
                for f in fs:
                    print("%s %s %s:%d %s%s" % (b["id"], side, b["path"], f["line"], f["message"][:110],
                                                "  [near]" if f in hits else ""), file=sys.stderr)
                for e in errs:
                    print("%s %s error: %s" % (b["id"], side, e.get("message", "")[:200]), file=sys.stderr)
    if a.markdown:
        open(a.markdown, "w").write(text + "\n")


def noise(a):
    findings = []
    sampled = {}
    t0 = time.time()
    for name in sorted(os.listdir(a.root)):
        if a.repos and name not in a.repos.split(","):
            continue
        base = os.path.join(a.root, name)
        # A head exported by fetch_files.py --heads: analyse its subtree, with the
        # include directories its build passes (older exports hold the subtree alone).
        subtree, includes = (EXPORTS[name][3], EXPORTS[name][4]) if name in EXPORTS else ("", [])
        walk = os.path.join(base, subtree) if os.path.isdir(os.path.join(base, subtree)) else base
        cxx_args = ["--extra-arg=-I" + os.path.join(base, i) for i in includes
                    if os.path.isdir(os.path.join(base, i))]
        files = []
        for d, _, fs in os.walk(walk):
            files += [os.path.join(d, f) for f in sorted(fs) if f.endswith(SOURCE_EXT)]
        files.sort()
        cxx = [f for f in files if not f.endswith(".py")]
        if a.max_cxx and len(cxx) > a.max_cxx:
            # A deterministic, even sample: every k-th C++ file in path order.
            step = len(cxx) / float(a.max_cxx)
            keep = {cxx[int(i * step)] for i in range(a.max_cxx)}
            files = [f for f in files if f.endswith(".py") or f in keep]
        sampled[name] = (len(files), len(cxx))
        # Python files in one process (the Triton front end is fast; startup would dominate),
        # C++ files one process each (a parse error in one stays with that file).
        py = [f for f in files if f.endswith(".py")]
        batches = ([py] if py else []) + [[f] for f in files if not f.endswith(".py")]
        def one(batch):
            return run_kt(a.kt, batch, [] if batch[0].endswith(".py") else cxx_args)
        with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
            outs = list(pool.map(one, batches))
        for out in outs:
            for f in out.get("findings", []):
                path = f["file"] if os.path.isabs(f["file"]) else os.path.join(os.getcwd(), f["file"])
                rel = os.path.relpath(os.path.realpath(path), os.path.realpath(base))
                findings.append((name, rel, f["line"], f["check"], f["message"]))
    labels = {}
    if a.labels and os.path.exists(a.labels):
        with open(a.labels, newline="") as fh:
            for r in csv.DictReader((l for l in fh if not l.startswith("#")), delimiter="\t"):
                labels[(r["repo"], r["path"], int(r["line"]), r["check"])] = (r["label"], r["reason"])
    if a.dump:
        with open(a.dump, "w") as fh:
            w = csv.writer(fh, delimiter="\t", lineterminator="\n")
            w.writerow(["repo", "path", "line", "check", "label", "reason", "message"])
            for k in findings:
                lab = labels.get(k[:4], ("", ""))
                w.writerow(list(k[:4]) + list(lab) + [k[4]])
    per = collections.defaultdict(collections.Counter)
    for k in findings:
        per[(k[0], k[3])][labels.get(k[:4], ("unlabelled",))[0]] += 1
    out = ["| repository | check | findings | TP | FP | unclear | unlabelled |", "|---|---|---|---|---|---|---|"]
    tot = collections.Counter()
    for (repo, check), c in sorted(per.items()):
        n = sum(c.values())
        tot.update(c)
        out.append("| %s | %s | %d | %d | %d | %d | %d |" % (repo, check, n, c["TP"], c["FP"], c["unclear"], c["unlabelled"]))
    n = sum(tot.values())
    out.append("| all | | %d | %d | %d | %d | %d |" % (n, tot["TP"], tot["FP"], tot["unclear"], tot["unlabelled"]))
    labelled = tot["TP"] + tot["FP"] + tot["unclear"]
    if labelled:
        out.append("")
        out.append("True or plausible (TP + unclear) among labelled findings: %d of %d (%.0f%%); false positives %d."
                   % (tot["TP"] + tot["unclear"], labelled, 100.0 * (tot["TP"] + tot["unclear"]) / labelled, tot["FP"]))
    stale = {k for k in labels if k[0] in sampled} - {k[:4] for k in findings}
    if stale:
        out.append("")
        out.append("Stale labels (no matching finding now): %d" % len(stale))
    out.append("")
    for name, (nf, nc) in sorted(sampled.items()):
        out.append("- %s: %d files analysed (%d C++ files in the subtree%s)" % (
            name, nf, nc, ", sampled to %d" % a.max_cxx if a.max_cxx and nc > a.max_cxx else ""))
    out.append("")
    out.append("(%d findings, %.0f s)" % (n, time.time() - t0))
    text = "\n".join(out)
    print(text)
    if a.markdown:
        open(a.markdown, "w").write(text + "\n")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("recall")
    r.add_argument("--files", required=True)
    r.add_argument("--bugs", default=os.path.join(HERE, "historical-bugs.tsv"))
    r.add_argument("--window", type=int, default=5)
    r.add_argument("--resolved-window", type=int, default=30)
    r.add_argument("--no-trees", action="store_true",
                   help="analyse C++ files alone, without their repository's headers")
    r.add_argument("--verbose", action="store_true")
    r.add_argument("--headers-in-context", action="store_true",
                   help="analyse a header entry with the sources of its folder that include it")
    r.add_argument("--lang", choices=("triton", "c++"),
                   help="only the entries of this language")
    r.add_argument("--markdown")
    r.add_argument("--kt-arg", action="append", default=[],
                   help="an argument passed to kernel-tidy (repeatable), e.g. --kt-arg=--confidence=all")
    n = sub.add_parser("noise")
    n.add_argument("--root", required=True)
    n.add_argument("--labels", default=os.path.join(HERE, "noise-labels.tsv"))
    n.add_argument("--dump")
    n.add_argument("--max-cxx", type=int, default=8,
                   help="analyse at most this many C++ files per repository (even sample); 0: all")
    n.add_argument("--jobs", type=int, default=1,
                   help="C++ files analysed at once (one kernel-tidy process each)")
    n.add_argument("--markdown")
    n.add_argument("--repos", help="comma-separated subfolders of --root to analyse (default: all)")
    for p in (r, n):
        p.add_argument("--kt", default=os.path.join(ROOT, "build-eval", "tools", "kernel-tidy"))
    a = ap.parse_args()
    recall(a) if a.cmd == "recall" else noise(a)


if __name__ == "__main__":
    main()
