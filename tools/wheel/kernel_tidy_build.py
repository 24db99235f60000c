"""The PEP 517 build backend of kernel-tidy's wheel (named in-tree by
pyproject.toml, so pip needs nothing from PyPI to build it).

build_wheel configures and builds the CLI with KT_STATIC_LLVM=ON through
tools/bootstrap.sh (which installs what is missing), installs it into a
staging prefix with `cmake --install`, checks what auditwheel would check
(the binary needs nothing outside the manylinux set of glibc libraries, and
no glibc symbol newer than the tag says) and writes the wheel:

  kernel_tidy/__init__.py, __main__.py   the `kernel-tidy` console script
  kernel_tidy/bin/kernel-tidy             the static CLI
  kernel_tidy/share/kernel-tidy/include   the shim headers
  kernel_tidy/share/kernel-tidy/clang-resource/include   clang's builtin headers

The layout is `cmake --install`'s, so the CLI finds both header trees beside
itself, wherever pip puts the package.

KERNEL_TIDY_WHEEL=/path/to/kernel_tidy-<version>-*.whl makes build_wheel hand
over that wheel instead of building one: a pre-commit hook of
`language: python` then installs a wheel built once, elsewhere.
"""
import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_SOURCES = Path(__file__).resolve().parent / "kernel_tidy"
# PEP 600 / auditwheel's policy: the libraries a manylinux wheel may need.
MANYLINUX_LIBRARIES = {"libc.so.6", "libm.so.6", "libdl.so.2", "librt.so.1",
                       "libpthread.so.0", "ld-linux-x86-64.so.2"}
# The statically linked code whose licences travel with the binary
# (Debian's copyright files of the packages the archives come from).
LINKED_PACKAGES = ["llvm-19-dev", "libclang-19-dev", "libyaml-cpp-dev",
                   "libtree-sitter-dev", "libzstd-dev", "zlib1g-dev"]


def _project():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    cmake_version = re.search(r"project\(kernel-tidy VERSION (\S+)",
                              (ROOT / "CMakeLists.txt").read_text()).group(1)
    if meta["version"] != cmake_version:
        raise RuntimeError(f"pyproject.toml says version {meta['version']}, "
                           f"CMakeLists.txt says {cmake_version}: make them agree")
    return meta


def _dist_name(meta):
    return re.sub(r"[-_.]+", "_", meta["name"]).lower() + "-" + meta["version"]


def _metadata_text(meta):
    lines = ["Metadata-Version: 2.1", f"Name: {meta['name']}",
             f"Version: {meta['version']}", f"Summary: {meta['description']}",
             f"Requires-Python: {meta['requires-python']}"]
    lines += [f"Classifier: {c}" for c in meta.get("classifiers", [])]
    lines += ["Description-Content-Type: text/markdown", "",
              (ROOT / meta["readme"]).read_text()]
    return "\n".join(lines)


def _entry_points_text(meta):
    scripts = meta.get("scripts", {})
    return "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in scripts.items())


def _write_dist_info(directory, meta, tag=None):
    info = Path(directory) / (_dist_name(meta) + ".dist-info")
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata_text(meta))
    (info / "entry_points.txt").write_text(_entry_points_text(meta))
    if tag:
        (info / "WHEEL").write_text("Wheel-Version: 1.0\nGenerator: kernel_tidy_build\n"
                                    f"Root-Is-Purelib: false\nTag: {tag}\n")
    return info


def _build_and_stage(staging):
    build = Path(os.environ.get("KT_WHEEL_BUILD_DIR", ROOT / "build-wheel"))
    env = dict(os.environ, KT_BUILD_DIR=str(build),
               KT_CMAKE_ARGS="-DKT_STATIC_LLVM=ON")
    subprocess.run([str(ROOT / "tools" / "bootstrap.sh")], env=env, check=True)
    cache = (build / "CMakeCache.txt").read_text()
    if "KT_STATIC_LLVM:BOOL=ON" not in cache:
        raise RuntimeError(f"{build} was configured without KT_STATIC_LLVM: "
                           "remove it or set KT_WHEEL_BUILD_DIR")
    subprocess.run(["cmake", "--install", str(build), "--prefix", str(staging),
                    "--strip"], check=True, stdout=subprocess.DEVNULL)


