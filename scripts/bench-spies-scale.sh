#!/usr/bin/env bash
# generate-spies at scale (BENCHMARKS.md, "Spies at scale"): a package of 10,000
# protocols of realistic shapes (Benchmarks/SpyScale/generate.py), then, each the median of 3:
#   1. the symbol graph's extraction, as the plugin asks SwiftPM for it (`dump-symbol-graph`, the
#      same SwiftPM code path: up-to-date check of the build, then swift-symbolgraph-extract),
#      and swift-symbolgraph-extract alone;
#   2. the generate-spies tool, release build, from symbol graph to files: into an empty folder,
#      again over its own unchanged output, and with --check;
#   3. the same tool in a debug build (what `swift package generate-spies` builds by default);
# with the peak memory of each step (/usr/bin/time, when present), and a table at the end.
#
#   bash scripts/bench-spies-scale.sh [work-folder] [--count N] [--generator <executable>]
#
# Default work folder: /tmp/spy-scale. GENERATE_SPIES_TIMING=1 phases of one more release run
# are printed below the table; `--profile` also records it with perf, when present.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=/tmp/spy-scale
count=10000
generator=""
profile=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --generator) generator=$2; shift 2 ;;
    --profile) profile=true; shift ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    *) work=$1; shift ;;
  esac
done

timer=()
[[ -x /usr/bin/time ]] && timer=(/usr/bin/time -f '%e %M' -o "$work.time")
results=()
# measure <label> <runs> <setup command> -- <command…>: median seconds and peak RSS of the runs.
measure() {
  local label=$1 runs=$2 setup=$3
  shift 4
  local times=() peak=0 t rss start
  for _ in $(seq "$runs"); do
    eval "$setup"
    if [[ ${#timer[@]} -gt 0 ]]; then
      "${timer[@]}" "$@" >/dev/null 2>>"$work.log" || true
      read -r t rss <"$work.time"
    else
      start=$(date +%s.%N)
      "$@" >/dev/null 2>>"$work.log" || true
      t=$(echo "$(date +%s.%N) - $start" | bc)
      rss=0
    fi
    times+=("$t")
    ((rss > peak)) && peak=$rss
  done
  local median
  median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n "$(((runs + 1) / 2))p")
  results+=("$label|$median|$((peak / 1024))|${times[*]}")
  echo "  $label: median $median s (runs: ${times[*]}), peak $((peak / 1024)) MiB" >&2
}

echo "== writing $count protocols to $work" >&2
rm -rf "$work" "$work.log"
python3 "$root/Benchmarks/SpyScale/generate.py" "$work" --count "$count" >&2
cd "$work"
start=$(date +%s.%N)
swift build --target ScaleServices >/dev/null
build_seconds=$(echo "$(date +%s.%N) - $start" | bc)
echo "  swift build of the module (debug, from scratch): $build_seconds s" >&2

echo "== generate-spies builds" >&2
if [[ -z "$generator" ]]; then
  (cd "$root" && swift build -c release --product generate-spies >/dev/null)
  generator="$(cd "$root" && swift build -c release --show-bin-path)/generate-spies"
fi
(cd "$root" && swift build --product generate-spies >/dev/null)
debug_generator="$(cd "$root" && swift build --show-bin-path)/generate-spies"

echo "== symbol graph" >&2
measure "symbol graph: swift package dump-symbol-graph (SwiftPM, as the plugin)" 3 ":" -- \
  swift package dump-symbol-graph --minimum-access-level internal --skip-synthesized-members
graph=$(find .build -path '*/symbolgraph/ScaleServices.symbols.json' | head -1)
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
mkdir -p "$work/extract"
measure "symbol graph: swift-symbolgraph-extract alone" 3 ":" -- \
  swift-symbolgraph-extract -module-name ScaleServices -target "$triple" -I "$bin/Modules" \
  -minimum-access-level internal -skip-synthesized-members -output-dir "$work/extract"
graph_mib=$(($(wc -c <"$graph") / 1048576))

echo "== generate-spies (release)" >&2
out="$work/Spies"
# Earlier output is moved aside, not deleted, before a run into an empty folder: right after
# 10,000 deletions ext4 allocates new inodes slowly (the kernel's recently_deleted scan), which
# doubled the write phase. It is deleted at the end.
aside() { [[ -d "$out" ]] && mv "$out" "$work/aside.$RANDOM$RANDOM"; return 0; }
measure "generate-spies, release: into an empty folder" 3 "aside" -- \
  "$generator" --symbol-graph "$graph" --output "$out"
spies=$(find "$out" -name '*Spy.swift' | wc -l)
lines=$(cat "$out"/*.swift | wc -l)
measure "generate-spies, release: over its unchanged output" 3 ":" -- \
  "$generator" --symbol-graph "$graph" --output "$out"
measure "generate-spies, release: --check, nothing changed" 3 ":" -- \
  "$generator" --symbol-graph "$graph" --output "$out" --check
echo "== generate-spies (debug)" >&2
measure "generate-spies, debug: into an empty folder" 3 "aside" -- \
  "$debug_generator" --symbol-graph "$graph" --output "$out"

aside
phases=$(GENERATE_SPIES_TIMING=1 "$generator" --symbol-graph "$graph" --output "$out" 2>&1 >/dev/null |
  grep '^timing:' | sed 's/^timing: //' | tr '\n' ';' || true)
if $profile && command -v perf >/dev/null; then
  aside
  perf record -q -F 999 -g -o "$work/perf.data" "$generator" --symbol-graph "$graph" \
    --output "$out" >/dev/null 2>&1 || true
  echo "perf: perf report -i $work/perf.data --no-children --sort dso,symbol" >&2
fi

rm -rf "$work"/aside.*

echo
echo "generate-spies at scale: $count protocols, $spies spies written ($lines lines), symbol graph $graph_mib MiB"
echo "module build (debug, from scratch): $build_seconds s; $(nproc) cores; $(swift --version 2>&1 | head -1)"
echo
echo "| step | median of 3 | peak memory | runs |"
echo "|---|---|---|---|"
for row in "${results[@]}"; do
  IFS='|' read -r label median peak runs <<<"$row"
  echo "| $label | **$median s** | $peak MiB | $runs |"
done
echo
echo "release tool phases (GENERATE_SPIES_TIMING=1, one run): $phases"
echo "reference: Mockolo, about 11,000 mocks for 13,000 protocols in 13 s (its published figure,"
echo "from source files with SwiftSyntax; another machine)"
