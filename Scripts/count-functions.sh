#!/usr/bin/env bash
# Counts the distinct functions under Sources/ that one heroes-cli command executes, from a
# coverage build (profile counters per function): `--offline show 0007`, `show 0007` and `list`,
# each on a cache that `sync` filled, against the bundled server (whose own code, under
# MockServer/, is not counted).
#
#     Scripts/count-functions.sh            # builds into /tmp/heroes-function-count, then counts
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=${SCRATCH:-/tmp/heroes-function-count}
swift build --product heroes-cli --scratch-path "$scratch" \
    -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping >/dev/null
binary="$scratch/debug/heroes-cli"
tools=$(dirname "$(readlink -f "$(command -v swift)")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CACHE_HOME="$work/home/cache" XDG_DATA_HOME="$work/home/data" \
    XDG_CONFIG_HOME="$work/home/config" HEROES_CONSOLE=0
mkdir -p "$HOME"
LLVM_PROFILE_FILE="$work/sync.profraw" "$binary" sync >/dev/null
count() {
    local name=$1
    shift
    LLVM_PROFILE_FILE="$work/$name.profraw" "$binary" "$@" >/dev/null
    "$tools/llvm-profdata" merge -sparse "$work/$name.profraw" -o "$work/$name.profdata"
    "$tools/llvm-cov" export "$binary" -instr-profile="$work/$name.profdata" -skip-expansions \
        >"$work/$name.json" 2>/dev/null
    python3 - "$work/$name.json" "$root/Sources/" "$*" <<'PY'
import collections, json, sys
functions = json.load(open(sys.argv[1]))["data"][0]["functions"]
run = {f["name"]: f["filenames"][0] for f in functions
       if f["count"] > 0 and f["filenames"][0].startswith(sys.argv[2])}
targets = collections.Counter(path[len(sys.argv[2]):].split("/")[0] for path in run.values())
print(f"{sys.argv[3]:<22} {len(run):>4}  " + ", ".join(f"{t} {n}" for t, n in targets.most_common()))
PY
}
count offline --offline show 0007
count online show 0007
count list list
