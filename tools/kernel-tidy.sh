#!/usr/bin/env bash
# The README's run command: install what is missing, build, and analyse the
# given paths (default: the bundled fixtures). Exit code as kernel-tidy's:
# 0 no findings, 1 findings, 2 nothing could be analysed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/tools/bootstrap.sh"
if [ $# -eq 0 ]; then set -- "$root/fixtures"; fi
exec "${KT_BUILD_DIR:-$root/build}/tools/kernel-tidy" "$@"
