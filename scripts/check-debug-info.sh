#!/usr/bin/env bash
# Tools that read a program's debug information work on a program that links the library.
#
# valgrind 3.19 (Debian 12's) gives up on a whole program ("possibly corrupted debuginfo") when a
# single compile unit is DWARF 5 with the forms Clang writes by default (`DW_FORM_strx1`,
# `DW_FORM_addrx`); Swift writes DWARF 4. So the package's C files carry no debug information at
# all (Sources/_SharedInstancesShims/NoDebugInfo.h says how). This checks:
#
#   1. every object compiled from the package's C files (debug build, and the release build when
#      there is one) has no `.debug_info` section, naming the file and what it still describes;
#   2. memcheck and callgrind run the launch fixture (a program linking SharedInstances and
#      SharedInstancesLaunch, as an app does), and memcheck lists the tests of the test binary
#      (every product and the exit-test shims linked);
#   3. heaptrack runs the launch fixture.
#
# valgrind and heaptrack are installed from Debian's packages when missing (CI starts bare).
#
#   bash scripts/check-debug-info.sh        # after `swift build --build-tests`
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v valgrind >/dev/null || need+=(valgrind)
command -v heaptrack >/dev/null || need+=(heaptrack)
if [ ${#need[@]} -gt 0 ]; then bash scripts/apt-install.sh "${need[@]}"; fi

failed=0
checked=0
for configuration in debug release; do
  bin=".build/$configuration"
  [ -d "$bin" ] || continue
  while IFS= read -r object; do
    # An object whose C file is gone (renamed, split) is a leftover of an earlier build.
    target=$(basename "$(dirname "$object")" .build)
    source_name=$(basename "$object" .o)
    # An object older than its C file is too: the build that would replace it has not run.
    source=$(find "Sources/$target" -name "$source_name" 2>/dev/null | head -1)
    if [ -z "$source" ] || [ "$object" -ot "$source" ]; then
      continue
    fi
    checked=$((checked + 1))
    if readelf -S "$object" | grep -q '\.debug_info'; then
      echo "check-debug-info: $object has debug information; valgrind 3.19 cannot read it." >&2
      readelf --debug-dump=info "$object" 2>/dev/null |
        grep -E 'DW_TAG_(variable|subprogram|typedef|structure_type)|DW_AT_(name|decl_line)' |
        head -20 >&2
      echo "  Mark the definition SI_NO_DEBUG_INFO, name a string literal with SI_TEXT, or convert" \
        "a pointer without a cast (see Sources/_SharedInstancesShims/NoDebugInfo.h)." >&2
      failed=1
    fi
  done < <(find -L "$bin/" -path '*.build/*.c.o')
done
if [ "$checked" -eq 0 ]; then
  echo "check-debug-info: no object compiled from C found under .build/: build first." >&2
  exit 1
fi
[ "$failed" -eq 0 ] || exit 1
echo "check-debug-info: $checked objects compiled from C, none with debug information"

fixture=.build/debug/shared-instances-launch-fixture
tests=.build/debug/SharedInstancesPackageTests.xctest
for program in "$fixture" "$tests"; do
  if [ ! -x "$program" ]; then
    echo "check-debug-info: $program is missing: run swift build --build-tests first." >&2
    exit 1
  fi
done
log=$(mktemp)
trap 'rm -f "$log" callgrind.out.check-debug-info heaptrack.check-debug-info.*' EXIT

run_tool() {
  local name=$1
  shift
  if ! "$@" >"$log" 2>&1 || grep -q -i 'corrupted debuginfo\|unhandled dwarf' "$log"; then
    echo "check-debug-info: $name failed:" >&2
    tail -20 "$log" >&2
    exit 1
  fi
  echo "check-debug-info: $name: ok"
}

run_tool "memcheck on the launch fixture" \
  valgrind --error-exitcode=99 --quiet "$fixture" launched date uuid greeting
run_tool "callgrind on the launch fixture" \
  valgrind --tool=callgrind --callgrind-out-file=callgrind.out.check-debug-info "$fixture" launched date uuid greeting
run_tool "memcheck on the test binary (listing its tests)" \
  valgrind --error-exitcode=99 --quiet "$tests" --list-tests
run_tool "heaptrack on the launch fixture" \
  heaptrack -o heaptrack.check-debug-info "$fixture" launched date uuid greeting
