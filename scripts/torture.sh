#!/usr/bin/env bash
# The release-mode torture of the core: builds `shared-instances-torture` in release
# and runs it in both fence modes (asymmetric `membarrier` where Linux offers it, and the
# symmetric fences of Apple platforms and ThreadSanitizer).
#
#   scripts/torture.sh          # release build
#   scripts/torture.sh asan     # release build under AddressSanitizer (.build-asan)
#
# Each run does at least 1,000,000 mixed operations plus 20,000 short-lived threads, then the
# phases of the protocol's slow paths (reports that read and reset inside a read, resets racing
# reads into an empty slot with a weak-reference check after every round, deinits near the
# creation lock, threads
# exiting inside borrows), forks while other threads read and borrow (each child checks that
# nothing waits for a thread it does not have), threads exiting inside factories (a later thread
# must not be taken for them), and exits non-zero if an instance was used after its release, released
# twice, or outlived the reads that were running when it was replaced, if a deinit ran under its
# box's creation lock, or if a phase deadlocks or livelocks.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-release}
case "$mode" in
  release) flags=(); scratch=.build ;;
  asan) flags=(--sanitize=address); scratch=.build-asan ;;
  *) echo "usage: scripts/torture.sh [release|asan]" >&2; exit 2 ;;
esac

swift build -c release "${flags[@]}" --scratch-path "$scratch" --product shared-instances-torture
binary="$scratch/release/shared-instances-torture"
log=$(mktemp)
for fences in asymmetric symmetric; do
  echo "-- $mode build, $fences fences"
  if [ "$fences" = symmetric ]; then
    SHARED_INSTANCES_SYMMETRIC_FENCES=1 "$binary" 2>&1 | tee "$log"
  else
    "$binary" 2>&1 | tee "$log"
  fi
  status=${PIPESTATUS[0]}
  if [ "$status" -ne 0 ]; then exit "$status"; fi
  # The torture links one copy of the library: a report of two is a false one.
  if grep -q "copies of the library are loaded" "$log"; then
    echo "The torture ($mode, $fences fences) reported copies of the library it does not have." >&2
    exit 1
  fi
done
