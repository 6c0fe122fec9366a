#!/usr/bin/env bash
# The size SharedInstances adds to a production executable (Linux, release, stripped): builds
# `one-box` (one `Resettable`) and `no-library` (the same program with a lock-protected global),
# strips both, prints their sizes, the difference, and the shared libraries each one loads.
#
#   bash Benchmarks/BinarySize/measure.sh           # print the table
#   bash Benchmarks/BinarySize/measure.sh --check   # and fail when the library adds > 150 KB
#                                                   # or makes the program load Foundation (CI)
#   bash Benchmarks/BinarySize/measure.sh --no-foundation   # fail only on Foundation
#   bash Benchmarks/BinarySize/measure.sh --objects   # and what each source file of the core
#                                                     # brings (code, unwind tables, metadata)
set -euo pipefail
cd "$(dirname "$0")"

limit=$((150 * 1024))
check=false
objects=false
[ "${1:-}" = "--check" ] && check=true
[ "${1:-}" = "--objects" ] && objects=true
[ "${1:-}" = "--no-foundation" ] && limit=$((1 << 40)) && check=true

build() { swift build -c release --product "$1" >/dev/null; }
# SwiftPM does not notice source files moved out of the path dependency ("missing inputs"):
# start from a clean build folder then.
build one-box || { rm -rf .build && build one-box; }
build no-library
bin=$(swift build -c release --show-bin-path)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for product in one-box no-library; do
  cp "$bin/$product" "$out/$product"
  strip "$out/$product"
done

with=$(stat -c %s "$out/one-box")
without=$(stat -c %s "$out/no-library")
added=$((with - without))
libraries() { ldd "$1" | awk '{print $1}' | grep -o 'lib[A-Za-z_]*' | grep -v '^lib$' | sort -u | tr '\n' ' '; }

printf '| executable | stripped bytes | shared libraries loaded |\n|---|---:|---|\n'
printf '| no-library (lock-protected global) | %d | %s|\n' "$without" "$(libraries "$out/no-library")"
printf '| one-box (`Resettable`) | %d | %s|\n' "$with" "$(libraries "$out/one-box")"
printf '\nadded by SharedInstances: %d bytes (%d KB; the goal: at most 150 KB)\n' \
  "$added" $(((added + 1023) / 1024))

if $objects; then
  # Allocated sections only (no debug info): what each object of the core adds to the program.
  printf '\n| source file of SharedInstances | bytes |\n|---|--:|\n'
  for object in "$bin"/SharedInstances.build/*.o; do
    size -A "$object" | awk -v name="$(basename "$object" .o)" \
      '$1 ~ /^\.text|^\.rodata|^\.data|^swift5|^\.eh_frame$/ { sum += $2 }
       END { printf "| %s | %d |\n", name, sum }'
  done | sort -t'|' -k3 -rn
fi

if $check; then
  status=0
  if [ "$added" -gt "$limit" ]; then
    echo "binary-size: SharedInstances adds $added bytes, more than $limit." >&2
    status=1
  fi
  if ldd "$out/one-box" | grep -qi foundation; then
    echo "binary-size: the one-box executable loads Foundation:" >&2
    ldd "$out/one-box" | grep -i foundation >&2
    status=1
  fi
  exit $status
fi
