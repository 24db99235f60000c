"""kernel-tidy: static analysis of CUDA, HIP, SYCL and Triton GPU kernels.

This package carries the kernel-tidy command-line tool (a static binary) and
the headers it parses kernels with; `kernel-tidy` on PATH runs it.
"""
from pathlib import Path


def binary_path() -> Path:
    """The kernel-tidy executable inside this package."""
    return Path(__file__).resolve().parent / "bin" / "kernel-tidy"