def _platform_tag(binary):
    """manylinux_2_<minor>_x86_64, after the checks auditwheel makes."""
    dynamic = subprocess.run(["readelf", "-d", str(binary)], check=True,
                             capture_output=True, text=True).stdout
    needed = set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic))
    extra = needed - MANYLINUX_LIBRARIES
    if extra:
        raise RuntimeError(f"{binary} needs {sorted(extra)}, which a manylinux "
                           "wheel may not assume: link them statically")
    versions = subprocess.run(["readelf", "-V", str(binary)], check=True,
                              capture_output=True, text=True).stdout
    if re.search(r"Name: (GLIBCXX|CXXABI|GCC)_", versions):
        raise RuntimeError(f"{binary} needs libstdc++/libgcc_s symbols: link them statically")
    minor = max(int(m) for m in re.findall(r"Name: GLIBC_2\.(\d+)", versions))
    machine = os.uname().machine
    return f"py3-none-manylinux_2_{minor}_{machine}"


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def _zip_file(archive, records, arcname, data, executable=False):
    info = zipfile.ZipInfo(arcname, date_time=(2026, 1, 1, 0, 0, 0))
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)
    records.append(_record_line(arcname, data))


def _copy_prebuilt(wheel_directory, meta, prebuilt):
    prebuilt = Path(prebuilt)
    if not prebuilt.name.startswith(_dist_name(meta) + "-"):
        raise RuntimeError(f"KERNEL_TIDY_WHEEL={prebuilt} is not a wheel of "
                           f"{meta['name']} {meta['version']}")
    shutil.copy(prebuilt, Path(wheel_directory) / prebuilt.name)
    return prebuilt.name


# --- PEP 517 hooks ------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_dist_info(metadata_directory, _project()).name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    meta = _project()
    if os.environ.get("KERNEL_TIDY_WHEEL"):
        return _copy_prebuilt(wheel_directory, meta, os.environ["KERNEL_TIDY_WHEEL"])
    with tempfile.TemporaryDirectory() as tmp:
        staging = Path(tmp) / "prefix"
        _build_and_stage(staging)
        binary = staging / "bin" / "kernel-tidy"
        tag = _platform_tag(binary)
        name = f"{_dist_name(meta)}-{tag}.whl"
        info = _write_dist_info(Path(tmp) / "info", meta, tag)
        records = []
        with zipfile.ZipFile(Path(wheel_directory) / name, "w") as archive:
            for source in sorted(PACKAGE_SOURCES.glob("*.py")):
                _zip_file(archive, records, f"kernel_tidy/{source.name}",
                          source.read_bytes())
            _zip_file(archive, records, "kernel_tidy/bin/kernel-tidy",
                      binary.read_bytes(), executable=True)
            for path in sorted((staging / "share").rglob("*")):
                if path.is_file():
                    _zip_file(archive, records,
                              f"kernel_tidy/{path.relative_to(staging).as_posix()}",
                              path.read_bytes())
            for package in LINKED_PACKAGES:
                copyright_file = Path("/usr/share/doc") / package / "copyright"
                if copyright_file.is_file():
                    _zip_file(archive, records,
                              f"{info.name}/licenses/{package}.copyright",
                              copyright_file.read_bytes())
            grammar_license = ROOT / ".deps" / "tree-sitter-python" / "LICENSE"
            if grammar_license.is_file():
                _zip_file(archive, records, f"{info.name}/licenses/tree-sitter-python.LICENSE",
                          grammar_license.read_bytes())
            for path in sorted(info.iterdir()):
                _zip_file(archive, records, f"{info.name}/{path.name}", path.read_bytes())
            records.append(f"{info.name}/RECORD,,")
            archive.writestr(zipfile.ZipInfo(f"{info.name}/RECORD",
                                             date_time=(2026, 1, 1, 0, 0, 0)),
                             "\n".join(records) + "\n")
    return name


def build_sdist(sdist_directory, config_settings=None):
    """The files git tracks, under <name>-<version>/, with PKG-INFO."""
    meta = _project()
    base = _dist_name(meta)
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    name = f"{base}.tar.gz"
    with tarfile.open(Path(sdist_directory) / name, "w:gz") as archive:
        for relative in filter(None, files):
            path = ROOT / relative
            if path.is_file():
                archive.add(path, arcname=f"{base}/{relative}")
        pkg_info = _metadata_text(meta).encode()
        entry = tarfile.TarInfo(f"{base}/PKG-INFO")
        entry.size = len(pkg_info)
        archive.addfile(entry, io.BytesIO(pkg_info))
    return name
