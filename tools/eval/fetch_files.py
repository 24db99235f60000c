#!/usr/bin/env python3
"""Materialise the before/after files of the historical bug list from local git mirrors.

  tools/eval/fetch_files.py [--bugs tools/eval/historical-bugs.tsv]
                            [--mirrors /work/.mirror] --out /tmp/kt-eval/files

For every entry it writes <out>/<id>/before<ext> and <out>/<id>/after<ext>, taken with
`git show <commit>:<path>` from <mirrors>/<owner>+<name>/repo (a bare snapshot; any git
clone of the repository works: pass --mirrors pointing at a folder holding
<owner>+<name>/repo). Third-party code stays outside the repository: never commit <out>.

  tools/eval/fetch_files.py --heads /tmp/kt-eval/heads [--mirrors /work/.mirror]
  tools/eval/fetch_files.py --holdout /tmp/kt-eval/holdout  (the HOLDOUT repositories, .py only)
  tools/eval/fetch_files.py --extra /tmp/kt-eval/extra  (the EXTRA tuning corpus, .py files that
                                                         mention triton)
  exports the current-head snapshots of the noise evaluation (HEADS below): for each,
  the directories it needs at its commit into <heads>/<name>/ (run_eval.py noise
  analyses <name>/<subtree> with the include directories listed).

  --derive CANDIDATES   print a bug-list TSV from a candidates file (id hazard check lang
                        repo fix-commit path per line): the parent and fix commits resolved
                        to full hashes, the lines the fix changed (old side = hazard lines
                        before, new side = lines after)
"""
import argparse, csv, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
# C++ files include their siblings: for these repositories the subtrees below are exported
# at the same commit next to the file (<id>/<side>-tree/), with the include directories the
# project's own build passes. Headers outside the repository (torch, CUDA) stay missing.
TREES = {
    "ggml-org/ggml": (["src", "include"], ["include", "src"]),
    "NVIDIA/apex": (["csrc", "apex/contrib/csrc"], ["csrc"]),
    "intel/torch-xpu-ops": (["src/ATen/native/xpu/sycl", "src/comm"], ["src"]),
}

# The noise evaluation's current heads: name -> (repository, commit, directories exported,
# the subtree whose files are analysed, include directories its build passes). The C++
# heads export their own headers so that they resolve; torch, CUTLASS and TVM stay missing.
HEADS = {
    "FlagGems": ("flagos-ai/FlagGems", "ed2508bcb5a0", ["src/flag_gems/ops"], "src/flag_gems/ops", []),
    "fla": ("fla-org/flash-linear-attention", "bc3b101dcb71", ["fla/ops"], "fla/ops", []),
    "Liger-Kernel": ("linkedin/Liger-Kernel", "ead96b618e5c", ["src/liger_kernel/ops"],
                     "src/liger_kernel/ops", []),
    "ggml": ("ggml-org/ggml", "d99724f2b141", ["src", "include"], "src/ggml-cuda", ["include", "src"]),
    "flashinfer": ("flashinfer-ai/flashinfer", "fb28d7242b35", ["csrc", "include"], "csrc",
                   ["include", "csrc"]),
    "torch-xpu-ops": ("intel/torch-xpu-ops", "ab84f925a234", ["src"], "src/ATen/native/xpu/sycl",
                      ["src"]),
}

# Repositories never used while the Triton checks were written or tuned: the out-of-sample
# check of docs/evaluation.md, section 4. Same shape as HEADS; only their Python files are
# exported (`--holdout`), file by file, since some snapshots lack large binary blobs.
HOLDOUT = {
    "lightllm": ("ModelTC/lightllm", "fc72ffab9a34", ["lightllm"], "lightllm", []),
    "mamba": ("state-spaces/mamba", "e9594ce1c732", ["mamba_ssm"], "mamba_ssm", []),
    "flash-attention": ("Dao-AILab/flash-attention", "0251105a2fb1", ["flash_attn"],
                        "flash_attn", []),
    "unsloth": ("unslothai/unsloth", "015bdef0d94a", ["unsloth"], "unsloth", []),
}

