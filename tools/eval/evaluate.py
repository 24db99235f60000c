#!/usr/bin/env python3
"""The evaluation in one command: precision per check, front end and tier, on the tuning heads
and out of sample, and historical recall, for one kernel-tidy binary.

  tools/eval/evaluate.py [--kt build/tools/kernel-tidy] [--corpus oos,heads[,extra]] [--recall]
                         [--oos-root /tmp/kt-eval/oos] [--heads-root /tmp/kt-eval/heads]
                         [--extra-root /tmp/kt-eval/extra]
                         [--files /tmp/kt-eval/files] [--jobs 2] [--markdown out.md]
                         [--unlabelled out.tsv] [--sample N --seed S --sample-out out.tsv]

Missing corpora are exported first from the git snapshots under --mirrors (fetch_files.py).
Every file of every repository of a corpus is analysed twice: in the default profile and with
`--confidence=all`. Findings are keyed by (repository, path, line, check) and matched with the
corpus's labels (tools/eval/oos-labels.tsv, tools/eval/noise-labels.tsv), written to the
standard of docs/evaluation.md: TP and PLAUSIBLE count as true, FP as false (older labels'
`unclear` counts as true, as it always did). The tables give, per check, front end and tier:
findings, labelled, true, precision with its 95% Wilson interval, and the share of the corpus's
labelled true findings that the tier and the tiers above it keep; then the default profile.
Unlabelled findings are listed (and written with --unlabelled): they must be labelled before the
numbers are quoted. --sample draws a seeded random sample of at most N unlabelled findings per
check and front end, for labelling.

Rule for everyone: a rule change may be motivated by the tuning heads or the fixtures, never by
the out-of-sample labels; those measure after the change.
"""
import argparse, collections, concurrent.futures, csv, json, math, os, random, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from fetch_files import EXTRA, HEADS, OUT_OF_SAMPLE  # noqa: E402

SOURCE_EXT = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".hpp", ".h", ".hip", ".py")
TIERS = ("high", "medium", "low", "untiered")
TRUE_LABELS = ("TP", "PLAUSIBLE", "unclear")
CORPORA = {
    "oos": (OUT_OF_SAMPLE, "oos-labels.tsv", "/tmp/kt-eval/oos"),
    "heads": (HEADS, "noise-labels.tsv", "/tmp/kt-eval/heads"),
    # Tuning data too (sections 16 and 19): Triton files only. The holdout repositories of
    # section 4 joined it in section 19; their older sampled labels are read after this
    # corpus's own (the first label of a line wins).
    "extra": (EXTRA, ("extra-labels.tsv", "holdout-labels.tsv"), "/tmp/kt-eval/extra"),
}


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, (c - h) / d), min(1.0, (c + h) / d))


def run_kt(kt, paths, extra):
    p = subprocess.run([kt, "--format=json", "-j", "1"] + extra + paths,
                       capture_output=True, text=True)
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"findings": [], "errors": [{"file": paths[0], "message": "no JSON (exit %d): %s"
                                            % (p.returncode, p.stderr[-300:])}]}


def supports_confidence(kt):
    p = subprocess.run([kt, "--help-hidden"], capture_output=True, text=True)
    return "--confidence" in p.stdout


def corpus_files(root, name, spec):
    subtree, includes = spec[3], spec[4]
    exclude = spec[5] if len(spec) > 5 else []
    base = os.path.join(root, name)
    walk = os.path.join(base, subtree) if subtree else base
    files = []
    for d, _, fs in os.walk(walk):
        files += [os.path.join(d, f) for f in fs if f.endswith(SOURCE_EXT)]
    files = sorted(f for f in files if not any(x in f for x in exclude))
    cxx_args = ["--extra-arg=-I" + os.path.join(base, i) for i in includes
                if os.path.isdir(os.path.join(base, i))]
    return base, files, cxx_args


def analyse(kt, root, corpus, profile_args, jobs, keep=None, only=None):
    """[(repo, rel path, line, check, frontend, tier, message)], {repo: (files, errors)}.
    With `only` (a set of (repo, rel path)), just those files of the corpus are analysed."""
    findings, stats = [], {}
    if keep is not None:
        keep.clear()
    for name, spec in sorted(corpus.items()):
        base, files, cxx_args = corpus_files(root, name, spec)
        if only is not None:
            files = [f for f in files if (name, os.path.relpath(f, base)) in only]
        py = [f for f in files if f.endswith(".py")]
        batches = ([(py, [])] if py else []) + [([f], cxx_args) for f in files if not f.endswith(".py")]
        with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
            outs = list(pool.map(lambda b: run_kt(kt, b[0], profile_args + b[1]), batches))
        errors = 0
        if keep is not None:
            keep[name] = outs
        for out in outs:
            errors += len(out.get("errors", []))
            for f in out.get("findings", []):
                rel = os.path.relpath(os.path.realpath(os.path.abspath(f["file"])), os.path.realpath(base))
                fe = "triton" if f["file"].endswith(".py") else "c++"
                findings.append((name, rel, f["line"], f["check"], fe,
                                 f.get("confidence", "untiered"), f["message"]))
        stats[name] = (len(files), errors)
    return findings, stats


