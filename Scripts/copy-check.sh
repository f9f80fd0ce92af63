#!/usr/bin/env bash
# Proves the copy recipe in each module's README: for Domain, Network (with Transport and libcurl's
# declarations), Data, Presentation, HeroesApp (with no mock server), the mock server, and the mock server
# serving WireMock stubs to the Network layer (StubbedAPI, from MockServer/Examples/README.md), it
# copies exactly the folders that README's "## Copying it"
# section lists into an empty package in a temporary folder, writes a Package.swift whose targets
# are exactly the lines of that section's `swift` block, builds it with the explicit import check (tests and their
# helper executables included), and runs the module's own tests there.
#
# The README is the recipe and this script only reads it: the first ```text block of the section
# is the list of folders (and files), copied to the same paths; the first ```swift block is the
# `targets:` list. A README that forgets a folder or a dependency fails here, not in a copier's
# package. It runs under Scripts/without-libcurl-dev.sh, so no copy can lean on libcurl's
# development files.
#
#     Scripts/copy-check.sh                 # every module
#     Scripts/copy-check.sh Domain Network  # some; the names are the keys below
#     KEEP=1 Scripts/copy-check.sh Data     # leave the temporary packages behind, for a look
#
# Each copy builds in its own scratch folder (its package's .build), so no copy can borrow a
# product of another or of the repository's own build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${COPY_CHECK_HIDDEN:-}" != 1 ]; then
    COPY_CHECK_HIDDEN=1 exec Scripts/without-libcurl-dev.sh "$PWD/Scripts/copy-check.sh" "$@"
fi
ROOT=$PWD

# Module key → the README holding its recipe.
declare -A README=(
    [Domain]=Sources/Domain/README.md
    [Network]=Sources/Network/README.md
    [Data]=Sources/Data/README.md
    [Presentation]=Sources/Presentation/README.md
    [HeroesApp]=Sources/HeroesApp/README.md
    [MockServer]=MockServer/README.md
    [StubbedAPI]=MockServer/Examples/README.md
)
ORDER=(Domain Network Data Presentation HeroesApp MockServer StubbedAPI)
if [ $# -gt 0 ]; then ORDER=("$@"); fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/copy-check.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
    echo "copy-check: keeping the packages in $WORK"
else
    trap 'rm -rf "$WORK"' EXIT
fi

# The body of the Nth (default 1st) fenced block of the given language inside "## Copying it".
recipe_block() { # README LANGUAGE [N]
    awk -v lang="$2" -v want="${3:-1}" '
        /^## / { inside = ($0 == "## Copying it") ; next }
        !inside || done { next }
        fenced && /^```/ { fenced = 0; if (seen == want) done = 1; next }
        fenced { if (seen == want) print; next }
        $0 == "```" lang { fenced = 1; seen++ }
    ' "$1"
}

total_start=$SECONDS
for module in "${ORDER[@]}"; do
    readme=${README[$module]:-}
    [ -n "$readme" ] || { echo "copy-check: no module named $module (known: ${!README[*]})" >&2; exit 2; }
    start=$SECONDS
    package="$WORK/$module"
    mkdir -p "$package"

    folders=$(recipe_block "$readme" text)
    targets=$(recipe_block "$readme" swift)
    [ -n "$folders" ] || { echo "copy-check: $readme has no \`\`\`text block of folders under ## Copying it" >&2; exit 1; }
    [ -n "$targets" ] || { echo "copy-check: $readme has no \`\`\`swift block of targets under ## Copying it" >&2; exit 1; }

    while IFS= read -r path; do
        [ -n "$path" ] || continue
        [ -e "$ROOT/$path" ] || { echo "copy-check: $readme lists $path, which does not exist" >&2; exit 1; }
        mkdir -p "$package/$(dirname "$path")"
        cp -R "$ROOT/$path" "$package/$path"
    done <<<"$folders"

    {
        echo '// swift-tools-version: 6.0'
        echo "// Written by Scripts/copy-check.sh from $readme."
        echo 'import PackageDescription'
        echo
        echo 'let package = Package('
        echo "    name: \"CopyOf$module\","
        echo '    platforms: [.macOS(.v15)],'
        echo '    targets: ['
        sed 's/^/        /' <<<"$targets"
        echo '    ],'
        echo '    swiftLanguageModes: [.v6]'
        echo ')'
    } >"$package/Package.swift"

    log="$package/copy-check.log"
    echo "copy-check: $module: build and test a package of $(grep -c . <<<"$folders") copied paths"
    if ! (cd "$package" \
        && swift build --build-tests --explicit-target-dependency-import-check error \
            -Xswiftc -warnings-as-errors \
        && swift test --skip-build) >"$log" 2>&1; then
        echo "copy-check: $module FAILED (from $readme); the package's Package.swift and the log's end:" >&2
        cat "$package/Package.swift" >&2
        # A test's issues are printed where they happen, often far from the log's end.
        grep -E -A4 'recorded an issue|error:' "$log" | head -80 >&2 || true
        echo "… the log's last 40 lines:" >&2
        tail -40 "$log" >&2
        exit 1
    fi
    summary=$(grep -E 'Test run with [0-9]+ tests?' "$log" | tail -1 || true)
    echo "copy-check: $module: ok in $((SECONDS - start)) s (${summary:-no test summary})"
done
echo "copy-check: ${#ORDER[@]} copies built and tested in $((SECONDS - total_start)) s"
