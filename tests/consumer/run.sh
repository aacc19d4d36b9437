#!/usr/bin/env bash
# Installs vkdml from the build tree into a scratch prefix, then builds and runs tests/consumer/celu_check.c twice
# against that prefix: as a CMake project (find_package) and with a plain compiler call (pkg-config).
# usage: run.sh <vkdml build dir> <scratch dir>
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$1
scratch=$2
rm -rf "$scratch"
mkdir -p "$scratch"
prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null

cmake -S "$here/cmake" -B "$scratch/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$scratch/cmake-build" >/dev/null
"$scratch/cmake-build/celu_check"

PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name vkdml.pc)")
export PKG_CONFIG_PATH
libdir=$(pkg-config --variable=libdir vkdml)
cc -std=c99 -Wall -Werror "$here/celu_check.c" $(pkg-config --cflags --libs vkdml) -lm -Wl,-rpath,"$libdir" \
   -o "$scratch/celu_check_pc"
"$scratch/celu_check_pc"
echo "find_package and pkg-config consumers: both right"
