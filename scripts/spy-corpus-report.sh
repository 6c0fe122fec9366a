#!/usr/bin/env bash
# How generate-spies does on a corpus of real-world protocol shapes:
#   1. builds SpyCorpus/RealWorld (the corpus module and SharedInstancesTesting) and the
#      generate-spies tool of the root package;
#   2. extracts the corpus module's symbol graph as the plugin asks SwiftPM for it (internal
#      symbols and up, no synthesized members) and runs the tool on it into a scratch folder;
#   3. compiles EACH written spy on its own to SIL against the built modules, two at a time;
#   4. prints the protocols, the spies written, the diagnostics (refused protocols), the spies that
#      compile and those that do not (first compiler error, and whether the generator warned),
#      and the share of protocols with a compiling spy.
# Exits non-zero if a written spy does not compile or fewer than 95% of the protocols get one.
#
#   bash scripts/spy-corpus-report.sh [--generator <generate-spies executable>] [--verify]
#                                     [--corpus <package folder>] [--module <name>] [--quiet]
#
#   --generator  use this generate-spies instead of building the root package's
#   --verify     pass --verify-with <corpus build folder> to the generator (its own check)
#   --corpus     the package holding the corpus (default SpyCorpus/RealWorld)
#   --module     the corpus module (default RealWorldCorpus)
#   --quiet      print only the summary, not each failing spy
#
# The scratch folder is <corpus>/.build/spy-report: spies/ (what the tool wrote), diagnostics.txt
# (its standard error), checks/ (each spy's compiler output).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/SpyCorpus/RealWorld"
module=RealWorldCorpus
generator=""
verify=false
quiet=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --generator) generator=$2; shift 2 ;;
    --verify) verify=true; shift ;;
    --corpus) corpus=$(cd "$2" && pwd); shift 2 ;;
    --module) module=$2; shift 2 ;;
    --quiet) quiet=true; shift ;;
    -h | --help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "spy-corpus-report: unknown argument $1" >&2; exit 64 ;;
  esac
done

# --- Build ------------------------------------------------------------------------------------
echo "== building the corpus ($corpus) and generate-spies" >&2
(cd "$corpus" && swift build --build-tests >/dev/null)
if [[ -z "$generator" ]]; then
  (cd "$root" && swift build --product generate-spies >/dev/null)
  generator="$(cd "$root" && swift build --product generate-spies --show-bin-path)/generate-spies"
fi
[[ -x "$generator" ]] || { echo "spy-corpus-report: no executable at $generator" >&2; exit 66; }
start=$SECONDS

# --- Symbol graph and spies -------------------------------------------------------------------
cd "$corpus"
build=$(swift build --show-bin-path)
work="$corpus/.build/spy-report"
rm -rf "$work"
mkdir -p "$work/spies" "$work/checks"
# The plugin's PackageManager.SymbolGraphOptions(minimumAccessLevel: .internal), includeSynthesized
# false: the same SwiftPM extraction, from the command line.
swift package dump-symbol-graph --minimum-access-level internal --skip-synthesized-members \
  >"$work/dump-symbol-graph.log" 2>&1 || true
graph=$(find .build -path "*/symbolgraph/$module.symbols.json" | head -1)
[[ -n "$graph" ]] || { cat "$work/dump-symbol-graph.log" >&2; exit 1; }
generator_arguments=(--symbol-graph "$graph" --output "$work/spies")
if $verify; then generator_arguments+=(--verify-with "$build"); fi
set +e
"$generator" "${generator_arguments[@]}" >"$work/generator.out" 2>"$work/diagnostics.txt"
generator_status=$?
set -e

