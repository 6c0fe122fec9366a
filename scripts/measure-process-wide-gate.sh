#!/usr/bin/env bash
# Measures what the process-wide gate costs a suite where 5% of the tests are process-wide:
# 200 tests run as one task group, in three schedules, median of 7 runs each.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
SI_MEASURE_GATE=1 swift test --skip-build --filter GateCostMeasurement 2>&1 \
  | grep -E "GATE COST|^  "
