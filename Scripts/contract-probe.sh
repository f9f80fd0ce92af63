#!/usr/bin/env bash
# Runs Scripts/contract-probe.py, the independent client written from docs/API.md, against a
# freshly started mock-server: the debug build (or `-c release`), on a port the kernel picks,
# stopped when the probe ends, whatever its result.
#
#     Scripts/contract-probe.sh              # debug build
#     Scripts/contract-probe.sh -c release   # the release build
#
# The server's first line on standard output is `listening on http://HOST:PORT`
# (MockServer/README.md); the probe is given exactly that address.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build "$@" --product mock-server >/dev/null
BIN="$(swift build "$@" --show-bin-path)/mock-server"

WORK=$(mktemp -d)
SERVER=""
cleanup() {
    if [ -n "$SERVER" ] && kill -0 "$SERVER" 2>/dev/null; then
        kill "$SERVER"
        wait "$SERVER" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

mkfifo "$WORK/out"
"$BIN" --port 0 >"$WORK/out" 2>"$WORK/err" &
SERVER=$!
# Opening the FIFO for reading waits for the server to open it for writing; the first line is
# the address. A server that dies first closes the FIFO, and the read sees end of file.
exec 3<"$WORK/out"
if ! IFS= read -r -t 30 line <&3; then
    echo "contract-probe: mock-server printed no address; its standard error:" >&2
    cat "$WORK/err" >&2
    exit 1
fi
# Keep draining the server's standard output so that it never blocks on a full pipe.
cat <&3 >/dev/null &
exec 3<&-
address=${line#listening on }
echo "contract-probe: mock-server ($BIN) at $address"
python3 Scripts/contract-probe.py "$address"
