#!/usr/bin/env bash
# The 'kernel-tidy-build' pre-commit hook: build kernel-tidy in pre-commit's
# clone of this repository (once; later runs only check the build is up to
# date), then analyse the files pre-commit passes.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export KT_BUILD_DIR=${KT_BUILD_DIR:-$root/build}
if [ ! -x "$KT_BUILD_DIR/tools/kernel-tidy" ]; then
  echo "kernel-tidy: first use: building it in $KT_BUILD_DIR (several minutes)" >&2
fi
"$root/tools/bootstrap.sh" >/dev/null
exec "$KT_BUILD_DIR/tools/kernel-tidy" "$@"
