#!/usr/bin/env python3
"""kernel-tidy benchmark: run by hand, never as a timed test.

Measures, in one run and with identical compiler flags, the wall time and
peak memory of
  floor    clang++-19 -fsyntax-only          (parsing alone)
  peer     clang-tidy-19 with bugprone-implicit-widening-of-multiplication-result
  plugin   clang-tidy-19 -load KernelTidyPlugin.so with our checks
  cli      kernel-tidy (in no-build mode; same shim flags)
over a fixed set of C++ kernel files, reporting medians of N repetitions and
ratios against the floor. Optionally instruction counts from callgrind (a
stable figure on a noisy machine), the Triton path's files/s and MB/s, and
-j scaling over a directory.

  tools/bench/bench.py [--build build] [--reps 5] [--files F...] [--callgrind]
                       [--triton-dir DIR] [--scale-dir DIR] [--markdown out.md]
  tools/bench/bench.py --build build --triton-corpus DIR... [--triton-reps 3]
"""
import argparse, glob, os, resource, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def shim_flags(path):
    shim = os.path.join(ROOT, "lib", "shim", "include")
    lang = "cuda" if path.endswith((".cu", ".cuh")) else "c++"
    flags = ["-x", lang]
    if lang == "cuda":
        flags += ["--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudainc", "-nocudalib"]
    # The repository root: runtime-kernels/ and fixtures include project headers by that path.
    flags += ["-std=c++17", "-I", ROOT, "-isystem", shim, "-w"]
    pre = os.path.join(shim, "__kernel_tidy_cuda.h" if lang == "cuda" else "__kernel_tidy_prelude.h")
    if os.path.exists(pre):
        flags += ["-include", pre]
    return flags


