#!/usr/bin/env bash
# Installs what is missing, configures and builds kernel-tidy. Idempotent:
# on a machine that has everything it only re-runs the (incremental) build.
# Used by the README's two commands (tools/kernel-tidy.sh, tools/test.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${KT_BUILD_DIR:-$root/build}
grammar_version=0.23.6   # tree-sitter-python: language ABI 14, which Debian's libtree-sitter 0.20.7 accepts

log() { printf 'kernel-tidy bootstrap: %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }

packages=(clang-19 clang-tidy-19 libclang-19-dev llvm-19-dev libyaml-cpp-dev
          libgtest-dev libgmock-dev libtree-sitter-dev cmake ninja-build ccache pkg-config
          pre-commit git
          zlib1g-dev libzstd-dev)   # the static archives the wheel's CLI links (pyproject.toml)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
fi

# The tree-sitter Python grammar, by name and pinned, from the npm registry.
deps=$root/.deps
if [ ! -f "$deps/tree-sitter-python/src/parser.c" ]; then
  log "fetching tree-sitter-python@$grammar_version from the npm registry"
  mkdir -p "$deps"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "tree-sitter-python@$grammar_version" >/dev/null &&
   tar xzf "tree-sitter-python-$grammar_version.tgz")
  rm -rf "$deps/tree-sitter-python"
  mv "$tmp/package" "$deps/tree-sitter-python"
  rm -rf "$tmp"
fi

# --- SARIF schema validation (owner: interfaces) ---------------------------
# The SARIF 2.1.0 JSON schema as Microsoft's SARIF multitool package ships it,
# and ajv-cli to validate kernel-tidy's SARIF against it in the test suite
# (test/unit/WorkflowCliTest.cpp skips, saying why, when these are absent).
sarif_tool_version=5.7.0; ajv_cli_version=5.0.0; ajv_formats_version=3.0.1
if [ ! -f "$deps/sarif-schema/sarif-2.1.0.json" ]; then
  log "fetching the SARIF 2.1.0 schema (@microsoft/sarif-multitool-linux@$sarif_tool_version) from the npm registry"
  mkdir -p "$deps/sarif-schema"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "@microsoft/sarif-multitool-linux@$sarif_tool_version" >/dev/null &&
   tar xzf "microsoft-sarif-multitool-linux-$sarif_tool_version.tgz" package/sarif-2.1.0.json)
  mv "$tmp/package/sarif-2.1.0.json" "$deps/sarif-schema/"
  rm -rf "$tmp"
fi
if [ ! -x "$deps/ajv/node_modules/.bin/ajv" ]; then
  log "installing ajv-cli@$ajv_cli_version from the npm registry"
  npm install --silent --no-audit --no-fund --prefix "$deps/ajv" \
    "ajv-cli@$ajv_cli_version" "ajv-formats@$ajv_formats_version" >&2
fi
# --- end SARIF schema validation --------------------------------------------

# ccache keys on paths relative to the checkout, so a fresh clone (or CI's)
# reuses objects compiled from the same sources elsewhere.
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true

if [ ! -f "$build/build.ninja" ]; then
  log "configuring $build"
  # KT_CMAKE_ARGS: more options for a new build directory (the wheel's
  # backend, tools/wheel/kernel_tidy_build.py, passes -DKT_STATIC_LLVM=ON).
  # shellcheck disable=SC2086
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release ${KT_CMAKE_ARGS:-} >&2
fi
log "building"
cmake --build "$build" -j "${KT_JOBS:-$(nproc)}" >&2
