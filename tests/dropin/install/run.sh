#!/usr/bin/env bash
# Installs the build into a scratch prefix, then builds one program written the way DirectML programs for Linux are,
# with g++ and with clang++, each through the pkg-config package vkdml-directml and through the CMake package
# vkdml-directml, and runs the four binaries.
#   adapters: adapter_selection.cpp (libdxgi + libdxcore: a DXGI adapter loop and DXCore adapter selection)
#   hello:    hello_directml.cpp (every library: D3D12 device, DirectML operator, upload, dispatch, readback)
# usage: run.sh <build dir> <scratch dir> adapters|hello [<1 if the build has libd3d12/libdirectml/libvkdml_win32>]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$1
scratch=$2
what=$3
complete=${4:-1}
if [[ $what == hello && $complete != 1 ]]; then
  echo "skipped: this build has no libd3d12/libdirectml/libvkdml_win32 targets (dropin/d3d12, dropin/directml)"
  exit 77
fi
case $what in
  adapters) source=adapter_selection.cpp ;;
  hello) source=hello_directml.cpp ;;
  *) echo "usage: run.sh <build dir> <scratch dir> adapters|hello" >&2; exit 2 ;;
esac
program=${source%.cpp}

rm -rf "$scratch"
mkdir -p "$scratch"
prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null

PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name vkdml-directml.pc)")
export PKG_CONFIG_PATH
libdir=$(pkg-config --variable=libdir vkdml-directml)
if [[ $what == adapters ]]; then
  # The package's flags less the libraries it does not use (it must not need libd3d12/libdirectml to be built).
  libs=$(pkg-config --libs vkdml-directml | sed -E 's/(^| )-l(directml|d3d12|vkdml_win32)( |$)/ /g; s/(^| )-l(directml|d3d12|vkdml_win32)( |$)/ /g')
else
  libs=$(pkg-config --libs vkdml-directml)
fi

for compiler in g++ clang++; do
  binary=$scratch/${program}_pkgconfig_$compiler
  # shellcheck disable=SC2046,SC2086
  "$compiler" -std=c++17 -Wall -Wextra -Werror "$here/$source" $(pkg-config --cflags vkdml-directml) $libs \
    -Wl,-rpath,"$libdir" -o "$binary"
  echo "== $program: $compiler, pkg-config"
  "$binary"

  cmake -S "$here/cmake" -B "$scratch/cmake-$compiler" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_CXX_COMPILER="$compiler" -DVKDML_PROGRAM="$program" >/dev/null
  cmake --build "$scratch/cmake-$compiler" >/dev/null
  echo "== $program: $compiler, find_package(vkdml-directml)"
  "$scratch/cmake-$compiler/$program"
done
echo "$program: built with g++ and clang++ through pkg-config and find_package, and ran"
