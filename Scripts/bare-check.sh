#!/usr/bin/env bash
# The README's two commands, exactly as a new user types them, on a machine without libcurl's
# headers: copies the tree (tracked and untracked files, not .build) into a folder of its own,
# hides the curl include folder behind an empty one for this process alone, then runs
# `swift test` and `swift run heroes-cli demo` there with the default traits. Fails if libcurl's
# headers are still visible, or if the build compiled `CCurl` at all.
#
#     Scripts/bare-check.sh        # as root where the headers are installed (CI), or anywhere they are not
#
# Hiding takes a private mount namespace (`unshare --mount`), so it needs root; on a machine
# without the headers there is nothing to hide. The copy is kept in .build/bare-tree, so a
# second run builds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
COPY=${BARE_TREE:-$ROOT/.build/bare-tree}
CURL_INCLUDE=/usr/include/$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)/curl
[ -d "$CURL_INCLUDE" ] || CURL_INCLUDE=/usr/include/curl

if [ "${1:-}" != --inside ] && [ -e "$CURL_INCLUDE/curl.h" ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "bare-check: $CURL_INCLUDE holds libcurl's headers; hiding them needs root (unshare --mount)" >&2
        exit 1
    fi
    if unshare --mount --propagation private -- true 2>/dev/null; then
        exec unshare --mount --propagation private -- "$0" --inside
    fi
    # No mount namespace here (a sandbox may refuse one): move the folder aside for this run,
    # and back whatever happens.
    echo "bare-check: no private mount namespace; moving $CURL_INCLUDE aside for this run" >&2
    mv "$CURL_INCLUDE" "$CURL_INCLUDE.bare-check"
    trap 'mv "$CURL_INCLUDE.bare-check" "$CURL_INCLUDE"' EXIT
elif [ -e "$CURL_INCLUDE/curl.h" ]; then
    mount -t tmpfs -o size=64k,mode=0755 bare-check "$CURL_INCLUDE"
fi
if echo '#include <curl/curl.h>' | cc -E -x c - >/dev/null 2>&1; then
    echo "bare-check: libcurl's headers are still visible; this would not be a bare build" >&2
    exit 1
fi

# The tree as a clone would have it, plus files not yet committed; old sources are removed.
mkdir -p "$COPY"
find "$COPY" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
    | tar --null -T - -cf - | tar -xf - -C "$COPY"

cd "$COPY"
mkdir -p .build
# Built first with the flags `swift test` uses, so that its warnings (the default build has code
# paths of its own) can be told from the tests' output; `swift test` then builds nothing.
echo "bare-check: swift build --build-tests, in $COPY, without libcurl's headers"
swift build --build-tests 2>&1 | tee .build/bare-build.log
if grep -q 'warning:' .build/bare-build.log; then
    echo "bare-check: the default build has warnings" >&2
    exit 1
fi
echo "bare-check: swift test"
swift test
echo "bare-check: swift run heroes-cli demo"
env -u XDG_DATA_HOME -u XDG_CACHE_HOME -u HEROES_SERVER HOME="$(mktemp -d)" swift run heroes-cli demo >"$COPY/.build/demo.out"
tail -3 "$COPY/.build/demo.out"

# A target that uses CCurl is compiled with its module map; a build without the trait has none.
if grep -q 'CCurl/module.modulemap' .build/debug.yaml || find .build -ipath '*ccurl*' | grep -q .; then
    echo "bare-check: the default build compiled CCurl" >&2
    exit 1
fi
echo "bare-check: passed; CCurl was never compiled"
