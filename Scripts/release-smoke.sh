#!/usr/bin/env bash
# Builds heroes-cli in release and runs it as a user would, with an empty HOME: the whole demo
# tour (every command, over HTTP to the bundled server), then a sync and an offline read, on
# each store: the bundled plist's JSON files, then SQLite through Heroes-SQLite.plist.
#
# The tests run the debug build; this checks that the optimised binary, as shipped, does the
# same work: its resource bundle is found, it reaches the network and reads its cache.
set -euo pipefail
cd "$(dirname "$0")/.."

HOME_DIR=$(mktemp -d)
trap 'rm -rf "$HOME_DIR"' EXIT
if ! swift build -c release --product heroes-cli >"$HOME_DIR/build.log" 2>&1; then
    cat "$HOME_DIR/build.log" >&2
    exit 1
fi
BIN="$(swift build -c release --show-bin-path)/heroes-cli"

run() { env -u XDG_DATA_HOME -u XDG_CACHE_HOME -u HEROES_SERVER HOME="$HOME_DIR" "$BIN" "$@"; }

run demo >"$HOME_DIR/demo.out"
run sync >"$HOME_DIR/sync.out"
grep -q '^synced: ' "$HOME_DIR/sync.out" || { echo "release-smoke: sync said: $(cat "$HOME_DIR/sync.out")" >&2; exit 1; }
run --offline show 0007 >"$HOME_DIR/show.out"
grep -q 'stale: offline copy' "$HOME_DIR/show.out" \
    || { echo "release-smoke: show --offline said: $(cat "$HOME_DIR/show.out")" >&2; exit 1; }

SQLITE=(--config Sources/HeroesApp/Heroes-SQLite.plist)
run "${SQLITE[@]}" sync >"$HOME_DIR/sync-sqlite.out"
grep -q '^synced: ' "$HOME_DIR/sync-sqlite.out" \
    || { echo "release-smoke: sync on SQLite said: $(cat "$HOME_DIR/sync-sqlite.out")" >&2; exit 1; }
run "${SQLITE[@]}" --offline show 0007 >"$HOME_DIR/show-sqlite.out"
cmp -s "$HOME_DIR/show.out" "$HOME_DIR/show-sqlite.out" \
    || { echo "release-smoke: show --offline on SQLite said: $(cat "$HOME_DIR/show-sqlite.out")" >&2; exit 1; }
echo "release-smoke: the release heroes-cli ran the demo, a sync and an offline read, on both stores"
