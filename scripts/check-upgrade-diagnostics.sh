#!/usr/bin/env bash
# What the compiler tells code written for the previous release (Tests/UpgradeDiagnostics): each
# file is type-checked against the modules of the debug build and must produce every
# diagnostic its `// expect-error:` and `// expect-warning:` lines quote, or none at all with
# `// expect-clean`. Needs `swift build --build-tests` first (CI's first step).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path)
shims_map="$bin/_SharedInstancesShims.build/module.modulemap"
[ -f "$shims_map" ] || shims_map=Sources/_SharedInstancesShims/include/module.modulemap
flags=(-typecheck -swift-version 6 -I "$bin/Modules" -Xcc -fmodule-map-file="$shims_map")
for map in "$bin"/_SharedInstancesTestingShims.build/module.modulemap \
  Sources/_SharedInstancesTestingShims/include/module.modulemap; do
  if [ -f "$map" ]; then
    flags+=(-Xcc -fmodule-map-file="$map")
    break
  fi
done

failed=0
for file in Tests/UpgradeDiagnostics/*.swift; do
  output=$(swiftc "${flags[@]}" "$file" 2>&1 || true)
  # The diagnostics themselves, not the source lines the compiler quotes under them.
  diagnostics=$(grep -E '^[^ |].*:[0-9]+:[0-9]+: (error|warning): ' <<<"$output" || true)
  problems=()
  while IFS= read -r expected; do
    kind=${expected%%:*}
    text=${expected#*: }
    grep -F -- " ${kind}: " <<<"$diagnostics" | grep -qF -- "$text" ||
      problems+=("missing ${kind}: ${text}")
  done < <(sed -n 's#^// expect-\(error\|warning\): #\1: #p' "$file")
  if grep -q '^// expect-clean' "$file" && [ -n "$diagnostics" ]; then
    problems+=("expected no diagnostics")
  fi
  if [ "${#problems[@]}" -eq 0 ]; then
    echo "ok   $file"
  else
    failed=1
    echo "FAIL $file"
    printf '     %s\n' "${problems[@]}"
    sed 's/^/     | /' <<<"$output" | head -n 40
  fi
done
exit "$failed"
