#!/usr/bin/env bash
# The generated-spies checks CI runs:
#   1. SpyCorpus: `generate-spies --check` regenerates every corpus spy with the command plugin
#      and fails if one differs from the committed files (the generator's reference output);
#   2. the corpus spies pass `swift format lint --strict`, compile without warnings in Swift 6
#      mode, and the corpus tests exercise each of them;
#   3. Examples: `generate-spies --check` on every test target whose spies are generated.
# Both packages list their targets in generate-spies.json, which the command and --check read.
#
#   bash scripts/check-spies.sh
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS

echo "== SpyCorpus: generated spies up to date (SpyCorpus/generate-spies.json)"
(
  cd SpyCorpus
  # --check writes nothing and needs no permission; the flag is kept as users copy it.
  swift package --allow-writing-to-package-directory generate-spies --check
)

echo "== SpyCorpus: lint, build with warnings as errors, test"
swift format lint --strict -r SpyCorpus/Sources SpyCorpus/Tests
(
  cd SpyCorpus
  swift build --build-tests -Xswiftc -warnings-as-errors
  swift test --skip-build
  # The generator's own compiler check (--verify builds, here nothing left to build, and
  # compiles every spy against the modules): writes nothing.
  swift package --allow-writing-to-package-directory generate-spies --verify --check
)

echo "== Examples: generated spies up to date (Examples/generate-spies.json)"
(cd Examples && swift package --allow-writing-to-package-directory generate-spies --check)

echo "check-spies: passed in $((SECONDS - start)) s"
