#!/usr/bin/env bash
# The public API of every library product, as one sorted list per module under API/: each public
# symbol with its declaration (and whether it is deprecated or unavailable), each conformance and
# superclass. CI runs it without arguments: it fails with a diff when the API changed and API/
# was not regenerated, so every change to the API shows in review. After a change that is meant,
# run `scripts/check-public-api.sh --update` and commit API/.
#
# The lists come from the compiler's symbol graphs (swift package dump-symbol-graph), so they
# need a build; in CI the debug build of the earlier steps is reused.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=check
case "${1:-}" in
  --update) mode=update ;;
  "") ;;
  *)
    echo "usage: $0 [--update]" >&2
    exit 2
    ;;
esac

if ! log=$(swift package dump-symbol-graph --minimum-access-level public \
  --skip-synthesized-members 2>&1); then
  echo "$log" >&2
  exit 1
fi
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
if [ ! -d "$graphs" ]; then
  echo "no symbol graphs under .build after dump-symbol-graph" >&2
  exit 1
fi

modules=$(swift package describe --type json |
  jq -r '.products[] | select(.type.library != null) | .targets[]' | sort -u)

lists=$(mktemp -d)
trap 'rm -rf "$lists"' EXIT
for module in $modules; do
  python3 - "$graphs" "$module" >"$lists/$module.txt" <<'PY'
import glob, json, os, sys

graphs, module = sys.argv[1], sys.argv[2]
# What every type has by default (Copyable, Escapable) and the marker the compiler derives from
# Sendable: noise in a review.
IMPLIED = {"Swift.Copyable", "Swift.Escapable", "Swift.SendableMetatype", "Copyable", "Escapable"}


def where_clause(constraints):
    kept = [c for c in constraints if c["rhs"] not in IMPLIED]
    if not kept:
        return ""
    return " where " + ", ".join(
        f'{c["lhs"]}{":" if c["kind"] == "conformance" else " =="} {c["rhs"]}' for c in kept
    )


lines = set()
files = [os.path.join(graphs, module + ".symbols.json")]
files += sorted(glob.glob(os.path.join(graphs, module + "@*.symbols.json")))
for path in files:
    if not os.path.exists(path):
        continue
    extended = os.path.basename(path)[len(module) + 1:-len(".symbols.json")]
    prefix = f"[extends {extended}] " if extended else ""
    graph = json.load(open(path))
    names = {}
    for symbol in graph["symbols"]:
        names[symbol["identifier"]["precise"]] = ".".join(symbol["pathComponents"])
    for symbol in graph["symbols"]:
        path_name = ".".join(symbol["pathComponents"])
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        declaration = " ".join(declaration.split())
        declaration += where_clause(symbol.get("swiftExtension", {}).get("constraints", []))
        marks = []
        for availability in symbol.get("availability", []):
            domain = availability.get("domain", "*")
            if availability.get("isUnconditionallyDeprecated") or "deprecated" in availability:
                marks.append(f"deprecated({domain})" if domain != "*" else "deprecated")
            if availability.get("isUnconditionallyUnavailable") or "obsoleted" in availability:
                marks.append(f"unavailable({domain})" if domain != "*" else "unavailable")
        mark = f"  [{', '.join(sorted(set(marks)))}]" if marks else ""
        lines.add(f"{prefix}{path_name}  {declaration}{mark}")
    for relation in graph.get("relationships", []):
        if relation["kind"] not in ("conformsTo", "inheritsFrom"):
            continue
        source = names.get(relation["source"])
        if source is None:
            continue
        target = names.get(relation["target"]) or relation.get("targetFallback", relation["target"])
        if target in IMPLIED:
            continue
        verb = "conforms to" if relation["kind"] == "conformsTo" else "inherits from"
        where = where_clause(relation.get("swiftConstraints", []))
        lines.add(f"{prefix}{source}  {verb} {target}{where}")
for line in sorted(lines):
    print(line)
PY
done

if [ "$mode" = update ]; then
  # The module lists only: API/ also holds the decided breaks (scripts/check-api-breaks.sh).
  find API -name '*.txt' ! -name 'breaking-changes-*' -delete
  cp "$lists"/*.txt API/
  echo "API/ updated: $(cat API/*.txt | wc -l | tr -d ' ') lines for $(echo $modules | wc -w | tr -d ' ') modules."
  exit 0
fi

if ! diff -ru --exclude='breaking-changes-*' API "$lists"; then
  echo "The public API changed (the diff above: - in API/, + built now). If the change is meant," >&2
  echo "run scripts/check-public-api.sh --update and commit API/." >&2
  exit 1
fi
echo "The public API matches API/ ($(echo $modules | wc -w | tr -d ' ') modules)."
