#!/usr/bin/env bash
# A relocatable install (issue 30): `cmake --install` to a temporary prefix,
# the whole tree moved elsewhere, then the moved binary analyses a fixture
# with the moved shim headers, and the moved plugin loads into clang-tidy.
#   install_and_move.sh BUILD_DIR FIXTURES_DIR CLANG_TIDY
set -euo pipefail
build=$1 fixtures=$2 clang_tidy=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/first" > "$tmp/install.log"
mv "$tmp/first" "$tmp/moved"
seed="$fixtures/cuda/kernel-store-mask-mismatch/seed_nll_loss_backward.cu"
set +e
"$tmp/moved/bin/kernel-tidy" --verbose --confidence=all "$seed" > "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
set -e
fail() { echo "FAIL: $*"; echo "--- stdout"; cat "$tmp/out.txt"; echo "--- stderr"; cat "$tmp/err.txt"; exit 1; }
[ "$rc" -eq 1 ] || fail "the moved kernel-tidy exited $rc on the seed (expected 1: findings)"
grep -q "warning: store address depends on 't'" "$tmp/out.txt" || fail "no seed finding"
grep -qF "shim headers: $tmp/moved/share/kernel-tidy/include" "$tmp/err.txt" ||
  fail "the moved binary does not use the moved shim headers"
[ -f "$tmp/moved/share/kernel-tidy/include/cuda_runtime.h" ] || fail "no shim in the tree"
if [ -x "$(command -v "$clang_tidy" || true)" ]; then
  "$clang_tidy" -load "$tmp/moved/lib/KernelTidyPlugin.so" --checks='-*,kernel-*' \
    --list-checks > "$tmp/out.txt" 2> "$tmp/err.txt" || fail "the moved plugin does not load"
  grep -q "kernel-store-mask-mismatch" "$tmp/out.txt" || fail "the moved plugin lists no kernel-* check"
fi
echo "ok: installed, moved to $tmp/moved, analysed the seed, plugin loaded"
