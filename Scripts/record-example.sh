#!/usr/bin/env bash
# Regenerates MockServer/Examples/heroes-recorded/: the hero API recorded from a running
# mock-server (the origin, its bundled heroes) through a second one (the recorder, no heroes)
# with the admin recording API, then copied into the example folder.
#
#   Scripts/record-example.sh
#   MOCK_SERVER=FILE Scripts/record-example.sh   # a mock-server built elsewhere
#
# The recorder names each stub after a random UUID; to keep re-runs diffable, this script gives
# each stub a name-based (version 5) UUID of the request it matches, renames its files after it
# and changes nothing else. Dates are not recorded (the recorder drops `Date`) and the bundled
# fixtures make every body the same each run; only the two pages' `ETag`s change, since the
# origin's page tags carry a per-run epoch by design.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=MockServer/Examples/heroes-recorded

if [ -n "${MOCK_SERVER:-}" ]; then
    BIN=$MOCK_SERVER
else
    swift build --product mock-server >&2
    BIN="$(swift build --show-bin-path)/mock-server"
fi

WORK=$(mktemp -d)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

# start_mock NAME [OPTION...]: mock-server on a free port; its first line names it. Sets URL.
start_mock() {
    local name=$1
    shift
    "$BIN" --port 0 "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
    PIDS+=($!)
    for _ in $(seq 600); do grep -q listening "$WORK/$name.out" 2>/dev/null && break; sleep 0.05; done
    URL=$(sed -n 's/^listening on //p' "$WORK/$name.out")
    [ -n "$URL" ] || { echo "mock-server ($name) did not start" >&2; cat "$WORK/$name.err" >&2; exit 1; }
}

start_mock origin
ORIGIN=$URL
mkdir -p "$WORK/root"
start_mock recorder --root-dir "$WORK/root" --no-heroes
RECORDER=$URL

curl -fsS -X POST "$RECORDER/__admin/recordings/start" \
    -H 'Content-Type: application/json' -d "{\"targetBaseUrl\": \"$ORIGIN\"}" >/dev/null
# A short session: a page, a hero, its picture, the teams, a search, and an unknown hero (404).
for path in \
    '/v1/heroes?page=1&per_page=5' \
    '/v1/heroes/0007' \
    '/v1/heroes/0007/picture' \
    '/v1/teams' \
    '/v1/heroes?q=tide' \
    '/v1/heroes/9999'; do
    curl -sS -o /dev/null -w "%{http_code} GET $path\n" "$RECORDER$path" >&2
done
curl -fsS -X POST "$RECORDER/__admin/recordings/stop" >/dev/null

# Stable names: a name-based UUID for each stub, the files renamed after it.
python3 - "$WORK/root" <<'PY'
import json, os, re, sys, uuid

root = sys.argv[1]
mappings, files = os.path.join(root, "mappings"), os.path.join(root, "__files")
for name in sorted(os.listdir(mappings)):
    path = os.path.join(mappings, name)
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    mapping = json.loads(text)
    old = mapping["id"]
    stem = name[: -len(".json")]
    assert stem.endswith("-" + old[:8]), name
    # The request it matches (and its scenario state, if any) names it.
    key = json.dumps([mapping["request"], mapping.get("requiredScenarioState")], sort_keys=True)
    new = str(uuid.uuid5(uuid.NAMESPACE_URL, "heroes-recorded " + key))
    text = text.replace(old, new)
    body = json.loads(text)["response"].get("bodyFileName")
    if body:
        renamed = body.replace(old[:8], new[:8])
        os.rename(os.path.join(files, body), os.path.join(files, renamed))
        text = re.sub(r'("bodyFileName"\s*:\s*)"%s"' % re.escape(body), r'\1"%s"' % renamed, text)
    os.remove(path)
    with open(os.path.join(mappings, stem[:-8] + new[:8] + ".json"), "w", encoding="utf-8") as handle:
        handle.write(text)
PY

rm -rf "$OUT"
mkdir -p "$OUT"
cp -R "$WORK/root/mappings" "$OUT/mappings"
[ -d "$WORK/root/__files" ] && cp -R "$WORK/root/__files" "$OUT/__files"
stubs=$(find "$OUT/mappings" -name '*.json' | wc -l)
files=$(find "$OUT" -path "$OUT/__files/*" -type f | wc -l)
echo "recorded $stubs stubs, $files in __files/, into $OUT" >&2
