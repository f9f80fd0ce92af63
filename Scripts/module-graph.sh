#!/usr/bin/env bash
# Prints the module graph as Mermaid: the library and executable targets of Sources/ and
# MockServer/ and the target dependencies between them, read from `swift package describe`
# (no build needed). Tests, benchmarks, fuzz targets and system libraries are left out.
# Sorted, so the same manifest always prints the same graph.
#
#     Scripts/module-graph.sh          # print the graph
#     Scripts/module-graph.sh --write  # put it in docs/modules.md, between the marker comments
#     Scripts/module-graph.sh --check  # exit 1 when docs/modules.md holds another graph (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=docs/modules.md
BEGIN='<!-- module-graph: begin (written by Scripts/module-graph.sh --write) -->'
END='<!-- module-graph: end -->'

graph=$(swift package describe --type json | python3 -c '
import json, sys
package = json.load(sys.stdin)
kept = {
    t["name"]: t for t in package["targets"]
    if t["type"] in ("library", "executable")
    and t["path"].split("/")[0] in ("Sources", "MockServer")
}
def node(name):
    return name.replace("-", "_")
print("```mermaid")
print("flowchart TD")
for name in sorted(kept):
    print("    %s[%s]" % (node(name), name))
for name in sorted(kept):
    for dependency in sorted(set(kept[name].get("target_dependencies") or [])):
        if dependency in kept:
            print("    %s --> %s" % (node(name), node(dependency)))
print("```")
')

committed() { awk -v b="$BEGIN" -v e="$END" '$0 == e { inside = 0 } inside { print } $0 == b { inside = 1 }' "$FILE"; }

case "${1:-}" in
"") printf '%s\n' "$graph" ;;
--write)
    python3 - "$FILE" "$BEGIN" "$END" "$graph" <<'PY'
import sys
path, begin, end, graph = sys.argv[1:]
text = open(path, encoding="utf-8").read()
head, rest = text.split(begin + "\n", 1)
_, tail = rest.split(end, 1)
open(path, "w", encoding="utf-8").write(head + begin + "\n" + graph + "\n" + end + tail)
PY
    ;;
--check)
    if ! diff -u <(committed) <(printf '%s\n' "$graph") >&2; then
        echo "module-graph: $FILE is out of date; run Scripts/module-graph.sh --write" >&2
        exit 1
    fi
    echo "module-graph: $FILE matches Package.swift"
    ;;
*) echo "usage: Scripts/module-graph.sh [--write|--check]" >&2; exit 64 ;;
esac