def default_by_tiers(all_f, def_path):
    """The findings the default profile shows: for each KT_DEFAULT_TIER(check, front end, tier)
    row of DefaultProfile.def, that tier and those above it; nothing of a check with no row."""
    order = {"high": 0, "medium": 1, "low": 2}
    lowest = {}
    for m in re.finditer(r'^KT_DEFAULT_TIER\("([^"]+)",\s*(\w+),\s*(\w+)\)', open(def_path).read(), re.M):
        fe = "triton" if m.group(2) == "Triton" else "c++"
        lowest[(m.group(1), fe)] = order[m.group(3).lower()]
    return [f for f in all_f if (f[3], f[4]) in lowest and order.get(f[5], 3) <= lowest[(f[3], f[4])]]


def load_labels(paths):
    labels = {}
    for path in [paths] if isinstance(paths, str) else paths:
        if not os.path.exists(path):
            continue
        with open(path, newline="") as fh:
            for r in csv.DictReader((l for l in fh if not l.startswith("#")), delimiter="\t"):
                labels.setdefault((r["repo"], r["path"], int(r["line"]), r["check"]),
                                  (r["label"], r["reason"]))
    return labels


def pct(k, n):
    if not n:
        return "-"
    lo, hi = wilson(k, n)
    return "%.0f%% [%.0f-%.0f]" % (100.0 * k / n, 100 * lo, 100 * hi)


