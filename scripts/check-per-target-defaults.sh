#!/usr/bin/env bash
# Each test target's test defaults serve its own tests only: the fixture
# package Tests/Fixtures/PerTargetDefaults has three test targets, each with its own default for
# one box (two with their own `SharedTestDefaults` type, one with the deprecated conformance).
# SwiftPM links them into one test binary on Linux; every test checks it got its own target's
# default. Runs them under `swift test` and `swift test --parallel`, and fails on a build warning.
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/PerTargetDefaults"

log=$(mktemp)
trap 'rm -f "$log"' EXIT

swift build --build-tests 2>&1 | tee "$log"
if grep -q "warning:" "$log"; then
  echo "check-per-target-defaults: the fixture builds with warnings (see above)." >&2
  exit 1
fi

echo "== swift test"
swift test
echo "== swift test --parallel"
swift test --parallel
