#!/usr/bin/env bash
# Packs what a GPU session runs into one folder for a machine that has an NVIDIA driver but no Vulkan development
# packages (and no network): the tools and GPU test binaries of BUILD_DIR, stripped, the libraries they load
# (libvkdml, the drop-in's libraries, Debian's Vulkan loader), the BERT fixture, and Debian's libvulkan1 and libglvnd
# packages (NVIDIA's Vulkan driver, libGLX_nvidia.so.0, needs libglvnd; without it vkCreateInstance fails with
# VK_ERROR_INCOMPATIBLE_DRIVER). About 45 MB with the fixture.
# Usage: scripts/gpu-bundle.sh BUILD_DIR BUNDLE_DIR; there: for f in BUNDLE_DIR/debs/*.deb; do dpkg -x $f /; done;
# ldconfig; scripts/gpu-session.sh BUNDLE_DIR OUT [STEPS].
set -euo pipefail
build=${1:?build directory}
bundle=${2:?bundle directory}
rm -rf "$bundle"
mkdir -p "$bundle/tools" "$bundle/tests" "$bundle/lib" "$bundle/debs"
for tool in vkdml-bench vkdml-info; do strip -o "$bundle/tools/$tool" "$build/tools/$tool"; done
for test in activation_test family_test reduce_family_test gemm_test divsqrt_exact_test bert_layer_test \
            large_tensor_test graph_test device_test exhaustive_fp32_test; do
  strip -o "$bundle/tests/$test" "$build/tests/$test"
done
strip -o "$bundle/lib/libvkdml.so.0" "$build/api/libvkdml.so.0"
for lib in directml/libdirectml.so d3d12/libd3d12.so win32/libvkdml_win32.so; do
  [ -f "$build/dropin/$lib" ] && strip -o "$bundle/lib/$(basename "$lib")" "$build/dropin/$lib"
done
[ -d "$build/tests/bert_layer" ] && cp -r "$build/tests/bert_layer" "$bundle/tests/bert_layer"
lists=$(mktemp -d)
mkdir -p "$lists/partial"
apt_options=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 "-oDir::State::Lists=$lists")
apt-get "${apt_options[@]}" update > /dev/null
(cd "$bundle/debs" && apt-get "${apt_options[@]}" download libvulkan1 libglvnd0 libglx0 libgl1 libegl1 libopengl0 \
  libgles2 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
rm -rf "$lists"
du -sh "$bundle"
