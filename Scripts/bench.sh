#!/usr/bin/env bash
# Every benchmark of Heroes in one go (docs/PERFORMANCE.md): builds every product in release,
# runs heroes-bench (each goal as a ratio against a baseline in the same run, one table), then
# Scripts/bench-mock-server.sh (mock-server against nginx under wrk, and a page's p99 at 10,000
# heroes). Arguments go to heroes-bench; the load script reads its settings from the environment.
#
#   Scripts/bench.sh [heroes-bench options]     # e.g. Scripts/bench.sh --runs 20
#
# Exits 1 when either part misses a goal or fails. Not part of CI: run it on a machine as quiet
# as you can make it, and compare ratios, not absolute numbers.
set -uo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }
status=0

# On Linux the waiting, back-pressure and gzip-bomb lines measure CurlTransport, the default.

step "swift build -c release (heroes-bench runs heroes-cli and bench-hello from its build folder)"
swift build -c release || exit 1

step "swift run -c release heroes-bench $*"
swift run -c release heroes-bench "$@" || status=1

step "Scripts/bench-mock-server.sh"
Scripts/bench-mock-server.sh || status=1

exit "$status"
