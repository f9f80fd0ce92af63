#!/usr/bin/env bash
# Proves that a details view cannot forget a fact: for each requirement of `HeroDetailsView`,
# a view that leaves out that one alone must fail to compile, and a view with all of them must
# compile. A default implementation of any fact, which would let a new field go silently
# missing from a view, fails this check. Needs the debug build (`swift build`) first.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=.build/debug/Modules
[ -f "$modules/Presentation.swiftmodule" ] || { echo "check-view-facts: run swift build first" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

mapfile -t facts < <(sed -n 's/^ *\(func \(updateHero\|endUpdates\)(.*)\) *$/\1/p' \
    Sources/Presentation/HeroDetails/HeroDetailsView.swift)
[ "${#facts[@]}" -ge 2 ] || { echo "check-view-facts: found no facts in HeroDetailsView" >&2; exit 1; }

# A view implementing every fact but the one numbered $1 (none when $1 is -1).
view() {
    printf 'import Domain\nimport Foundation\nimport Presentation\n\n@MainActor\nfinal class View: HeroDetailsView {\n'
    local j
    for j in "${!facts[@]}"; do [ "$j" = "$1" ] || printf "    %s {}\n" "${facts[$j]}"; done
    printf '}\n'
}
typecheck() { swiftc -typecheck -swift-version 6 -I "$modules" "$1" >"$scratch/out" 2>&1; }

view -1 >"$scratch/all.swift"
typecheck "$scratch/all.swift" || { cat "$scratch/out" >&2; echo "check-view-facts: a view with every fact does not compile" >&2; exit 1; }
for i in "${!facts[@]}"; do
    view "$i" >"$scratch/missing.swift"
    if typecheck "$scratch/missing.swift"; then
        echo "check-view-facts: a view without \`${facts[$i]}\` compiles: a default hides a forgotten fact" >&2
        exit 1
    fi
    grep -qE "(does not conform to|required by) protocol 'HeroDetailsView'" "$scratch/out" || { cat "$scratch/out" >&2; exit 1; }
done
echo "check-view-facts: each of the ${#facts[@]} facts of HeroDetailsView is required of every view"
