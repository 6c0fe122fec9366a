#!/usr/bin/env bash
# Rewrites Tests/SpyGeneratorCoreTests/Fixtures/SpyCorpus.symbols.json, the SpyCorpus symbol
# graph the generator's unit and reference tests read, after SpyCorpus/Sources changed: the
# graph SwiftPM extracts (as the plugin asks for it), without source locations and with paths
# relative to the repository, keys sorted, so that a change shows as a small diff.
#
#   bash scripts/update-spy-fixture.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/SpyCorpus"
# Exits non-zero for the test modules; the SpyCorpus graph is written first.
swift package dump-symbol-graph --minimum-access-level internal --skip-synthesized-members \
  --include-spi-symbols \
  >/dev/null 2>&1 || true
graph=$(find .build -path '*/symbolgraph/SpyCorpus.symbols.json' | head -1)
python3 - "$graph" "$root" <<'PYTHON'
import json, sys
graph_path, root = sys.argv[1], sys.argv[2]
graph = json.load(open(graph_path))

def normalized(value):
    if isinstance(value, dict):
        result = {}
        for key, item in value.items():
            if key == "location":
                continue
            if key == "uri" and isinstance(item, str):
                item = item.replace("file://" + root + "/", "file:///")
            result[key] = normalized(item)
        return result
    if isinstance(value, list):
        return [normalized(item) for item in value]
    return value

graph = normalized(graph)
graph["metadata"] = {
    "note": "SpyCorpus, from swift package dump-symbol-graph --minimum-access-level internal "
    "--skip-synthesized-members (Swift 6.3.1); locations removed"
}
fixture = root + "/Tests/SpyGeneratorCoreTests/Fixtures/SpyCorpus.symbols.json"
with open(fixture, "w") as file:
    file.write(json.dumps(graph, indent=1, sort_keys=True) + "\n")
print("wrote " + fixture)
PYTHON