def run(cmd):
    """Wall seconds and peak RSS (KiB) of one command; its CPU seconds in LAST_CPU[0]."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    LAST_CPU[0] = usage.ru_utime + usage.ru_stime
    return time.perf_counter() - t0, usage.ru_maxrss


# CPU time (user + system) of the last run(): on a shared, loaded machine the wall time
# mostly measures the scheduler, while CPU time stays close to the work done.
LAST_CPU = [0.0]


def tools(build, f):
    fl = shim_flags(f)
    plugin = os.path.join(build, "tools", "KernelTidyPlugin.so")
    return {
        "floor": ["clang++-19", "-fsyntax-only"] + fl + [f],
        "peer": ["clang-tidy-19", "--quiet", "-checks=-*,bugprone-implicit-widening-of-multiplication-result", f, "--"] + fl,
        "plugin": ["clang-tidy-19", "--quiet", "-load=" + plugin, "-checks=-*,kernel-*", f, "--"] + fl,
        # The CLI derives the shim flags itself; it is given the one include directory
        # the others get on top of them.
        "cli": [os.path.join(build, "tools", "kernel-tidy"), "--extra-arg=-I" + ROOT, f],
    }


def per_file(build, files, reps):
    names = ["floor", "peer", "plugin", "cli"]
    totals = {n: [] for n in names}
    cpus = {n: [] for n in names}
    peak = {n: 0 for n in names}
    for _ in range(reps):
        sums = {n: 0.0 for n in names}
        csum = {n: 0.0 for n in names}
        for f in files:
            for n, cmd in tools(build, f).items():
                wall, rss = run(cmd)
                sums[n] += wall
                csum[n] += LAST_CPU[0]
                peak[n] = max(peak[n], rss)
        for n in names:
            totals[n].append(sums[n])
            cpus[n].append(csum[n])
    med = {n: statistics.median(totals[n]) for n in names}
    PER_FILE_CPU.update({n: statistics.median(cpus[n]) for n in names})
    return med, peak


PER_FILE_CPU = {}


def callgrind(build, f):
    if not shutil.which("valgrind"):
        return {}
    out = {}
    for n, cmd in tools(build, f).items():
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "cg.out")
            subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes",
                            "--callgrind-out-file=" + log + ".%p"] + cmd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            total = 0
            for part in glob.glob(log + ".*"):
                for line in open(part, errors="replace"):
                    if line.startswith("summary:") or line.startswith("totals:"):
                        total += int(line.split()[1])
                        break
            out[n] = total
    return out


def triton_speed(build, src_dir, copies):
    files = sorted(glob.glob(os.path.join(src_dir, "**", "*.py"), recursive=True))
    if not files:
        return None
    with tempfile.TemporaryDirectory() as d:
        n, size = 0, 0
        for i in range(copies):
            for f in files:
                dst = os.path.join(d, "c%d_%s" % (i, os.path.basename(f)))
                shutil.copyfile(f, dst)
                n += 1
                size += os.path.getsize(f)
        cli = os.path.join(build, "tools", "kernel-tidy")
        walls = [run([cli, "-j", "1", d])[0] for _ in range(3)] if supports_j(cli) else \
                [run([cli, d])[0] for _ in range(3)]
        wall = statistics.median(walls)
        return n, size, wall


def triton_corpora(cli, dirs, reps=3):
    """Per corpus: files, bytes, best-of-reps CPU seconds (user + system) and wall of
    `kernel-tidy -j 1 --format=json DIR`, all checks. CPU time, not wall, is the figure on a
    loaded machine."""
    rows = []
    for d in dirs:
        files = sorted(glob.glob(os.path.join(d, "**", "*.py"), recursive=True))
        size = sum(os.path.getsize(f) for f in files)
        best = None
        for _ in range(reps):
            wall, rss = run([cli, "-j", "1", "--format=json", d])
            if best is None or LAST_CPU[0] < best[0]:
                best = (LAST_CPU[0], wall, rss)
        rows.append((d, len(files), size, best[1], best[0], best[2]))
    return rows


def supports_j(cli):
    out = subprocess.run([cli, "--help"], capture_output=True, text=True).stdout
    return " -j" in out


def scaling(build, d):
    cli = os.path.join(build, "tools", "kernel-tidy")
    if not supports_j(cli):
        return None
    return {j: statistics.median([run([cli, "-j", str(j), d])[0] for _ in range(3)]) for j in (1, 2)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--files", nargs="*")
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--callgrind-files", type=int, default=1, help="callgrind the first N files")
    ap.add_argument("--triton-dir", default=os.path.join(ROOT, "fixtures", "triton"))
    ap.add_argument("--triton-copies", type=int, default=50)
    ap.add_argument("--triton-corpus", nargs="*", default=[],
                    help="directories of Triton code: files per CPU-second of the CLI on each, "
                         "best of --triton-reps (only this is measured when given)")
    ap.add_argument("--triton-reps", type=int, default=3)
    ap.add_argument("--scale-dir")
    ap.add_argument("--markdown")
    a = ap.parse_args()
    if a.triton_corpus:
        cli = os.path.join(a.build, "tools", "kernel-tidy")
        lines = ["| corpus | files | MB | wall (s) | CPU (s) | files per CPU-second | MB per CPU-second | peak RSS (MiB) |",
                 "|---|---|---|---|---|---|---|---|"]
        for d, n, size, wall, cpu, rss in triton_corpora(cli, a.triton_corpus, a.triton_reps):
            lines.append("| %s | %d | %.2f | %.2f | %.2f | %.0f | %.1f | %.0f |" % (
                d, n, size / 1e6, wall, cpu, n / cpu, size / 1e6 / cpu, rss / 1024.0))
        lines.append("")
        lines.append("load average before/after: %s" % (" ".join("%.1f" % x for x in os.getloadavg())))
        text = "\n".join(lines) + "\n"
        print(text)
        if a.markdown:
            open(a.markdown, "w").write(text)
        return
    files = a.files or sorted(glob.glob(os.path.join(ROOT, "fixtures", "cuda", "**", "*.cu"), recursive=True))
    lines = ["# kernel-tidy benchmark", "",
             "machine: %s, %d cores; date: %s" % (os.uname().machine, os.cpu_count(), time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())),
             "files: %d C++ kernel files; median of %d repetitions of the whole set" % (len(files), a.reps), "",
             "| tool | wall (s) | ratio to floor | CPU (s) | CPU ratio to floor | peak RSS (MiB) |",
             "|---|---|---|---|---|---|"]
    med, peak = per_file(a.build, files, a.reps)
    cpu = PER_FILE_CPU
    for n in ["floor", "peer", "plugin", "cli"]:
        lines.append("| %s | %.3f | %.2fx | %.3f | %.2fx | %.0f |" % (
            n, med[n], med[n] / med["floor"], cpu[n], cpu[n] / max(cpu["floor"], 1e-9), peak[n] / 1024.0))
    if a.callgrind:
        for f in files[:a.callgrind_files]:
            cg = callgrind(a.build, f)
            if cg:
                lines += ["", "callgrind instructions on %s:" % os.path.relpath(f, ROOT), "",
                          "| tool | instructions | ratio to floor |", "|---|---|---|"]
                for n, v in cg.items():
                    lines.append("| %s | %d | %.2fx |" % (n, v, v / max(cg["floor"], 1)))
    t = triton_speed(a.build, a.triton_dir, a.triton_copies)
    if t:
        n, size, wall = t
        lines += ["", "Triton path: %d files (%.1f MB) in %.3f s: %.0f files/s, %.1f MB/s (one process, -j 1 when available)"
                  % (n, size / 1e6, wall, n / wall, size / 1e6 / wall)]
    if a.scale_dir:
        s = scaling(a.build, a.scale_dir)
        if s:
            lines += ["", "scaling over %s: -j1 %.2f s, -j2 %.2f s (%.2fx)" % (a.scale_dir, s[1], s[2], s[1] / s[2])]
    text = "\n".join(lines) + "\n"
    print(text)
    if a.markdown:
        open(a.markdown, "w").write(text)


if __name__ == "__main__":
    main()
