#!/usr/bin/env bash
# The migrator's lexer held to what a grammar library guarantees: over real Swift files, no crash,
# every file rebuilt byte for byte from its tokens and trivia, every file followed (no
# unterminated literal or unbalanced bracket where the compiler sees none), and each file planned
# as a target of its own (`migrate-singletons --round-trip`).
#
#   bash scripts/lexer-corpus.sh          # every Swift file of every version of every package
#                                         # this machine keeps (~19,000 files; release build)
#   bash scripts/lexer-corpus.sh --ci     # a slice (swift-log, swift-metrics,
#                                         # swift-distributed-tracing, swift-nio, vapor) and every
#                                         # file that once failed (MigrationCorpus/
#                                         # lexer-regressions.txt): debug build, about a minute
#
# The packages are the machine's bare Git copies ($SWIFT_PACKAGES, /opt/swift-packages by
# default); without them the script says so and passes.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=${SWIFT_PACKAGES:-/opt/swift-packages}
if [ ! -d "$packages" ]; then
  echo "lexer-corpus: no package copies at $packages: skipped"
  exit 0
fi
if [ "${1:-}" = "--ci" ]; then
  corpus=.build/lexer-corpus-ci
  rm -rf "$corpus"
  mkdir -p "$corpus/slice" "$corpus/regressions"
  for entry in apple/swift-log:1.16.2 apple/swift-metrics:2.13.0 \
    apple/swift-distributed-tracing:1.7.3 apple/swift-nio:2.101.3 vapor/vapor:4.122.3; do
    repository=${entry%%:*}
    tag=${entry##*:}
    [ -d "$packages/$repository.git" ] || continue
    mkdir -p "$corpus/slice/$repository"
    git -C "$packages/$repository.git" archive "$tag" |
      tar -x -C "$corpus/slice/$repository" --wildcards '*.swift'
  done
  index=0
  while read -r repository tag path; do
    case "$repository" in '#'* | '') continue ;; esac
    [ -d "$packages/$repository.git" ] || continue
    index=$((index + 1))
    git -C "$packages/$repository.git" show "$tag:$path" \
      >"$corpus/regressions/$index-$(basename "$path")"
  done <MigrationCorpus/lexer-regressions.txt
  swift build --product migrate-singletons
  tool=.build/debug/migrate-singletons
else
  corpus=.build/swift-corpus
  bash scripts/extract-swift-corpus.sh "$corpus"
  swift build -c release --product migrate-singletons --scratch-path .build-release
  tool=.build-release/release/migrate-singletons
fi
log=$(mktemp)
set +e
"$tool" --round-trip "$corpus" 2>"$log"
status=$?
set -e
if [ "$status" -gt 1 ]; then
  echo "lexer-corpus: migrate-singletons --round-trip crashed (status $status) on:" >&2
  grep '^at: ' "$log" | tail -1 >&2
fi
rm -f "$log"
exit "$status"