# --- One compiler run per spy, two at a time -----------------------------------------------------
modules="$build/Modules"
[[ -d "$modules" ]] || modules="$build"
# SIL, not only type checking: missing returns, uninitialized properties and isolation errors are
# found after the type checker (and cost no more time on files this size).
compiler_arguments=(-emit-sil -o /dev/null -swift-version 6 -I "$modules" -module-cache-path "$work/module-cache")
for map in "$build"/*.build/module.modulemap; do
  [[ -e "$map" ]] && compiler_arguments+=(-Xcc "-fmodule-map-file=$map")
done
export SPY_REPORT_CHECKS="$work/checks"
find "$work/spies" -name '*.swift' -print0 | sort -z |
  xargs -0 -r -P 2 -n 1 sh -c '
    for file; do :; done
    name=$(basename "$file" .swift)
    if swiftc "$@" >"$SPY_REPORT_CHECKS/$name.log" 2>&1; then :; else
      echo failed >"$SPY_REPORT_CHECKS/$name.failed"; fi
  ' check "${compiler_arguments[@]}"
# (xargs appends the file after the compiler arguments: swiftc <arguments> <file>.)

# --- Report ------------------------------------------------------------------------------------
python3 - "$graph" "$work" "$module" "$generator" "$generator_status" "$quiet" \
  "$((SECONDS - start))" <<'PYTHON'
import json, os, re, sys

graph_path, work, module, generator, generator_status, quiet, seconds = sys.argv[1:]
quiet = quiet == "true"
graph = json.load(open(graph_path))
protocols = sorted(
    s["names"]["title"] for s in graph["symbols"] if s["kind"]["identifier"] == "swift.protocol"
)
spies_folder = os.path.join(work, "spies")
written = sorted(f[: -len("Spy.swift")] for f in os.listdir(spies_folder) if f.endswith("Spy.swift"))
diagnostics = [l for l in open(os.path.join(work, "diagnostics.txt")).read().splitlines() if l]
refused = {}
for line in diagnostics:
    match = re.match(r"(error|warning): No spy for (?:protocol )?(\w+)[:,]", line)
    if match and match.group(2) not in written:
        refused.setdefault(match.group(2), line)

def warned(name):
    pattern = re.compile(r"\b(%s|%sSpy)\b" % (re.escape(name), re.escape(name)))
    return any(pattern.search(l) for l in diagnostics if not l.startswith("note:"))

def first_error(name):
    log = open(os.path.join(work, "checks", name + "Spy.log")).read().splitlines()
    for l in log:
        if ": error: " in l:
            return re.sub(r"^.*?/spies/", "", l)
    return log[0] if log else "(no output)"

failing = [n for n in written if os.path.exists(os.path.join(work, "checks", n + "Spy.failed"))]
compiling = [n for n in written if n not in failing]
missing = [p for p in protocols if p not in written and p not in refused]
share = 100.0 * len([p for p in protocols if p in compiling]) / max(len(protocols), 1)

print(f"spy-corpus-report: module {module}, generator {generator} (exit {generator_status})")
print(f"  protocols                      {len(protocols):4}")
print(f"  spies written                  {len(written):4}")
print(f"  diagnostics (refused)          {len(refused):4}")
print(f"  neither spy nor diagnostic     {len(missing):4}")
print(f"  spies that compile             {len(compiling):4}")
print(f"  spies that do not compile      {len(failing):4}"
      f"  ({sum(1 for n in failing if not warned(n))} of them with no warning)")
print(f"  protocols with a compiling spy {share:5.1f}%")
if not quiet:
    if failing:
        print("\nSpies that do not compile (first error; whether generate-spies warned):")
        for n in failing:
            print(f"  {n}Spy [{'warned' if warned(n) else 'no warning'}]: {first_error(n)}")
    if refused:
        print("\nRefused (the generator's diagnostic):")
        for n in sorted(refused):
            print(f"  {n}: {refused[n][:220]}")
    if missing:
        print("\nNo spy and no diagnostic: " + ", ".join(missing))
print(f"\nspy-corpus-report: {seconds} s after the build")
status = 0
if failing:
    print(f"FAILED: {len(failing)} written spies do not compile")
    status = 1
if share < 95:
    print(f"FAILED: {share:.1f}% of the protocols have a compiling spy (goal: 95%)")
    status = 1
sys.exit(status)
PYTHON
