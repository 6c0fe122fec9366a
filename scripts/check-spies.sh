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
  # --check writes nothing, but SwiftPM asks for the plugin's declared permission all the same.
  swift package --allow-writing-to-package-directory generate-spies --target SpyCorpus \
    --output Tests/SpyCorpusTests/Spies --class Tracker --check
)

echo "== SpyCorpus: lint, build with warnings as errors, test"
swift format lint --strict -r SpyCorpus/Sources SpyCorpus/Tests
(
  cd SpyCorpus
  swift build --build-tests -Xswiftc -warnings-as-errors
  swift test --skip-build
)

echo "== Examples: generated spies up to date"
check_examples() {
  local target=$1 output=$2
  shift 2
  (cd Examples && swift package --allow-writing-to-package-directory generate-spies \
    --target "$target" --output "$output" "$@" --check)
}
check_examples ArticleManagerExample Tests/ArticleManagerExampleTests/Spies
check_examples ImageDownloadingExample Tests/ImageDownloadingExampleTests/Spies \
  --protocol CurrentUserProviding
check_examples MVVMServiceLocatorExample Tests/MVVMServiceLocatorExampleTests/Spies \
  --protocol ServiceProtocol
check_examples PushCenterExample Tests/PushCenterExampleTests/Spies \
  --protocol PushCenterNavigationDelegate

echo "check-spies: passed in $((SECONDS - start)) s"
