#!/usr/bin/env python3
"""Compares the types kernel-tidy's shim gives the CUDA declarations of
toolkit_probe.cu with the types the installed CUDA toolkit gives them, both
read from clang's AST dump (the desugared type of each `T_<name>` alias).

  shim_against_toolkit.py CLANG SHIM_DIR [CUDA_PATH]

Exit 0: every probed declaration the toolkit has is typed alike in the shim.
Exit 1: a mismatch, or a declaration the toolkit has and the shim lacks.
Exit 77 (ctest: skipped): no CUDA toolkit (CUDA_PATH, /usr/local/cuda), or
clang cannot parse its headers at all.

Clang 19 knows CUDA up to 12.x: for a newer toolkit the probe passes
-Wno-unknown-cuda-version, CCCL's include folder (CUDA 13 moved
<cuda/std/...> there) and empty stand-ins for the texture headers CUDA 13
dropped and clang's CUDA wrapper still includes.
"""
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROBE = HERE / "toolkit_probe.cu"
ALIAS = re.compile(r"^TypeAliasDecl .* (T_\w+) '[^']*'(?::'([^']*)')?")
DROPPED_BY_CUDA_13 = ["texture_fetch_functions.h", "texture_indirect_functions.h",
                      "surface_indirect_functions.h"]


def alias_types(args):
    out = subprocess.run(args + ["-fsyntax-only", "-Xclang", "-ast-dump",
                                 "-Xclang", "-ast-dump-filter=T_", str(PROBE)],
                         capture_output=True, text=True)
    types = {}
    for line in out.stdout.splitlines():
        m = ALIAS.match(line)
        if m:
            sugared = re.search(r"'([^']*)'", line[line.index(m.group(1)):]).group(1)
            types[m.group(1)] = m.group(2) or sugared
    return types, out.stderr


def main():
    clang, shim = sys.argv[1], sys.argv[2]
    cuda = sys.argv[3] if len(sys.argv) > 3 else os.environ.get("CUDA_PATH", "/usr/local/cuda")
    if not Path(cuda, "include", "cuda_runtime.h").is_file():
        print(f"skipped: no CUDA toolkit at {cuda} (set CUDA_PATH)")
        return 77
    common = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-device-only", "-nocudalib", "-w"]
    shim_types, shim_err = alias_types(
        [clang] + common + ["-nocudainc", "-isystem", shim,
                            "-include", str(Path(shim, "__kernel_tidy_cuda.h"))])
    with tempfile.TemporaryDirectory() as stubs:
        for name in DROPPED_BY_CUDA_13:
            if not Path(cuda, "include", name).exists():
                Path(stubs, name).touch()
        extra = ["-isystem", stubs]
        if Path(cuda, "include", "cccl").is_dir():
            extra += ["-isystem", str(Path(cuda, "include", "cccl"))]
        toolkit_types, toolkit_err = alias_types(
            [clang] + common + [f"--cuda-path={cuda}", "-Wno-unknown-cuda-version"] + extra)
    if not toolkit_types:
        print(f"skipped: clang could not parse the toolkit at {cuda}:\n{toolkit_err[:2000]}")
        return 77
    problems = []
    for name, cuda_type in sorted(toolkit_types.items()):
        mine = shim_types.get(name)
        if mine is None:
            problems.append(f"{name}: CUDA gives '{cuda_type}', the shim does not declare it")
        elif mine != cuda_type:
            problems.append(f"{name}: CUDA gives '{cuda_type}', the shim '{mine}'")
    print(f"{len(toolkit_types)} declarations probed against {cuda}; "
          f"{len(toolkit_types) - len(problems)} typed alike")
    for p in problems:
        print("MISMATCH " + p)
    if problems and shim_err:
        print("shim parse errors:\n" + shim_err[:3000])
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
