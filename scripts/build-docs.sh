#!/usr/bin/env bash
# Builds the DocC documentation of the library modules with the toolchain's own `docc`
# (no plugin),
# treating every warning (a broken symbol link, an unknown parameter) as an error.
#
#   bash scripts/build-docs.sh [output-folder]     # default: .build-docs/archives
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-.build-docs/archives}
scratch=.build-docs
mkdir -p "$out"

graphs="$PWD/$scratch/symbol-graphs"

mkdir -p "$graphs"
# Build only the library targets, emitting their symbol graphs as they compile.
# SHARED_INSTANCES_DOCUMENTATION: SharedInstancesTesting does not re-export SharedInstances here,
# so that each archive documents its own module's symbols only (see Exports.swift). It still
# re-exports the test-support modules (SharedInstancesTestIsolation, SharedInstancesSpies,
# SharedInstancesSystemDoubles, SharedInstancesDependencyMap): their symbols join its symbol
# graph, and its catalog documents them together.
swift build --scratch-path "$scratch" --target SharedInstancesTesting \
  -Xswiftc -DSHARED_INSTANCES_DOCUMENTATION \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -emit-extension-block-symbols

docc=$(command -v docc || true)
if [ -z "$docc" ]; then docc="$(dirname "$(command -v swift)")/docc"; fi

for module in SharedInstances SharedInstancesLocator SharedInstancesSystem SharedInstancesLaunch \
  SharedInstancesLaunchTesting SharedInstancesTesting; do
  module_graphs="$scratch/graphs/$module"
  rm -rf "$module_graphs" "$out/$module.doccarchive"
  mkdir -p "$module_graphs"
  cp "$graphs/$module".symbols.json "$module_graphs/"
  cp "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null || true
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$module_graphs" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.sharedinstances.$module" \
    --output-path "$out/$module.doccarchive" \
    --warnings-as-errors
  echo "build-docs: $out/$module.doccarchive"
done
