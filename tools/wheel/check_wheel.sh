#!/usr/bin/env bash
# Builds kernel-tidy's wheel through pip (the PEP 517 backend of
# pyproject.toml) and tries it as a user would, with LLVM out of sight:
#   1. a fresh virtual environment, `pip install` of the wheel (no index);
#   2. `kernel-tidy --version`, then `kernel-tidy fixtures/` reports a finding
#      of every check and exits 1;
#   3. `pre-commit try-repo` of this repository's `kernel-tidy-python` hook in
#      a scratch repository refuses the width seed's buggy kernel (PyTorch's
#      spatial softmax backward; the store-mask seed's C++ tier is not shown
#      by default) and passes its fixed twin (pre-commit installs the wheel:
#      KERNEL_TIDY_WHEEL). try-repo sees committed files and staged changes.
# Steps 1-3 run in a private mount namespace where LLVM's and Clang's
# install trees are empty (needs root for `unshare -m`; otherwise they run
# with LLVM visible and say so). Not part of tools/test.sh: the static link
# takes minutes and the wheel is 18 MB.
#   tools/wheel/check_wheel.sh [OUT_DIR]     (default: .whl/)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:-$root/.whl}
mkdir -p "$out"
rm -f "$out"/kernel_tidy-*.whl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== building the wheel (pip wheel, backend tools/wheel/kernel_tidy_build.py)"
python3 -m pip wheel --no-index --no-deps -w "$out" "$root" > "$tmp/wheel.log" 2>&1 ||
  { tail -40 "$tmp/wheel.log"; exit 1; }
wheel=$(ls "$out"/kernel_tidy-*.whl)
echo "   $wheel ($(du -h "$wheel" | cut -f1))"

cat > "$tmp/try.sh" <<'TRY'
set -euo pipefail
root=$1 wheel=$2 tmp=$3
fail() { echo "FAIL: $*"; exit 1; }
if [ -d /usr/lib/llvm-19 ]; then
  [ -z "$(ls -A /usr/lib/llvm-19)" ] && echo "== LLVM hidden: /usr/lib/llvm-19 is empty here" ||
    echo "== LLVM is visible (not root: no private mount namespace)"
fi
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q --no-index "$wheel"
"$tmp/venv/bin/kernel-tidy" --version
set +e
(cd "$root" && "$tmp/venv/bin/kernel-tidy" fixtures/) > "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
set -e
[ "$rc" -eq 1 ] || { tail "$tmp/err.txt"; fail "kernel-tidy fixtures/ exited $rc (expected 1)"; }
for check in kernel-int32-offset kernel-index-width-mismatch kernel-store-mask-mismatch \
             kernel-narrow-accumulation; do
  n=$(grep -c "warning: .*\[$check\]" "$tmp/out.txt" || true)
  [ "$n" -gt 0 ] || fail "no $check finding on fixtures/"
  echo "   $check: $n finding(s) on fixtures/"
done

export HOME=$tmp/home PRE_COMMIT_HOME=$tmp/pre-commit PIP_NO_INDEX=1 KERNEL_TIDY_WHEEL=$wheel
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
mkdir -p "$HOME" "$tmp/scratch"
cd "$tmp/scratch" && git init -q .
seed=$root/fixtures/cuda/kernel-int32-offset/seed_spatial_softmax_backward
cp "$seed.cu" kernel.cu && git add kernel.cu
set +e
pre-commit try-repo "$root" kernel-tidy-python --files kernel.cu > "$tmp/try.txt" 2>&1
rc=$?
set -e
[ "$rc" -ne 0 ] && grep -q "\[kernel-int32-offset\]" "$tmp/try.txt" ||
  { cat "$tmp/try.txt"; fail "the hook did not refuse the seed's buggy kernel"; }
echo "   pre-commit try-repo kernel-tidy-python: the seed's buggy kernel is refused"
cp "$seed.fixed.cu" kernel.cu && git add kernel.cu
pre-commit try-repo "$root" kernel-tidy-python --files kernel.cu > "$tmp/try.txt" 2>&1 ||
  { cat "$tmp/try.txt"; fail "the hook refused the fixed twin"; }
echo "   pre-commit try-repo kernel-tidy-python: its fixed twin passes"
echo "ok: the wheel installs, runs without LLVM and serves the python hook"
TRY

hide=(/usr/lib/llvm-19 /usr/include/clang /usr/lib/cmake/clang-19)
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
  unshare -m bash -c 'for d in "${@:4}"; do [ -d "$d" ] && mount -t tmpfs none "$d"; done
                      exec bash "$3/try.sh" "$1" "$2" "$3"' _ "$root" "$wheel" "$tmp" "${hide[@]}"
else
  bash "$tmp/try.sh" "$root" "$wheel" "$tmp"
fi
