#!/usr/bin/env bash
# Checks the dependency map's page, dependencies.html, in a real browser: Chromium from Debian's
# packages, driven by Playwright from PyPI, both installed by scripts/install-browser-check.sh
# (idempotent; CI starts on a bare machine). See scripts/check-map-in-browser.py for what is
# checked: no console error, the counts of dependencies.json, filtering, and at 1,000 tests ×
# 100 boxes a page that loads and answers within its budgets.
#
#   bash scripts/check-map-in-browser.sh [map-folder…]
#
# Always checks three maps the tests write (a known one, 1,000 tests × 100 boxes as a large app
# has them, and 1,000 × 100 with every test touching every box); then each folder given, e.g.
# the Examples' map that scripts/check-dependency-records.sh writes.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

for folder in "$@"; do
  for file in dependencies.html dependencies.json; do
    if [ ! -s "$folder/$file" ]; then
      echo "check-map-in-browser: $folder has no $file. Write the map first, e.g. with" \
        "bash scripts/check-dependency-records.sh $folder" >&2
      exit 1
    fi
  done
done

# The page's source files, linted as what they are: the script parsed by Node (when there is one;
# the browser below runs it either way).
page=Sources/SharedInstancesDependencyMap/Page
if command -v node >/dev/null; then
  node --check "$page/dependencies.js"
else
  echo "check-map-in-browser: no node here: $page/dependencies.js is not linted on its own."
fi

chromium="" python=""
while IFS='=' read -r key value; do
  case "$key" in
    CHROMIUM) chromium=$value ;;
    PYTHON) python=$value ;;
  esac
done < <(bash scripts/install-browser-check.sh)
installed=$SECONDS

fixtures="$PWD/.build/map-page-fixtures"
rm -rf "$fixtures"
log=$(mktemp)
if ! SHARED_INSTANCES_MAP_PAGE_FIXTURES="$fixtures" \
  swift test --filter 'DependencyMapPageTests/writesTheMapsTheBrowserCheckOpens' >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
rm -f "$log"
for map in known large dense; do
  if [ ! -s "$fixtures/$map/dependencies.html" ]; then
    echo "check-map-in-browser: the tests wrote no $fixtures/$map/dependencies.html" >&2
    exit 1
  fi
done
generated=$SECONDS

"$python" scripts/check-map-in-browser.py --chromium "$chromium" \
  "$fixtures/known" "$fixtures/large:large" "$fixtures/dense:large" "$@"
echo "check-map-in-browser: $((SECONDS - started)) s (install $((installed - started)) s," \
  "maps $((generated - installed)) s, browser $((SECONDS - generated)) s)"
