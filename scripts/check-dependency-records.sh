#!/usr/bin/env bash
# Runs the Examples' tests against their committed dependency records without writing any
# (SHARED_INSTANCES_RECORD=never: a missing record fails as well as a different one), and writes
# the suite-wide dependency map of those tests.
#
#   bash scripts/check-dependency-records.sh [map-folder]     # default: .build/dependency-map
set -euo pipefail
cd "$(dirname "$0")/.."

map=${1:-.build/dependency-map}
rm -rf "$map"
mkdir -p "$map"
map=$(cd "$map" && pwd)

SHARED_INSTANCES_RECORD=never SHARED_INSTANCES_MAP="$map" swift test --package-path Examples

# Nothing may have written a record: a run that records is a run that did not check.
changed=$(git status --porcelain -- Examples | grep '__Dependencies__' || true)
if [ -n "$changed" ]; then
  echo "Dependency records changed during the check:" >&2
  echo "$changed" >&2
  exit 1
fi

for file in dependencies.md dependencies.json; do
  if [ ! -s "$map/$file" ]; then
    echo "The dependency map has no $file in $map." >&2
    exit 1
  fi
done
echo "Dependency records match. Map: $map/dependencies.md"