# The out-of-sample corpus of docs/evaluation.md, section 5 (issue 27): repositories nobody here
# tuned a rule on nor labelled before, C++ (CUDA/HIP) and Triton, training libraries, serving
# engines and quantization code. A rule change may be motivated by the tuning heads (HEADS) or
# the fixtures, never by these labels: they measure after the change. Same shape as HEADS, plus
# an optional sixth field: path fragments left out (generated instances). llm.c, bitsandbytes,
# TransformerEngine, lmdeploy, torchao and trident are reserved for independent checks and must
# never appear here or in HEADS.
OUT_OF_SAMPLE = {
    # C++ (CUDA/HIP)
    "FasterTransformer": ("NVIDIA/FasterTransformer", "df4a75348601", ["src/fastertransformer"],
                          "src/fastertransformer/kernels", ["src"]),
    "DeepSpeed": ("microsoft/DeepSpeed", "38327e07f6cd", ["csrc", "deepspeed/ops"], "",
                  ["csrc/includes"]),
    "exllamav2": ("turboderp/exllamav2", "b9c025b4b1ee", ["exllamav2/exllamav2_ext"],
                  "exllamav2/exllamav2_ext", []),
    "AutoAWQ_kernels": ("casper-hansen/AutoAWQ_kernels", "c7b0e88c3276", ["awq_ext"], "awq_ext", []),
    "xformers": ("facebookresearch/xformers", "ca6d2aa0d432", ["xformers/csrc", "xformers/ops"],
                 "xformers", ["xformers/csrc"], ["/instances/"]),
    # Triton
    "kernl": ("ELS-RD/kernl", "91e2cd92db44", ["src/kernl"], "src/kernl", []),
    "attorch": ("BobMcDear/attorch", "67c2772baf33", ["attorch"], "attorch", []),
    "gemlite": ("mobiusml/gemlite", "1a6815d06373", ["gemlite"], "gemlite", []),
    "applied-ai": ("pytorch-labs/applied-ai", "4f8c39eb70d9", ["kernels"], "kernels", []),
}
# The extra tuning corpus of docs/evaluation.md, section 16: Triton code bases outside both
# corpora whose default findings were labelled (tools/eval/extra-labels.tsv). Tuning data, like
# HEADS: three rules of that section were found on it. Exported with --extra: every .py file
# of the repository that mentions triton (the labels cover the Triton rules only).
EXTRA = {
    "tritonbench": ("pytorch-labs/tritonbench", "0efdc53db965", [], "", []),
    "FlagAttention": ("FlagOpen/FlagAttention", "ee91638dec6d", [], "", []),
    "AutoGPTQ": ("AutoGPTQ/AutoGPTQ", "9f7d37072917", [], "", []),
    # Section 19: the holdout repositories of section 4 (read while labelling sections 4 and 12,
    # so no longer out of sample) are tuning data too; their directories as HOLDOUT exports them.
    **HOLDOUT,
    # Section 19: three code bases new to every corpus, at their heads of 2026-12-07 (aiter:
    # every store-mask finding and a seeded sample of 60 width findings labelled).
    "aiter": ("ROCm/aiter", "e4048607a535", [], "", []),
    "triton-kernels": ("triton-lang/kernels", "eeeebdd8be7d", [], "", []),
    "ktransformers": ("kvcache-ai/ktransformers", "95009ea6856c", [], "", []),
}
RESERVED = ("llm.c", "bitsandbytes", "TransformerEngine", "lmdeploy", "torchao", "trident")
assert not any(r.split("/")[1] in RESERVED
               for r, *_ in list(HEADS.values()) + list(OUT_OF_SAMPLE.values()) + list(EXTRA.values()))

COLUMNS = ["id", "hazard", "check", "lang", "repo", "before", "after", "path",
           "before_lines", "after_lines", "note"]


def git(gitdir, *args):
    return subprocess.run(["git", "--git-dir=" + gitdir] + list(args), check=True,
                          capture_output=True, text=True).stdout


def gitdir_for(mirrors, repo):
    return os.path.join(mirrors, repo.replace("/", "+"), "repo")


def load_bugs(path):
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader((l for l in f if not l.startswith("#")), delimiter="\t")]
    for r in rows:
        for k in ("before_lines", "after_lines"):
            r[k] = [int(x) for x in r[k].split(",") if x.strip()]
    return rows


