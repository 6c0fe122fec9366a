#!/usr/bin/env bash
# The generated-spies checks CI runs:
#   1. SpyCorpus: `generate-spies --check` regenerates every corpus spy with the command plugin
#      and fails if one differs from the committed files (the generator's reference output);
#   2. the corpus spies pass `swift format lint --strict`, compile without warnings in Swift 6
#      mode, and the corpus tests exercise each of them;
#   3. Examples: `generate-spies --check` on every test target whose spies are generated.
#
#   bash scripts/check-spies.sh
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS

echo "== SpyCorpus: generated spies up to date"
(
  cd SpyCorpus
  swift package generate-spies --target SpyCorpus --output Tests/SpyCorpusTests/Spies \
    --class Tracker --check
)

echo "== SpyCorpus: lint, build with warnings as errors, test"
swift format lint --strict -r SpyCorpus/Sources SpyCorpus/Tests
(
  cd SpyCorpus
  swift build --build-tests -Xswiftc -warnings-as-errors
  swift test --skip-build
)

echo "== Examples: generated spies up to date"
(
  cd Examples
  swift package generate-spies --target ArticleManagerExample \
    --output Tests/ArticleManagerExampleTests/Spies --check
  swift package generate-spies --target ImageDownloadingExample \
    --output Tests/ImageDownloadingExampleTests/Spies --protocol CurrentUserProviding --check
  swift package generate-spies --target MVVMServiceLocatorExample \
    --output Tests/MVVMServiceLocatorExampleTests/Spies --protocol ServiceProtocol --check
  swift package generate-spies --target PushCenterExample \
    --output Tests/PushCenterExampleTests/Spies --protocol PushCenterNavigationDelegate --check
)

echo "check-spies: passed in $((SECONDS - start)) s"
