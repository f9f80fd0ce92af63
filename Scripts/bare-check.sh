#!/usr/bin/env bash
# The README's two commands, exactly as a new user types them, on a machine without libcurl's
# development files: copies the tree (tracked and untracked files, not .build) into a folder of
# its own, hides libcurl's headers, `libcurl.so` and `libcurl.a` for this process alone, then runs
# `swift test`, `swift run heroes-cli demo` and `swift build -c release` there. The build must
# compile `CCurl` (the module declares what it uses and links `libcurl.so.4`, the runtime), and
# `heroes-cli --version` must name libcurl as its transport.
#
#     Scripts/bare-check.sh        # as root where the files are installed (CI), or anywhere they are not
#
# Hiding is Scripts/without-libcurl-dev.sh's, so it needs root where the files are installed. The
# copy is kept in .build/bare-tree, so a second run builds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
COPY=${BARE_TREE:-$ROOT/.build/bare-tree}
if [ "${1:-}" != --inside ]; then exec Scripts/without-libcurl-dev.sh "$ROOT/Scripts/bare-check.sh" --inside; fi
echo "bare-check: libcurl's headers, libcurl.so and libcurl.a are hidden; the runtime: $(ldconfig -p | grep -o '/.*libcurl.so.4$' | head -1)"

# The tree as a clone would have it, plus files not yet committed; old sources are removed.
mkdir -p "$COPY"
find "$COPY" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
    | tar --null -T - -cf - | tar -xf - -C "$COPY"

cd "$COPY"
mkdir -p .build
# Built first with the flags `swift test` uses, so that warnings can be told from the tests'
# output; `swift test` then builds nothing.
echo "bare-check: swift build --build-tests, in $COPY"
swift build --build-tests 2>&1 | tee .build/bare-build.log
if grep -q 'warning:' .build/bare-build.log; then
    echo "bare-check: the bare build has warnings" >&2
    exit 1
fi
if ! grep -q 'CCurl' .build/debug.yaml; then
    echo "bare-check: the build did not compile CCurl" >&2
    exit 1
fi
echo "bare-check: swift test"
swift test
echo "bare-check: swift run heroes-cli demo"
env -u XDG_DATA_HOME -u XDG_CACHE_HOME -u HEROES_SERVER HOME="$(mktemp -d)" swift run heroes-cli demo >"$COPY/.build/demo.out"
tail -3 "$COPY/.build/demo.out"
version=$(swift run heroes-cli --version 2>/dev/null)
if ! grep -q '^transport: libcurl [0-9]' <<<"$version"; then
    echo "bare-check: heroes-cli --version does not name libcurl as its transport:" >&2
    echo "$version" >&2
    exit 1
fi
echo "bare-check: swift build -c release"
swift build -c release
echo "bare-check: passed; $(grep transport <<<"$version")"
