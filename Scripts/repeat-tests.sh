#!/usr/bin/env bash
# Runs the whole suite again and again, to find flaky tests: a test that fails once in twenty
# runs is a bug with a cause (a fixed port, a sleep, a shared temporary path, an ordering).
#
#     Scripts/repeat-tests.sh [RUNS] [--one-core]     # RUNS defaults to 20
#
# --one-core runs every `swift test` under `taskset -c 0`, so the tests, the servers they start
# and the child processes share one core, as on a small CI machine. The suite is built once
# first; each run's log is kept in $LOGS (default: a fresh temporary folder) and the failing
# runs' lines starting with ✘ are printed. Exits 1 when any run failed. HEROES_TRAITS names the
# package traits to build and test with (HEROES_TRAITS=LibcurlTransport for the libcurl build).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20 pin=()
for argument in "$@"; do
    case "$argument" in
        --one-core) pin=(taskset -c 0) ;;
        *[!0-9]* | '') echo "usage: Scripts/repeat-tests.sh [RUNS] [--one-core]" >&2; exit 64 ;;
        *) runs=$argument ;;
    esac
done
traits=(${HEROES_TRAITS:+--traits "$HEROES_TRAITS"})  # the package traits to build with (.ci/run sets them)
LOGS=${LOGS:-$(mktemp -d)}
mkdir -p "$LOGS"

swift build "${traits[@]}" --build-tests >/dev/null
failed=0 crashed=0
for run in $(seq "$runs"); do
    log="$LOGS/run-$run.log"
    start=$(date +%s)
    if "${pin[@]}" swift test "${traits[@]}" --skip-build >"$log" 2>&1; then
        verdict=passed
    elif grep -q 'unexpected signal code' "$log"; then
        # The test process itself died (a SIGSEGV, say): no summary line, and it is no test's failure.
        verdict=CRASHED failed=$((failed + 1)) crashed=$((crashed + 1))
    else
        verdict=FAILED failed=$((failed + 1))
    fi
    summary=$(grep -E '^. Test run with' "$log" | tail -1 || true)
    printf 'run %2d/%d %-6s %3ss  %s\n' "$run" "$runs" "$verdict" "$(($(date +%s) - start))" "$summary"
    if [ "$verdict" != passed ]; then grep -E "✘" "$log" | head -20 || tail -20 "$log"; fi
done
echo "$failed of $runs runs failed, $crashed of them crashed${pin:+ (pinned to core 0)}; logs in $LOGS"
[ "$failed" -eq 0 ]