def tables(title, all_f, default_f, labels):
    out = ["### %s" % title, "",
           "Precision = true (TP + PLAUSIBLE) / labelled, with its 95% Wilson interval. 'Kept' is the",
           "share of the labelled true findings of that check and front end that this tier and the",
           "tiers above it still report. 'Default' is what `kernel-tidy` prints without options.", "",
           "| check | front end | tier | findings | labelled | true | precision | true kept |",
           "|---|---|---|---:|---:|---:|---|---:|"]
    default_keys = {f[:4] for f in default_f}
    groups = collections.defaultdict(list)
    for f in all_f:
        groups[(f[3], f[4])].append(f)
    for (check, fe), fs in sorted(groups.items()):
        true_total = sum(1 for f in fs if labels.get(f[:4], ("",))[0] in TRUE_LABELS)
        kept = 0
        for tier in TIERS:
            tf = [f for f in fs if f[5] == tier]
            if not tf:
                continue
            lab = [labels[f[:4]][0] for f in tf if f[:4] in labels]
            t = sum(1 for l in lab if l in TRUE_LABELS)
            kept += t
            out.append("| %s | %s | %s | %d | %d | %d | %s | %s |" % (
                check, fe, tier, len(tf), len(lab), t, pct(t, len(lab)),
                "%.0f%%" % (100.0 * kept / true_total) if true_total else "-"))
        df = [f for f in fs if f[:4] in default_keys]
        lab = [labels[f[:4]][0] for f in df if f[:4] in labels]
        t = sum(1 for l in lab if l in TRUE_LABELS)
        out.append("| %s | %s | **default** | %d | %d | %d | **%s** | %s |" % (
            check, fe, len(df), len(lab), t, pct(t, len(lab)),
            "%.0f%%" % (100.0 * t / true_total) if true_total else "-"))
    for fe in ("c++", "triton"):
        df = [f for f in all_f if f[4] == fe and f[:4] in default_keys]
        lab = [labels[f[:4]][0] for f in df if f[:4] in labels]
        t = sum(1 for l in lab if l in TRUE_LABELS)
        af = [f for f in all_f if f[4] == fe]
        alab = [labels[f[:4]][0] for f in af if f[:4] in labels]
        at = sum(1 for l in alab if l in TRUE_LABELS)
        if af:
            out.append("")
            out.append("%s: default profile %d findings, %d labelled, precision %s; all tiers %d findings, "
                       "%d labelled, precision %s." % (fe, len(df), len(lab), pct(t, len(lab)), len(af),
                                                       len(alab), pct(at, len(alab))))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kt", default=os.path.join(ROOT, "build", "tools", "kernel-tidy"))
    ap.add_argument("--corpus", default="oos,heads")
    ap.add_argument("--oos-root", default=CORPORA["oos"][2])
    ap.add_argument("--heads-root", default=CORPORA["heads"][2])
    ap.add_argument("--extra-root", default=CORPORA["extra"][2])
    ap.add_argument("--repos", help="only these repositories (comma-separated)")
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--recall", action="store_true", help="also run the historical recall (default and all tiers)")
    ap.add_argument("--files", default="/tmp/kt-eval/files")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--markdown")
    ap.add_argument("--dump", help="write every finding (both profiles) with its label to this TSV")
    ap.add_argument("--unlabelled", help="write the unlabelled findings to this TSV")
    ap.add_argument("--keep-json", help="write the raw reports of the --confidence=all run to <this>.<corpus>.json")
    ap.add_argument("--profile-from-tiers", metavar="DEFAULTPROFILE_DEF",
                    help="compute the default profile from the tiers of the --confidence=all run with this "
                         "lib/model/DefaultProfile.def (the binary's own) instead of a second run: half the time")
    ap.add_argument("--labelled-files-only", action="store_true",
                    help="analyse only the files that hold a labelled finding (C++ heads: minutes instead of an "
                         "hour); precision is unchanged, unlabelled findings of other files are not seen")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--sample-out")
    a = ap.parse_args()
    t0 = time.time()
    tiered = supports_confidence(a.kt)
    report = ["## Evaluation of `%s`" % a.kt, ""]
    unlabelled_all = []
    for cname in a.corpus.split(","):
        corpus, label_file, _ = CORPORA[cname]
        root = {"oos": a.oos_root, "heads": a.heads_root, "extra": a.extra_root}[cname]
        if a.repos:
            corpus = {k: v for k, v in corpus.items() if k in a.repos.split(",")}
        if not corpus:
            continue
        if not all(os.path.isdir(os.path.join(root, n)) for n in corpus):
            subprocess.run([sys.executable, os.path.join(HERE, "fetch_files.py"), "--mirrors", a.mirrors,
                            {"oos": "--out-of-sample", "heads": "--heads", "extra": "--extra"}[cname], root],
                           check=True)
        labels = load_labels([os.path.join(HERE, f) for f in
                              ([label_file] if isinstance(label_file, str) else label_file)])
        only = {k[:2] for k in labels} if a.labelled_files_only else None
        raw = {}
        all_f, stats = analyse(a.kt, root, corpus, ["--confidence=all"] if tiered else [], a.jobs, raw, only)
        if a.keep_json:
            with open(a.keep_json + "." + cname + ".json", "w") as fh:
                json.dump(raw, fh)
        if tiered and a.profile_from_tiers:
            default_f = default_by_tiers(all_f, a.profile_from_tiers)
        else:
            default_f = analyse(a.kt, root, corpus, [], a.jobs, None, only)[0] if tiered else all_f
        report += tables("%s (%s)" % (cname, label_file), all_f, default_f, labels)
        report.append("")
        report += ["- %s: %d files, %d file errors" % (n, s[0], s[1]) for n, s in sorted(stats.items())]
        keys = {f[:4] for f in all_f}
        stale = [k for k in labels if k[0] in corpus and k not in keys]
        unl = [f for f in all_f if f[:4] not in labels]
        unlabelled_all += unl
        report.append("")
        report.append("Unlabelled findings: %d; stale labels (no finding now): %d." % (len(unl), len(stale)))
        report.append("")
        if a.dump:
            with open(a.dump + "." + cname + ".tsv", "w") as fh:
                w = csv.writer(fh, delimiter="\t", lineterminator="\n")
                w.writerow(["repo", "path", "line", "check", "frontend", "tier", "default", "label", "reason",
                            "message"])
                dk = {f[:4] for f in default_f}
                for f in all_f:
                    lab = labels.get(f[:4], ("", ""))
                    w.writerow(list(f[:6]) + ["yes" if f[:4] in dk else "no"] + list(lab) + [f[6]])
    if a.recall:
        for prof in (["--confidence=all"] if tiered else []) + [""]:
            cmd = [sys.executable, os.path.join(HERE, "run_eval.py"), "recall", "--files", a.files, "--kt", a.kt]
            if prof:
                cmd += ["--kt-arg=" + prof]
            r = subprocess.run(cmd, capture_output=True, text=True)
            report += ["### Historical recall (%s)" % (prof or "default profile"), ""]
            report += [l for l in r.stdout.splitlines() if l.startswith("| all") or l.startswith("| hazard")
                       or l == "|---|---|---|---|---|" or (l.startswith("| ") and l.count("|") == 6)]
            report.append("")
    report.append("(%.0f s)" % (time.time() - t0))
    text = "\n".join(report)
    print(text)
    if a.markdown:
        open(a.markdown, "w").write(text + "\n")
    cols = ["repo", "path", "line", "check", "frontend", "tier", "message"]
    if a.unlabelled:
        with open(a.unlabelled, "w") as fh:
            w = csv.writer(fh, delimiter="\t", lineterminator="\n")
            w.writerow(cols)
            w.writerows(unlabelled_all)
    if a.sample:
        rng = random.Random(a.seed)
        by = collections.defaultdict(list)
        for f in sorted(unlabelled_all):
            by[(f[3], f[4])].append(f)
        with open(a.sample_out, "w") as fh:
            w = csv.writer(fh, delimiter="\t", lineterminator="\n")
            w.writerow(cols)
            for k in sorted(by):
                fs = by[k]
                w.writerows(sorted(rng.sample(fs, min(a.sample, len(fs)))))


if __name__ == "__main__":
    main()
