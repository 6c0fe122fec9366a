#!/usr/bin/env bash
# migrate-singletons on the real packages this machine keeps: for the newest version of each
# package, every folder under Sources/ is planned as a target (no symbol graph: what the files
# say), and the candidates are counted: migrated, left alone and refused, with the reasons.
# Prints a Markdown table (the one in Sources/SharedInstances/SharedInstances.docc/
# MigratingExistingSingletons.md) and the time of a plan of the largest target.
#
#   bash scripts/migration-breadth.sh [--apply PACKAGE...]
#
# With --apply, each named package (owner/name) is also migrated with --apply (which builds the
# migrated copy, its tests included, before writing), then built and its own tests run:
# minutes a package on two cores, so CI does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=${SWIFT_PACKAGES:-/opt/swift-packages}
work=.build/migration-breadth
mkdir -p "$work"
# MIGRATE_SINGLETONS names a tool already built (the counts do not depend on how it was built;
# the largest target's time is the release tool's).
tool=${MIGRATE_SINGLETONS:-}
if [ -z "$tool" ]; then
  swift build -c release --product migrate-singletons --scratch-path .build-release >&2
  tool=$(pwd)/.build-release/release/migrate-singletons
fi
plans="$work/plans.txt"
: >"$plans"
for repository in "$packages"/*/*.git; do
  # A link is another name for a copy the loop also reaches (ordo-one/package-benchmark is
  # ordo-one/benchmark, apple/swift-syntax is swiftlang/swift-syntax): one row, the copy's.
  [ -L "$repository" ] && continue
  owner=$(basename "$(dirname "$repository")")
  name=$(basename "$repository" .git)
  tag=$(git -C "$repository" tag | sort -V | tail -1)
  [ -n "$tag" ] || continue
  folder="$work/packages/$owner/$name"
  if [ ! -d "$folder" ]; then
    mkdir -p "$folder"
    git -C "$repository" archive "$tag" | tar -x -C "$folder"
  fi
  [ -d "$folder/Sources" ] || continue
  for target in "$folder"/Sources/*/; do
    target=${target%/}
    [ -d "$target" ] || continue
    start=$(date +%s%N)
    output=$("$tool" --package "$folder" --sources "$target" 2>&1 || true)
    elapsed=$((($(date +%s%N) - start) / 1000000))
    files=$(find "$target" -name '*.swift' | wc -l)
    {
      echo "=== $owner/$name $tag $(basename "$target") files=$files ms=$elapsed"
      grep -E '^migrate-singletons: |: left alone: |: not migrated: |^.*warning: ' <<<"$output" || true
    } >>"$plans"
  done
done
python3 - "$plans" <<'PY'
import re, sys, collections
rows = collections.OrderedDict()
seen = {}
largest = None
for block in open(sys.argv[1]).read().split("=== ")[1:]:
    lines = block.splitlines()
    package, tag, target, files, ms = lines[0].split()
    # Links are skipped above; a copy kept twice under one name (two owners) is one row.
    key = package.split("/")[1].lower()
    if key in seen and seen[key] != package:
        continue
    seen[key] = package
    files = int(files.split("=")[1]); ms = int(ms.split("=")[1])
    if largest is None or files > largest[2]:
        largest = (package, target, files, ms)
    row = rows.setdefault(package, {"tag": tag, "targets": 0, "found": 0, "migrated": 0,
                                    "left": collections.Counter(), "refused": collections.Counter(),
                                    "unread": 0})
    row["targets"] += 1
    for line in lines[1:]:
        m = re.match(r"migrate-singletons: (\d+) candidate\(s\): (\d+) migrated", line)
        if m:
            row["found"] += int(m.group(1)); row["migrated"] += int(m.group(2)); continue
        if ": left alone: " in line:
            reason = line.split(": left alone: ", 1)[1]
        elif ": not migrated: " in line:
            reason = line.split(": not migrated: ", 1)[1]
        elif "warning: " in line:
            row["unread"] += 1; continue
        else:
            continue
        short = re.sub(r"`[^`]*`", "…", reason)
        short = re.sub(r"\b_*[A-Z]\w*(<[^>]*>)?", "T", short).split(":")[0]
        short = {
            "T is a value type": "value type",
            "the migrator cannot tell whether T is a class (the target does not declare it)": "type from another module",
            "the instance of the global actor @T": "global actor",
            "a task-local value": "task-local",
            "a per-thread instance (its getter reads the current thread's storage)": "per-thread",
            "its type is not written and no symbol graph tells it": "type not written",
            "a getter that returns a nested type's … (the Objective-C-era … form)": "struct Static getter",
            "other code shares its line": "shares its line",
            "a T that holds the instance": "held in a Result",
            "T's deinit stops the program (…) unless the instance was shut down first":
                "must be shut down first",
        }.get(short, short)
        if short.startswith("the file is generated"):
            short = "generated file"
        if short.endswith("captures it when it is created"):
            short = "captured when another is created"
        if short.startswith("T is "):
            short = "identity (" + short.split(" is ", 1)[1] + ")"
        bucket = "left" if ": left alone: " in line else "refused"
        row[bucket][short] += 1
print("| package (version) | targets | candidates | migrated | left alone (why) | refused (why) |")
print("|---|---|---|---|---|---|")
total = collections.Counter()
for package, row in rows.items():
    if row["found"] == 0 and row["unread"] == 0:
        continue
    fmt = lambda c: ", ".join(f"{n} {k}" for k, n in c.most_common()) or "0"
    left = sum(row["left"].values()); refused = sum(row["refused"].values())
    print(f"| {package} ({row['tag']}) | {row['targets']} | {row['found']} | {row['migrated']} | "
          f"{left}: {fmt(row['left']) if left else ''} | {refused}{': ' + fmt(row['refused']) if refused else ''} |")
    total.update(found=row["found"], migrated=row["migrated"], left=left, refused=refused, packages=1)
print(f"| **{total['packages']} packages** | | **{total['found']}** | **{total['migrated']}** | "
      f"**{total['left']}** | **{total['refused']}** |")
print()
print(f"Largest target: {largest[0]} {largest[1]} ({largest[2]} files): plan in {largest[3]} ms.")
PY
if [ "${1:-}" = "--apply" ]; then
  shift
  for package in "$@"; do
    folder="$work/packages/$package"
    copy="$work/applied/$package"
    rm -rf "$copy"
    mkdir -p "$(dirname "$copy")"
    cp -R "$folder" "$copy"
    # As a user would first: the package depends on SharedInstances (this checkout), and each of
    # its library targets on the SharedInstances product.
    cat >>"$copy/Package.swift" <<SWIFT

package.dependencies.append(.package(name: "SharedInstances", path: "$(pwd)"))
for target in package.targets where target.type == .regular {
  target.dependencies.append(.product(name: "SharedInstances", package: "SharedInstances"))
}
SWIFT
    for target in "$copy"/Sources/*/; do
      target=${target%/}
      start=$(date +%s)
      "$tool" --package "$copy" --sources "$target" --apply 2>&1 |
        grep -E '^migrate-singletons|warning|error' || true
      echo "$package $(basename "$target"): --apply in $(($(date +%s) - start)) s"
    done
    (cd "$copy" && swift build --build-tests >/dev/null && swift test --skip-build 2>&1 |
      grep -E '^Test Suite .All tests. (passed|failed)|Executed [0-9]+ test|Test run with' || true)
  done
fi
