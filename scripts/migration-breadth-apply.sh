#!/usr/bin/env bash
# migrate-singletons --apply on real packages, as a user would run it, one package at a time:
#   1. a copy of the package's newest version is made to depend on SharedInstances (this
#      checkout), each of its regular targets on the SharedInstances product;
#   2. before: it builds with its tests, and its tests run (XCTest and Swift Testing counted);
#   3. every folder under Sources/ is planned (candidates, migrated, left alone, refused) and
#      migrated with --apply, which builds the migrated copy before it writes anything;
#   4. after: it builds again with its tests, and the same tests run.
# One line per package goes to .build/migration-breadth/apply.tsv; the Markdown table it prints
# is the one in MigrationCorpus/BREADTH.md. Minutes a package on two cores: CI does not run it.
# Every step is bounded (MIGRATION_BREADTH_LIMIT seconds, 1200 by default) and niced, the
# compilers under it included.
#
#   bash scripts/migration-breadth-apply.sh OWNER/NAME...
#   bash scripts/migration-breadth-apply.sh --table      # the table of what was run so far
#   bash scripts/migration-breadth-apply.sh --time-target OWNER/NAME TARGET
#                   # a plain debug build of one target, then --apply on it with the release tool
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
packages=${SWIFT_PACKAGES:-/opt/swift-packages}
limit=${MIGRATION_BREADTH_LIMIT:-1200}
work=$root/.build/migration-breadth
results=$work/apply.tsv
mkdir -p "$work"

table() {
  python3 - "$results" <<'PY'
import sys
print("| package (version) | candidates | migrated | left alone | refused | files written "
      "| builds before / after | tests before | tests after | build / `--apply` (every target) |")
print("|---|---|---|---|---|---|---|---|---|---|")
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split("\t")
    print("| " + " | ".join(f) + " |")
PY
}
if [ "${1:-}" = "--table" ]; then
  table
  exit 0
fi

extract() {  # OWNER/NAME FOLDER: the newest version's files
  local repository=$packages/$1.git
  tag=$(git -C "$repository" tag | sort -V | tail -1)
  rm -rf "$2"
  mkdir -p "$2"
  git -C "$repository" archive "$tag" | tar -x -C "$2"
}

if [ "${1:-}" = "--time-target" ]; then
  swift build -c release --product migrate-singletons --scratch-path .build-release >&2
  tool=$root/.build-release/release/migrate-singletons
  copy=$work/timed/$2
  extract "$2" "$copy"
  cd "$copy"
  swift package resolve >/dev/null
  start=$(date +%s%N)
  nice -n 19 swift build --target "$3" >"$work/timed-build.log" 2>&1 || echo "the build failed"
  build=$((($(date +%s%N) - start) / 1000000))
  start=$(date +%s%N)
  "$tool" --package "$copy" --sources "$copy/Sources/$3" >"$work/timed-plan.log" 2>&1
  plan=$((($(date +%s%N) - start) / 1000000))
  start=$(date +%s%N)
  "$tool" --package "$copy" --sources "$copy/Sources/$3" --apply >"$work/timed-apply.log" 2>&1
  apply=$((($(date +%s%N) - start) / 1000000))
  files=$(find "Sources/$3" -name '*.swift' | wc -l)
  grep -E '^migrate-singletons' "$work/timed-apply.log"
  echo "$2 $tag $3 ($files files): plain debug build $build ms; plan $plan ms; --apply $apply ms"
  exit 0
fi

# `nice` does not reach the compilers: swift-build starts them at the default priority. Every
# few seconds, whatever runs under this script is niced again, so that a measurement gives the
# machine's other builds the CPU.
renice_under() {
  while kill -0 "$1" 2>/dev/null; do
    ps -eo pid=,ppid=,ni= | awk -v root="$1" '
      { parent[$1] = $2; nice[$1] = $3 }
      END {
        for (pid in parent) {
          p = pid
          while (p in parent && p != root && p > 1) p = parent[p]
          if (p == root && pid != root && nice[pid] < 19) print pid
        }
      }' | xargs -r renice -n 19 -p >/dev/null 2>&1
    sleep 5
  done
}
renice_under $$ &

tool=${MIGRATE_SINGLETONS:-$root/.build/debug/migrate-singletons}
[ -x "$tool" ] || swift build --product migrate-singletons >&2

