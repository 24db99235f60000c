#!/usr/bin/env python3
"""How many kernels keep all their parameters typed and their bodies free of compiler errors
(issue 25), on a seeded sample of files of several code bases, in no-build mode as a new user
runs it: `kernel-tidy --list-kernels --no-config <file>` (no -I, no compile database).

  tools/eval/kernels_intact.py --kt build/tools/kernel-tidy [--files-per-base 30] [--seed 20261206]
                               [--root /tmp/kt-eval/keep] [--json out.json]

Each code base is a folder under --root holding a `.git` folder (as a clone does: no-build mode
looks for the project's headers only inside one); docs/evaluation.md section 10b lists the six
used and their commits (the heads and out-of-sample exports of fetch_files.py, and apex's
`csrc`). A kernel is intact when `--list-kernels` says `parameters: N of N typed` and its body
has no statement in error.
"""
import argparse, concurrent.futures, json, os, random, re, subprocess

BASES = {
    'torch-xpu-ops (SYCL, ATen)': 'torch-xpu-ops/src/ATen/native/xpu/sycl',
    'ggml (CUDA)': 'ggml/src/ggml-cuda',
    'flashinfer (CUTLASS/CuTe)': 'flashinfer/csrc',
    'xformers (CUTLASS, CK/HIP)': 'xformers/xformers/csrc',
    'FasterTransformer (CUTLASS)': 'FasterTransformer/src/fastertransformer/kernels',
    'apex (ATen, multi-tensor)': 'apex/csrc',
}
EXT = ('.cu', '.cuh', '.cpp', '.hip', '.h')
KERNEL = re.compile(r"parameters: (\d+) of (\d+) typed[^;]*; body: ([^\n]*)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--kt', default='build/tools/kernel-tidy')
    ap.add_argument('--root', default='/tmp/kt-eval/keep')
    ap.add_argument('--files-per-base', type=int, default=30)
    ap.add_argument('--seed', type=int, default=20261206)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--json')
    a = ap.parse_args()

    def run(f):
        try:
            return subprocess.run([a.kt, '--list-kernels', '--no-config', f], capture_output=True,
                                  text=True, timeout=300).stdout
        except subprocess.TimeoutExpired:
            return ''

    results, total = {}, [0, 0]
    print('| code base | files sampled (of) | kernels | all parameters typed | body without error | intact |')
    print('|---|---:|---:|---:|---:|---:|')
    for name, sub in BASES.items():
        d = os.path.join(a.root, sub)
        files = sorted(os.path.join(r, x) for r, _, fs in os.walk(d) for x in fs
                       if x.endswith(EXT) and '/instances/' not in os.path.join(r, x))
        sample = random.Random(a.seed).sample(files, min(a.files_per_base, len(files)))
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            outs = list(ex.map(run, sample))
        kernels = [k for out in outs for k in KERNEL.findall(out)]
        typed = sum(p == n for p, n, _ in kernels)
        clean = sum('none in error' in b for _, _, b in kernels)
        intact = sum(p == n and 'none in error' in b for p, n, b in kernels)
        results[name] = dict(files=len(sample), of=len(files), kernels=len(kernels), typed=typed,
                             body=clean, intact=intact)
        total[0] += len(kernels)
        total[1] += intact
        print('| %s | %d (%d) | %d | %d | %d | %d |' % (name, len(sample), len(files), len(kernels),
                                                        typed, clean, intact), flush=True)
    print('| all | | %d | | | %d (%.0f%%) |' % (total[0], total[1], 100.0 * total[1] / max(total[0], 1)))
    if a.json:
        json.dump(results, open(a.json, 'w'), indent=1)


if __name__ == '__main__':
    main()
