#!/usr/bin/env bash
# Runs the Examples' tests against their committed dependency records without writing any
# (SHARED_INSTANCES_RECORD=never: a missing record fails as well as a different one), and writes
# the suite-wide dependency map of those tests. Then runs them again with --parallel (a process
# per XCTest test) into the same folder: the new run must replace the map with one that has
# every test of the first.
#
#   bash scripts/check-dependency-records.sh [map-folder]     # default: .build/dependency-map
set -euo pipefail
cd "$(dirname "$0")/.."

map=${1:-.build/dependency-map}
rm -rf "$map"
mkdir -p "$map"
map=$(cd "$map" && pwd)

# A wait nobody resumes must fail CI, not hang it: the Examples' Swift Testing run has been seen
# to hang under CPU load with every test waiting (its cause is not found yet). Each run
# gets a time limit; a run that hits it is reported loudly and tried once more.
examples_test() {
  local attempt status
  for attempt in 1 2; do
    set +e
    timeout --kill-after=30 300 env SHARED_INSTANCES_RECORD=never SHARED_INSTANCES_MAP="$map" \
      swift test --package-path Examples "$@"
    status=$?
    set -e
    if [ "$status" -ne 124 ] && [ "$status" -ne 137 ]; then
      return "$status"
    fi
    echo "HANG: swift test --package-path Examples $* did not finish in 300 s (attempt $attempt)." >&2
    rm -rf "$map/.fragments"
  done
  return 1
}

build_log=$(mktemp)
swift build --package-path Examples --build-tests >"$build_log" 2>&1 || { cat "$build_log" >&2; exit 1; }
examples_test --skip-build

# Nothing may have written a record: a run that records is a run that did not check.
changed=$(git status --porcelain -- Examples | grep -E '__Dependencies__|\.dependencies/' || true)
if [ -n "$changed" ]; then
  echo "Dependency records changed during the check:" >&2
  echo "$changed" >&2
  exit 1
fi

for file in dependencies.md dependencies.json dependencies.html; do
  if [ ! -s "$map/$file" ]; then
    echo "The dependency map has no $file in $map." >&2
    exit 1
  fi
done

tests_in_map() {
  python3 -c 'import json, sys
for t in json.load(open(sys.argv[1]))["tests"]: print(t["suite"] + "/" + t["name"])' \
    "$map/dependencies.json" | sort
}
serial=$(tests_in_map)
examples_test --skip-build --parallel >/dev/null
parallel=$(tests_in_map)
# Only the second run's fragments are left: the map is not the first run's, merged in.
runs=$(ls "$map/.fragments" | grep '^run-.*\.json$' | cut -d. -f1 | sort -u | wc -l)
if [ "$runs" -ne 1 ]; then
  echo "The map folder holds fragments of $runs runs, not only the last one's:" >&2
  ls "$map/.fragments" >&2
  exit 1
fi
if [ "$serial" != "$parallel" ]; then
  echo "The map of the --parallel run differs from the map of the serial run:" >&2
  diff <(echo "$serial") <(echo "$parallel") >&2 || true
  exit 1
fi
echo "Dependency records match. Map: $map/dependencies.md and dependencies.html," \
  "$(echo "$serial" | wc -l) tests, the same with --parallel."
