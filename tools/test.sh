#!/usr/bin/env bash
# The README's test command (and all that .ci/run does): install what is
# missing, build, run every test.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/tools/bootstrap.sh"
cd "${KT_BUILD_DIR:-$root/build}"
exec ctest --output-on-failure -j "${KT_JOBS:-$(nproc)}" "$@"
