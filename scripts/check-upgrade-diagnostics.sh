#!/usr/bin/env bash
# What the compiler tells code written for the previous release (Tests/UpgradeDiagnostics): each
# file is type-checked against the modules of the debug build and must produce every
# diagnostic its `// expect-error:` and `// expect-warning:` lines quote, or none at all with
# `// expect-clean`. Needs `swift build --build-tests` first (CI's first step).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path)
flags=(-typecheck -swift-version 6 -I "$bin/Modules")
# The C modules the Swift modules import: SwiftPM writes a module map for each into the build
# folder, unless the target ships its own.
for target in Sources/*Shims; do
  name=$(basename "$target")
  for map in "$bin/$name.build/module.modulemap" "$target/include/module.modulemap"; do
    if [ -f "$map" ]; then
      flags+=(-Xcc -fmodule-map-file="$map")
      break
    fi
  done
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
