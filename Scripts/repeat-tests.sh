#!/usr/bin/env bash
# Runs the whole suite again and again, to find flaky tests: a test that fails once in twenty
# runs is a bug with a cause (a fixed port, a sleep, a shared temporary path, an ordering).
#
#     Scripts/repeat-tests.sh [RUNS] [--load | --one-core]     # RUNS defaults to 20
#
# --load runs each `swift test` on the machine's first two cores beside two busy loops pinned to
#   those same cores, as on a CI machine or a laptop whose cores are busy with other work; the
#   script starts the loops before each run and stops them after, whatever happens.
# --one-core runs every `swift test` under `taskset -c 0`, so the tests, the servers they start
#   and the child processes share one core.
# The suite is built once first; each run's log is kept in $LOGS (default: a fresh temporary
# folder) and the failing runs' lines starting with ✘ are printed. Exits 1 when any run failed.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20 pin=() load=0
for argument in "$@"; do
    case "$argument" in
        --one-core) pin=(taskset -c 0) ;;
        --load) load=1 pin=(taskset -c 0,1) ;;
        *[!0-9]* | '') echo "usage: Scripts/repeat-tests.sh [RUNS] [--load | --one-core]" >&2; exit 64 ;;
        *) runs=$argument ;;
    esac
done
LOGS=${LOGS:-$(mktemp -d)}
mkdir -p "$LOGS"

busy=()
stop_load() {
    [ ${#busy[@]} -eq 0 ] || kill "${busy[@]}" 2>/dev/null || true
    [ ${#busy[@]} -eq 0 ] || wait "${busy[@]}" 2>/dev/null || true
    busy=()
}
trap stop_load EXIT
start_load() {
    local core
    for core in 0 1; do
        taskset -c "$core" bash -c 'while :; do :; done' &
        busy+=($!)
    done
}

swift build --build-tests >/dev/null
failed=0 crashed=0 total_start=$(date +%s)
for run in $(seq "$runs"); do
    log="$LOGS/run-$run.log"
    start=$(date +%s)
    if [ "$load" = 1 ]; then start_load; fi
    if "${pin[@]}" swift test --skip-build >"$log" 2>&1; then
        verdict=passed
    elif grep -q 'unexpected signal code' "$log"; then
        # The test process itself died (a SIGSEGV, say): no summary line, and it is no test's failure.
        verdict=CRASHED failed=$((failed + 1)) crashed=$((crashed + 1))
    else
        verdict=FAILED failed=$((failed + 1))
    fi
    stop_load
    summary=$(grep -E '^. Test run with' "$log" | tail -1 || true)
    printf 'run %2d/%d %-7s %4ss  %s\n' "$run" "$runs" "$verdict" "$(($(date +%s) - start))" "$summary"
    if [ "$verdict" != passed ]; then grep -E "✘" "$log" | head -20 || tail -20 "$log"; fi
done
mode=${pin:+ (${pin[*]}${load:+, beside two busy loops})}
[ "$load" = 1 ] || mode=${pin:+ (${pin[*]})}
echo "$failed of $runs runs failed, $crashed of them crashed$mode, in $(($(date +%s) - total_start)) s; logs in $LOGS"
[ "$failed" -eq 0 ]