# "N passed, M failed" over both frameworks, from a `swift test` log.
count_tests() {
  python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], errors="replace").read()
passed = failed = 0
# XCTest: the last "Executed N tests, with M failures" is the whole run's.
# (With skipped tests: "Executed N tests, with S tests skipped and M failures".)
xc = re.findall(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?", text)
if xc:
    n, k, m = xc[-1]; n, k, m = int(n), int(k or 0), int(m); passed += n - k - m; failed += m
# Swift Testing: "Test run with N tests in K suites passed" / "… failed … with M issues".
for n, verdict in re.findall(r"Test run with (\d+) tests?(?: in \d+ suites?)? (passed|failed)", text):
    if verdict == "passed": passed += int(n)
    else: failed += int(n)
# Spectre's own runner: "24 passes and 0 failures".
for n, m in re.findall(r"^(\d+) passes and (\d+) failures", text, re.M):
    passed += int(n); failed += int(m)
if re.search(r"Exited with (unexpected )?signal|Fatal error:", text):
    print(f"{passed} passed, {failed} failed, crashed"); sys.exit()
print(f"{passed} passed, {failed} failed" if passed + failed else "no test ran")
PY
}

for package in "$@"; do
  copy=$work/applied/$package
  logs=$work/logs/$package
  rm -rf "$logs"
  mkdir -p "$logs"
  extract "$package" "$copy"
  # Into every manifest, the version-specific ones too (SwiftPM reads the newest one its
  # version allows); one older than tools 5.9 cannot say it, so it says 5.9. Not into a target
  # of a dynamic library product: that library would carry a copy of SharedInstances of its
  # own beside the test binary's, which SharedInstances stops at load (swift-dependencies'
  # DependenciesTestObserver); a user adds it to the targets that use it.
  for manifest in "$copy"/Package*.swift; do
    sed -i -E '1s|^// ?swift-tools-version: ?([0-4]\.[0-9]+\|5\.[0-8])(\.[0-9]+)?|// swift-tools-version:5.9|' \
      "$manifest"
    cat >>"$manifest" <<SWIFT

package.dependencies.append(.package(name: "SharedInstances", path: "$root"))
let sharedInstancesDynamicTargets = Set(
  package.products.compactMap { \$0 as? Product.Library }.filter { \$0.type == .dynamic }
    .flatMap(\.targets)
)
for target in package.targets
where target.type == .regular && !sharedInstancesDynamicTargets.contains(target.name) {
  target.dependencies.append(.product(name: "SharedInstances", package: "SharedInstances"))
}
SWIFT
  done
  # A dependency this machine does not keep is taken out with what needs it, where only tests
  # need it, as a user without it would: Quick's QuickLintTests use Quick/swift-fakes.
  case $package in
    Quick/Quick)
      for manifest in "$copy"/Package*.swift; do
        cat >>"$manifest" <<'SWIFT'
