#!/usr/bin/env bash
# Compiles the C shims (every file of Sources/_SharedInstancesShims) for the platforms this machine has no
# Swift SDK for, with the toolchain's clang and the C library headers of each, where installed
# (Debian: mingw-w64-x86-64-dev, wasi-libc, musl-dev). A platform whose headers are missing is
# skipped and said so. Swift code for these platforms is not compiled here (no Swift SDK).
set -euo pipefail
cd "$(dirname "$0")/../Sources/_SharedInstancesShims"

resource=$(clang -print-resource-dir)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0

check() {  # name, header that must exist, clang arguments...
  local name=$1 header=$2
  shift 2
  if [ ! -e "$header" ]; then
    echo "check-shim-platforms: $name skipped ($header not installed)"
    return
  fi
  local file
  for file in *.c; do
    if clang "$@" -Wall -Werror -O2 -Iinclude -c "$file" -o "$out/$name-${file%.c}.o"; then
      echo "check-shim-platforms: $name compiles $file"
    else
      echo "check-shim-platforms: $name does not compile $file" >&2
      status=1
    fi
  done
}

check windows-x86_64 /usr/x86_64-w64-mingw32/include/windows.h \
  --target=x86_64-w64-mingw32 -isystem /usr/x86_64-w64-mingw32/include
check windows-arm64 /usr/x86_64-w64-mingw32/include/windows.h \
  --target=aarch64-w64-mingw32 -isystem /usr/x86_64-w64-mingw32/include
check windows-i686 /usr/x86_64-w64-mingw32/include/windows.h \
  --target=i686-w64-mingw32 -isystem /usr/x86_64-w64-mingw32/include
check wasi /usr/include/wasm32-wasi/stdio.h \
  --target=wasm32-wasi -nostdinc -isystem "$resource/include" -isystem /usr/include/wasm32-wasi
check linux-musl /usr/include/x86_64-linux-musl/stdio.h \
  --target=x86_64-linux-musl -nostdinc -isystem "$resource/include" \
  -isystem /usr/include/x86_64-linux-musl
check linux-glibc /usr/include/stdio.h
exit $status
