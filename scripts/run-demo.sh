#!/usr/bin/env bash
# The main job: install what is missing, build, run the demo on the default Vulkan device (four activations against
# a double-precision reference, then a GELU graph of five element-wise nodes, fused and one kernel per node), then one
# DxDispatch model through vkdml-dispatch.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
# Only what the demo needs: the library and the two tools (the test suite is run-tests.sh's).
VKDML_BUILD_TARGETS="vkdml vkdml-demo vkdml-dispatch" bash "$root/scripts/build.sh" "$root/build"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
"$root/build/tools/vkdml-demo" "$@"
echo
echo "vkdml-dispatch models/dml_activation_celu.json:"
"$root/build/tools/vkdml-dispatch" "$root/models/dml_activation_celu.json"
echo
echo "vkdml-dispatch models/dml_graph_gelu.json (a DML_GRAPH dispatchable):"
"$root/build/tools/vkdml-dispatch" "$root/models/dml_graph_gelu.json"
