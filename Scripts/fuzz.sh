#!/usr/bin/env bash
# Builds one fuzz target with libFuzzer and AddressSanitizer and runs it for SECONDS.
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   Scripts/fuzz.sh http-parser 600
#
# TARGET is a folder of Fuzz/Corpus (http-parser, descriptors, app-plist, mapping); the product
# is fuzz-TARGET. It builds in release under its own scratch path, .build/fuzz, so the normal
# build is not disturbed. The committed seeds in Fuzz/Corpus/TARGET are read, never written: new
# inputs go to .build/fuzz/corpus/TARGET and crashes to .build/fuzz/crashes/TARGET. Fuzz/README.md
# says what each target checks.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
    echo "usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]" >&2
    echo "targets: $(ls Fuzz/Corpus | tr '\n' ' ')" >&2
    exit 64
fi
target=$1
seconds=$2
shift 2
if [ ! -d "Fuzz/Corpus/$target" ]; then
    echo "no such fuzz target: $target (targets: $(ls Fuzz/Corpus | tr '\n' ' '))" >&2
    exit 64
fi

scratch=.build/fuzz
swift build -c release --scratch-path "$scratch" --product "fuzz-$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING

corpus="$scratch/corpus/$target"
crashes="$scratch/crashes/$target"
mkdir -p "$corpus" "$crashes"
# -rss_limit_mb: 2 GiB keeps a shared machine safe. -detect_leaks=0: the leaks LeakSanitizer
# reports are in the toolchain's CoreFoundation (its plist parser leaks its CFError on bad input)
# and would stop every run on the first bad plist.
# SWIFT_BACKTRACE: the Swift runtime's crash handler would race ASan's report on a failed check.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" exec "$scratch/release/fuzz-$target" \
    -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=2048 -timeout=10 -detect_leaks=0 \
    -artifact_prefix="$crashes/" "$@" "$corpus" "Fuzz/Corpus/$target"
