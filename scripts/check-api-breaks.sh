#!/usr/bin/env bash
# Every API break since the last release is a decision: compares the public API of the library
# products with the 0.1.0 release (commit a79c325: the project has no tags; CHANGELOG.md dates
# 0.1.0 2026-11-22, the date of that commit, the last of that day) with
# `swift package diagnose-api-breaking-changes`, and fails on a break that
# API/breaking-changes-since-0.1.0.txt does not list. Each line there is one break the compiler
# reports, decided on: the README's "Upgrading" section says what users do about it.
#
# Not in CI: it builds the baseline and the package again (4 minutes on 2 busy cores).
# Run it before a release, and after changing the public API:
#
#   bash scripts/check-api-breaks.sh            # fails on an undecided break
#   bash scripts/check-api-breaks.sh --update   # rewrites the list with every break found now
set -euo pipefail
cd "$(dirname "$0")/.."

baseline=a79c325
allowlist=API/breaking-changes-since-0.1.0.txt

if [ "${1:-}" = "--update" ]; then
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  swift package diagnose-api-breaking-changes "$baseline" 2>&1 | tee "$log" || true
  grep -oE 'API breakage: .*' "$log" | sed 's/[[:space:]]*$//' | sort -u >"$allowlist"
  echo "$allowlist: $(wc -l <"$allowlist" | tr -d ' ') breaks listed; say each in README's Upgrading."
  exit 0
fi

swift package diagnose-api-breaking-changes "$baseline" --breakage-allowlist-path "$allowlist"
