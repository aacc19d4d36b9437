#!/usr/bin/env bash
# The whole test suite: install what is missing, build, run every test (with Vulkan validation layers on).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh" "${VKDML_BUILD_DIR:-$root/build}" "$@"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
cd "${VKDML_BUILD_DIR:-$root/build}"
ctest --output-on-failure -j "${VKDML_TEST_JOBS:-2}"
