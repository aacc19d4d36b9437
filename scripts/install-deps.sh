#!/usr/bin/env bash
# Installs the Debian 12 packages vkdml needs to build, test and run, if any is missing.
set -euo pipefail
packages=(cmake g++ clang libclang-rt-14-dev pkg-config dpkg-dev file
          libvulkan-dev libvulkan-volk-dev glslang-tools glslang-dev spirv-tools doctest-dev
          mesa-vulkan-drivers vulkan-validationlayers nlohmann-json3-dev libcli11-dev python3-onnx python3-numpy
          directx-headers-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
