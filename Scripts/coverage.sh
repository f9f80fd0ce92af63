#!/usr/bin/env bash
# Line coverage per target, with a floor for each: runs `swift test --enable-code-coverage`, merges
# every profile the run wrote (the test process's, and those of the heroes-cli, mock-server and
# store-writer children the tests start, which are given LLVM_PROFILE_FILE patterns with %p), and
# asks llvm-cov for the lines of each source file, counted over the test binary and those
# executables together.
# Files are grouped by the folder of their target. Exits non-zero when the tests fail or when a
# target is below its floor, naming it.
#
#   Scripts/coverage.sh                # run the tests with coverage, then report
#   Scripts/coverage.sh --report-only  # report from the profiles of the last run
#
# The instrumented build has a scratch folder of its own (.build/coverage), so that it and the
# plain `swift build` / `swift test` do not rebuild each other from scratch in turn.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/coverage

# target, its source folder, its floor in percent ("-" for information only)
targets=(
    "Domain Sources/Domain 90"
    "Network Sources/Network 90"
    "Transport Sources/Transport 90"
    "Data Sources/Data 90"
    "Presentation Sources/Presentation 90"
    "MockServerKit MockServer/MockServerKit 80"
    "MockServerTesting MockServer/MockServerTesting 80"
    "HeroesApp Sources/HeroesApp 80"
    "TerminalGraphics Sources/TerminalGraphics -"
)

report_only=false
case "${1:-}" in
    "") ;;
    --report-only) report_only=true ;;
    *) echo "usage: Scripts/coverage.sh [--report-only]" >&2; exit 64 ;;
esac

# llvm-profdata and llvm-cov of the toolchain that builds the package (beside `swift`), else PATH.
tool() {
    local beside
    beside="$(dirname "$(command -v swift)")/$1"
    if [[ -x "$beside" ]]; then echo "$beside"; elif command -v "$1" >/dev/null; then command -v "$1"
    elif command -v xcrun >/dev/null; then xcrun --find "$1"
    else echo "coverage: $1 not found beside swift or on PATH" >&2; exit 1; fi
}
profdata_tool=$(tool llvm-profdata)
cov_tool=$(tool llvm-cov)

bin=$(swift build --scratch-path "$scratch" --show-bin-path)
codecov="$bin/codecov"
started=$SECONDS
tests_status=0
if ! $report_only; then
    # Profiles of an earlier run would be counted again: start from none.
    mkdir -p "$codecov"
    find "$codecov" -name '*.profraw' -delete
    # One test at a time: instrumented, a parallel run on 2 cores starves the pool for seconds,
    # and the tests that bound a deadline (a 100 ms call ending within 5 s) fail. Serial, it took
    # 46 s here instead of 37 s.
    swift test --scratch-path "$scratch" --enable-code-coverage --no-parallel || tests_status=$?
fi

# SwiftPM's folder, and below it the folder of the children that tests kill (see ChildProcess).
profiles=()
while IFS= read -r -d '' profile; do profiles+=("$profile"); done \
    < <(find "$codecov" -name '*.profraw' -print0 2>/dev/null)
if ((${#profiles[@]} == 0)); then
    echo "coverage: no profile in $codecov; run Scripts/coverage.sh without --report-only" >&2
    exit 1
fi
merged="$codecov/coverage.profdata"
# A child killed with SIGKILL (the store's crash tests) may leave a torn profile: skip it.
if ! "$profdata_tool" merge -sparse --failure-mode=warn "${profiles[@]}" -o "$merged" 2>"$merged.log"; then
    cat "$merged.log" >&2
    exit 1
fi
torn=$(grep -c 'invalid instrumentation profile' "$merged.log" || true)
((torn == 0)) || echo "coverage: skipped $torn torn profile(s) of killed children" >&2

# The test binary (a bundle on Apple platforms), then every instrumented executable the tests run.
tests_binary="$bin/HeroesPackageTests.xctest"
[[ -d "$tests_binary" ]] && tests_binary="$tests_binary/Contents/MacOS/HeroesPackageTests"
objects=("$tests_binary")
for executable in heroes-cli mock-server store-writer; do
    [[ -x "$bin/$executable" ]] && objects+=(-object "$bin/$executable")
done

# One line per source file: path (relative to the package, or absolute), then lines and missed.
files=$("$cov_tool" report -instr-profile "$merged" "${objects[@]}" \
    -show-region-summary=false -show-branch-summary=false -show-instantiation-summary=false \
    -show-functions=false |
    awk -v root="$PWD/" 'NF >= 7 && $(NF) ~ /%$/ && $1 != "TOTAL" && $1 != "Filename" {
        path = $1; if (index(path, root) == 1) path = substr(path, length(root) + 1)
        print path, $(NF-2), $(NF-1) }')

below=()
printf '%-18s %8s %8s %8s %7s\n' target lines missed cover floor
for entry in "${targets[@]}"; do
    read -r name folder floor <<<"$entry"
    read -r lines missed < <(awk -v folder="$folder/" \
        'index($1, folder) == 1 { lines += $2; missed += $3 } END { print lines + 0, missed + 0 }' \
        <<<"$files")
    if ((lines == 0)); then
        printf '%-18s %8s %8s %8s %7s\n' "$name" 0 0 "-" "$floor"
        [[ "$floor" != "-" ]] && below+=("$name (no line measured)")
        continue
    fi
    cover=$(awk -v l="$lines" -v m="$missed" 'BEGIN { printf "%.2f", (l - m) * 100 / l }')
    if [[ "$floor" == "-" ]]; then shown="-"; else shown="$floor%"; fi
    printf '%-18s %8d %8d %7s%% %7s\n' "$name" "$lines" "$missed" "$cover" "$shown"
    if [[ "$floor" != "-" ]] && awk -v c="$cover" -v f="$floor" 'BEGIN { exit !(c < f) }'; then
        below+=("$name ($cover% < $floor%)")
    fi
done
echo "coverage: measured in $((SECONDS - started)) s (profiles in $codecov)"

status=0
if ((tests_status != 0)); then
    echo "coverage: swift test failed (exit $tests_status); the numbers above count the run anyway" >&2
    status=$tests_status
fi
if ((${#below[@]} > 0)); then
    for target in "${below[@]}"; do echo "coverage: below its floor: $target" >&2; done
    status=1
fi
exit "$status"
