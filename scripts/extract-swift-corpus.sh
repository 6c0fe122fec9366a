#!/usr/bin/env bash
# Extracts every Swift file of every tagged version of the Swift packages this machine keeps
# (bare Git copies under $SWIFT_PACKAGES, /opt/swift-packages by default) into one folder, one
# subfolder per package and version: the corpus that scripts/lexer-corpus.sh reads.
#
#   bash scripts/extract-swift-corpus.sh [OUT]     # OUT: .build/swift-corpus by default
set -euo pipefail
cd "$(dirname "$0")/.."
packages=${SWIFT_PACKAGES:-/opt/swift-packages}
out=${1:-.build/swift-corpus}
mkdir -p "$out"
for repository in "$packages"/*/*.git; do
  owner=$(basename "$(dirname "$repository")")
  name=$(basename "$repository" .git)
  for tag in $(git -C "$repository" tag); do
    target="$out/$owner/$name/$tag"
    [ -d "$target" ] && continue
    mkdir -p "$target"
    git -C "$repository" archive "$tag" | tar -x -C "$target" --wildcards '*.swift' 2>/dev/null || true
  done
done
echo "$(find "$out" -name '*.swift' -type f | wc -l) Swift files under $out"
