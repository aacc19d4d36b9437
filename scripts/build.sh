#!/usr/bin/env bash
# Configures and builds vkdml: build.sh [build-dir] [extra cmake args...]. VKDML_BUILD_TARGETS (space-separated)
# builds only those targets; by default everything (the library, the tools, the test suite).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build}
shift || true
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVKDML_WERROR=ON "$@" >/dev/null
if [ -n "${VKDML_BUILD_TARGETS:-}" ]; then
  # shellcheck disable=SC2086
  cmake --build "$dir" -j "$(nproc)" --target $VKDML_BUILD_TARGETS
else
  cmake --build "$dir" -j "$(nproc)"
fi
