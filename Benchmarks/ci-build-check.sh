#!/usr/bin/env bash
# Checks that the Benchmarks package still builds (release) against the library in this
# checkout. It does not measure anything: timings on a shared CI machine mean little.
#
#   Benchmarks/ci-build-check.sh           # build only
#   Benchmarks/ci-build-check.sh --smoke   # build, then a quick run (a few seconds) that must
#                                          # exit 0, and the accessor's goals, which fail only
#                                          # on a regression twice a goal's ratio
#
# A clean build resolves swift-dependencies and Swinject (and clones swift-syntax, which is not
# compiled: only the macro targets need it); see BENCHMARKS.md for how long it takes.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swift build -c release --package-path "$root/Benchmarks"
if [[ "${1:-}" == "--smoke" ]]; then
  swift run -c release --skip-build --package-path "$root/Benchmarks" \
    shared-instances-benchmarks --quick >/dev/null
  # The accessor's goals: fails only on a ratio twice a goal's, far outside noise (a few s).
  swift run -c release --skip-build --package-path "$root/Benchmarks" \
    shared-instances-benchmarks --accessor --quick --check
fi

# Issue 30's bootstrap-once read benchmark: a package of its own, the library alone.
swift build -c release --package-path "$root/Benchmarks/BootstrapReads"
if [[ "${1:-}" == "--smoke" ]]; then
  swift run -c release --skip-build --package-path "$root/Benchmarks/BootstrapReads" \
    bootstrap-reads --quick >/dev/null
fi