package.dependencies.removeAll { "\($0.kind)".contains("swift-fakes") }
package.targets.removeAll { $0.name == "QuickLintTests" }
SWIFT
      done
      ;;
  esac
  echo "== $package $tag"
  cd "$copy"
  git init -q . && git add -A && git -c user.name=b -c user.email=b@b commit -qm before

  # Resolution first, bounded on its own: a shipped Package.resolved may pin a version or a URL
  # this machine's copies lack (Nimble pins swift-docc-symbolkit under apple/, while the
  # swift-docc-plugin version here names it under swiftlang/). A user adding a dependency
  # resolves again; where the pins cannot be honoured, resolve without them, as
  # `swift package update` would.
  resolved=yes
  if ! timeout 240 nice -n 19 swift package resolve >"$logs/resolve.log" 2>&1; then
    echo "resolution failed with the shipped Package.resolved; resolving without it" \
      >>"$logs/resolve.log"
    rm -f Package.resolved
    timeout 600 nice -n 19 swift package resolve >>"$logs/resolve.log" 2>&1 || resolved=no
  fi

  built_before=no
  # A package whose tests do not build on this toolchain is measured on its libraries: built
  # without tests, migrated with --no-verify (the verification build includes the tests), and
  # built again.
  libraries_only=no
  start=$(date +%s)
  # A package whose dependencies do not resolve (one this machine does not keep) is not built:
  # it is only planned, and the row says so.
  if [ "$resolved" = yes ] &&
    timeout "$limit" nice -n 19 swift build --build-tests >"$logs/build-before.log" 2>&1; then
    built_before=yes
  fi
  if [ "$built_before" = no ] && [ "$resolved" = yes ] &&
    timeout "$limit" nice -n 19 swift build >"$logs/build-before-libraries.log" 2>&1; then
    built_before=yes
    libraries_only=yes
  fi
  build_seconds=$(($(date +%s) - start))
  tests_before="not run"
  if [ "$libraries_only" = yes ]; then
    tests_before="not run: its tests do not build"
  elif [ "$built_before" = yes ]; then
    timeout "$limit" nice -n 19 swift test --skip-build >"$logs/test-before.log" 2>&1
    tests_before=$(count_tests "$logs/test-before.log")
  fi

  candidates=0 migrated=0 left="" refused=""
  apply_start=$(date +%s)
  for target in "$copy"/Sources/*/; do
    target=${target%/}
    [ -d "$target" ] || continue
    log="$logs/apply-$(basename "$target").log"
    start=$(date +%s)
    # A package that does not build before is only planned: --apply's verification build could
    # not tell a broken migration from the package's own failure.
    apply=(--apply)
    [ "$built_before" = yes ] || apply=()
    [ "$libraries_only" = no ] || apply=(--apply --no-verify)
    timeout "$limit" nice -n 19 "$tool" --package "$copy" --sources "$target" "${apply[@]}" \
      >"$log" 2>&1
    echo "apply-status=$? seconds=$(($(date +%s) - start))" >>"$log"
    summary=$(grep -E '^migrate-singletons: [0-9]+ candidate' "$log" | head -1)
    if [[ $summary =~ ([0-9]+)\ candidate\(s\):\ ([0-9]+)\ migrated ]]; then
      candidates=$((candidates + BASH_REMATCH[1]))
      migrated=$((migrated + BASH_REMATCH[2]))
    fi
    left+=$(grep -c ': left alone: ' "$log")+
    refused+=$(grep -c ': not migrated: ' "$log")+
  done
  apply_seconds=$(($(date +%s) - apply_start))
  left=$((${left}0))
  refused=$((${refused}0))
  written=$(git status --porcelain -- Sources | wc -l)

  built_after="not needed"
  tests_after="unchanged (no file written)"
  if [ "$built_before" != yes ]; then
    migrated="0 (planned: $migrated)"
    built_after="not run"
    tests_after="not run: it does not build before"
  elif [ "$written" -gt 0 ] && [ "$libraries_only" = yes ]; then
    built_after=no
    timeout "$limit" nice -n 19 swift build >"$logs/build-after.log" 2>&1 &&
      built_after="yes (libraries)"
    tests_after="not run: its tests do not build"
  elif [ "$written" -gt 0 ]; then
    built_after=no
    timeout "$limit" nice -n 19 swift build --build-tests >"$logs/build-after.log" 2>&1 &&
      built_after=yes
    tests_after="not run"
    if [ "$built_after" = yes ]; then
      timeout "$limit" nice -n 19 swift test --skip-build >"$logs/test-after.log" 2>&1
      tests_after=$(count_tests "$logs/test-after.log")
    fi
  fi
  shown_before=$built_before
  [ "$libraries_only" = no ] || shown_before="yes (libraries)"
  if [ "$resolved" = no ]; then
    shown_before="no: its dependencies do not resolve"
    tests_before="not run: $(grep -m1 -oE 'error: .*' "$logs/resolve.log" | cut -c8-160)"
  fi
  cd "$root"
  grep -v "^$package ($tag)	" "$results" 2>/dev/null >"$results.new"
  printf '%s (%s)\t%s\t%s\t%s\t%s\t%s\t%s / %s\t%s\t%s\t%s s / %s s\n' "$package" "$tag" \
    "$candidates" "$migrated" "$left" "$refused" "$written" "$shown_before" "$built_after" \
    "$tests_before" "$tests_after" "$build_seconds" "$apply_seconds" >>"$results.new"
  mv "$results.new" "$results"
  tail -1 "$results"
done
