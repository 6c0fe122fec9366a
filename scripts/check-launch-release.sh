#!/usr/bin/env bash
# A release build ignores a test's launch hand-off: builds the launch fixture in release
# (next to the torture's release build, which it shares most objects with) and runs the test that
# launches it with a hand-off and checks that it served nothing of it and never read the file.
# Needs the debug test build (`swift build --build-tests`) already there.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product shared-instances-launch-fixture
fixture="$(swift build -c release --show-bin-path)/shared-instances-launch-fixture"
# The release binary carries no load-time receiver at all: no symbol of the C shim is linked in.
if nm "$fixture" | grep -q 'si_launch_handoff'; then
  echo "check-launch-release: the release fixture links the hand-off receiver's C shim." >&2
  exit 1
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
SHARED_INSTANCES_LAUNCH_RELEASE_FIXTURE="$fixture" \
  swift test --skip-build --filter 'HandoffRefusalTests/aReleaseBuildServesNothingOfAHandoff' \
  2>&1 | tee "$log"
# A filter that matched nothing, or a skipped test, would pass silently.
grep -q 'Test aReleaseBuildServesNothingOfAHandoff() passed' "$log"