def changed_lines(gitdir, before, after, path):
    """Old-side and new-side line numbers of the lines a commit changed in one file."""
    diff = git(gitdir, "diff", "-U0", before, after, "--", path)
    old, new = [], []
    for m in re.finditer(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", diff, re.M):
        os_, oc = int(m.group(1)), int(m.group(2) or 1)
        ns, nc = int(m.group(3)), int(m.group(4) or 1)
        old += range(os_, os_ + oc)
        new += range(ns, ns + nc)
    return old, new


def derive(candidates, mirrors):
    w = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
    w.writerow(COLUMNS)
    for line in open(candidates):
        if not line.strip() or line.startswith("#"):
            continue
        bid, hazard, check, lang, repo, fix, path = line.split()[:7]
        g = gitdir_for(mirrors, repo)
        after = git(g, "rev-parse", fix).strip()
        before = git(g, "rev-parse", fix + "^").strip()
        old, new = changed_lines(g, before, after, path)
        w.writerow([bid, hazard, check, lang, repo, before, after, path,
                    ",".join(map(str, old)), ",".join(map(str, new)), ""])


def export_python_files(corpus, root, mirrors, must_mention=None):
    """Writes every .py file of each corpus entry's directories at its commit to
    <root>/<name>/<path>; with must_mention, only the files whose text holds it."""
    for name, (repo, commit, dirs, *_) in sorted(corpus.items()):
        g = gitdir_for(mirrors, repo)
        paths = [p for p in git(g, "ls-tree", "-r", "--name-only", commit, *dirs).splitlines()
                 if p.endswith(".py")]
        kept = 0
        for path in paths:
            text = subprocess.run(["git", "--git-dir=" + g, "show", commit + ":" + path],
                                  check=True, capture_output=True).stdout
            if must_mention is not None and must_mention not in text:
                continue
            out = os.path.join(root, name, path)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "wb") as f:
                f.write(text)
            kept += 1
        print(name, repo, commit, " ".join(dirs), kept, "Python files")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bugs", default=os.path.join(HERE, "historical-bugs.tsv"))
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--out")
    ap.add_argument("--derive")
    ap.add_argument("--heads")
    ap.add_argument("--holdout")
    ap.add_argument("--out-of-sample", dest="oos")
    ap.add_argument("--extra")
    a = ap.parse_args()
    if a.derive:
        derive(a.derive, a.mirrors)
        return
    if a.holdout:
        export_python_files(HOLDOUT, a.holdout, a.mirrors)
        return
    if a.extra:
        export_python_files(EXTRA, a.extra, a.mirrors, must_mention=b"triton")
        return
    if a.heads or a.oos:
        corpus = HEADS if a.heads else OUT_OF_SAMPLE
        for name, (repo, commit, dirs, *_) in sorted(corpus.items()):
            out = os.path.join(a.heads or a.oos, name)
            os.makedirs(out, exist_ok=True)
            arch = subprocess.run(["git", "--git-dir=" + gitdir_for(a.mirrors, repo), "archive", commit]
                                  + dirs, check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", out], input=arch, check=True)
            print(name, repo, commit, " ".join(dirs))
        return
    if not a.out:
        ap.error("--out is required")
    for b in load_bugs(a.bugs):
        ext = os.path.splitext(b["path"])[1]
        d = os.path.join(a.out, b["id"])
        os.makedirs(d, exist_ok=True)
        g = gitdir_for(a.mirrors, b["repo"])
        for side in ("before", "after"):
            text = git(g, "show", b[side] + ":" + b["path"])
            with open(os.path.join(d, side + ext), "w") as f:
                f.write(text)
            if b["repo"] in TREES and ext != ".py":
                tree = os.path.join(d, side + "-tree")
                os.makedirs(tree, exist_ok=True)
                dirs = [x for x in TREES[b["repo"]][0]
                        if subprocess.run(["git", "--git-dir=" + g, "cat-file", "-e", b[side] + ":" + x],
                                          capture_output=True).returncode == 0]
                arch = subprocess.run(["git", "--git-dir=" + g, "archive", b[side]] + dirs,
                                      check=True, capture_output=True).stdout
                subprocess.run(["tar", "-x", "-C", tree], input=arch, check=True)
        print(b["id"], b["repo"], b["path"])


if __name__ == "__main__":
    main()
