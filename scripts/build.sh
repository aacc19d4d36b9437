#!/usr/bin/env bash
# Configures and builds vkdml: build.sh [build-dir] [extra cmake args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build}
shift || true
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVKDML_WERROR=ON "$@" >/dev/null
cmake --build "$dir" -j "$(nproc)"
