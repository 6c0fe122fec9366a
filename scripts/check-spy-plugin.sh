#!/usr/bin/env bash
# The generate-spies command plugin end to end on a dependency's modules, as a user runs it:
# the fixture package Tests/Fixtures/SpyPlugin depends on SharedInstances and on a local package,
# Weather (one product, two modules, a public protocol each). Checks that
#   1. `generate-spies --help` and `migrate-singletons --help` print their help without
#      --allow-writing-to-package-directory;
#   2. `--product Weather` writes one spy per protocol, a folder per module; `--check` (without
#      the permission) finds them up to date, and fails once one is edited;
#   3. the spies build into the app's test target without warnings and its tests, which use
#      them, pass;
#   4. `--module WeatherCore --module WeatherAlerts` (verified: the plugin builds the package and
#      compiles every spy) writes the same spies, and `--module WeatherCore` alone writes into
#      --output itself;
#   5. a module no dependency has fails, naming it.
# The spies are written into git-ignored folders of the fixture and removed first.
#
#   bash scripts/check-spy-plugin.sh
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/SpyPlugin"
start=$SECONDS

fail() {
  echo "check-spy-plugin: $*" >&2
  exit 1
}
write="swift package --allow-writing-to-package-directory generate-spies"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rm -rf Tests/AppTests/Spies Generated

echo "== --help, without permissions"
for verb in generate-spies migrate-singletons; do
  swift package "$verb" --help >"$log" 2>&1 || { cat "$log"; fail "$verb --help failed"; }
  grep -q "^OVERVIEW: " "$log" || { cat "$log"; fail "$verb --help printed no overview"; }
  if grep -q "unknown arguments" "$log"; then cat "$log"; fail "$verb --help: unknown arguments"; fi
  if [ "$verb" = generate-spies ] && ! grep -q -- "--product <Product>" "$log"; then
    cat "$log"
    fail "generate-spies --help does not list --product"
  fi
done

echo "== --product Weather"
$write --product Weather --output Tests/AppTests/Spies --no-verify
expected=$'Tests/AppTests/Spies/WeatherAlerts/AlertSendingSpy.swift\nTests/AppTests/Spies/WeatherCore/ForecastingSpy.swift'
written=$(find Tests/AppTests/Spies -type f | LC_ALL=C sort)
[ "$written" = "$expected" ] || fail "--product wrote"$'\n'"$written"$'\n'"expected"$'\n'"$expected"
grep -q "^final class ForecastingSpy: Spy<ForecastingSpy.Call>, Forecasting" \
  Tests/AppTests/Spies/WeatherCore/ForecastingSpy.swift || fail "ForecastingSpy.swift has no spy"
grep -q "^import WeatherCore$" Tests/AppTests/Spies/WeatherAlerts/AlertSendingSpy.swift ||
  fail "AlertSendingSpy.swift does not import WeatherCore, whose type its protocol mentions"

echo "== --check, without permissions: up to date, then stale"
swift package generate-spies --product Weather --output Tests/AppTests/Spies --check --no-verify
spy=Tests/AppTests/Spies/WeatherCore/ForecastingSpy.swift
cp "$spy" "$log"
echo "// edited" >>"$spy"
if swift package generate-spies --product Weather --output Tests/AppTests/Spies --check \
  --no-verify >/dev/null 2>&1; then
  cp "$log" "$spy"
  fail "--check passed with an edited spy"
fi
cp "$log" "$spy"

echo "== the spies build into AppTests, and its tests pass"
swift build --build-tests 2>&1 | tee "$log"
if grep -q "warning:" "$log"; then fail "the fixture builds with warnings (see above)"; fi
swift test --skip-build

echo "== --module WeatherCore --module WeatherAlerts, verified"
$write --module WeatherCore --module WeatherAlerts --output Generated/ByModule
for file in WeatherCore/ForecastingSpy.swift WeatherAlerts/AlertSendingSpy.swift; do
  [ -f "Generated/ByModule/$file" ] || fail "--module wrote no Generated/ByModule/$file"
  # The same spy; only the header's command line differs.
  diff <(grep -v '^//' "Tests/AppTests/Spies/$file") <(grep -v '^//' "Generated/ByModule/$file") ||
    fail "--module and --product wrote different spies for $file"
done
$write --module WeatherCore --output Generated/Single --no-verify
[ "$(find Generated/Single -type f)" = "Generated/Single/ForecastingSpy.swift" ] ||
  fail "--module WeatherCore alone did not write Generated/Single/ForecastingSpy.swift"

echo "== a module no dependency has"
if $write --module Wether --output Generated/Typo --no-verify >"$log" 2>&1; then
  fail "--module Wether passed"
fi
grep -q "has a Swift module Wether" "$log" || { cat "$log"; fail "--module Wether: no message"; }
[ ! -e Generated/Typo ] || fail "--module Wether wrote Generated/Typo"

rm -rf Tests/AppTests/Spies Generated
echo "check-spy-plugin: passed in $((SECONDS - start)) s"
