#!/usr/bin/env bash
# Proves the copy recipe in each module's README: for Domain, Network (with Transport and libcurl's
# declarations), Data, Presentation, HeroesApp (with no mock server), the mock server, the mock server
# serving WireMock stubs to the Network layer (StubbedAPI, from MockServer/Examples/README.md), and
# the mock server's testing product (MockServerTesting: the second blocks of MockServer/README.md's
# recipe, with a test target and stub folder this script writes; see write_testing_tests), it
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
    [MockServerTesting]=MockServer/README.md
)
# Which of the section's ```text and ```swift blocks is the recipe, when not the first.
declare -A BLOCK=([MockServerTesting]=2)
ORDER=(Domain Network Data Presentation HeroesApp MockServer StubbedAPI MockServerTesting)
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

# MockServerTesting's copy has no tests of its own to copy: a team's first test target, written
# here, with a stub folder of its own. A test with the trait; one that must fail on an unexpected
# request (run alone, with COPY_CHECK_UNEXPECTED=1); one that records from the Heroes API, started
# by the test on loopback, into Stubs/recorded, which this script then reads.
write_testing_tests() { # PACKAGE
    local tests="$1/Tests/CopiedStubTests"
    mkdir -p "$tests/Stubs/greeting/mappings"
    cat >"$tests/Stubs/greeting/mappings/hello.json" <<'JSON'
{"request": {"method": "GET", "url": "/hello"}, "response": {"status": 200, "body": "hello from a copy"}}
JSON
    cat >"$tests/CopiedStubTests.swift" <<'SWIFT'
import Foundation
import MockServerTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct CopiedStubTests {
    static func get(_ url: URL, authorization: String? = nil) async throws -> String {
        var request = URLRequest(url: url)
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        return "\((response as? HTTPURLResponse)?.statusCode ?? 0) \(String(decoding: data, as: UTF8.self))"
    }

    @Test(.mockServer(root: "Stubs/greeting"))
    func servesTheStubFolder() async throws {
        let server = try #require(MockServer.current)
        #expect(try await Self.get(server.baseURL.appending(path: "hello")) == "200 hello from a copy")
        #expect(try server.requests(matching: #"{"method": "GET", "url": "/hello"}"#).count == 1)
    }

    @Test(
        .mockServer(root: "Stubs/greeting"),
        .enabled(if: ProcessInfo.processInfo.environment["COPY_CHECK_UNEXPECTED"] == "1"))
    func failsOnAnUnexpectedRequest() async throws {
        let server = try #require(MockServer.current)
        _ = try await Self.get(server.baseURL.appending(path: "helo"))
    }

    @Test func recordsFromALoopbackAPI() async throws {
        let origin = MockServer()
        try await origin.start()
        let authorization = "Basic " + Data("editor:editor-demo-password".utf8).base64EncodedString()
        let recorded = try await withMockServer(
            root: "Stubs/recorded", options: MockServerOptions(mode: .record, target: origin.baseURL)
        ) { server in
            try await Self.get(server.baseURL.appending(path: "v1/teams"), authorization: authorization)
        }
        await origin.stop()
        #expect(recorded.hasPrefix("200 "))
        let replayed = try await withMockServer(root: "Stubs/recorded") { server in
            try await Self.get(server.baseURL.appending(path: "v1/teams"), authorization: "Basic other")
        }
        #expect(replayed == recorded)
    }
}
SWIFT
}

# The checks on the copy's run beyond its passing tests.
check_testing_copy() { # PACKAGE
    local package="$1" log="$1/copy-check-unexpected.log" recorded="$1/Tests/CopiedStubTests/Stubs/recorded"
    if (cd "$package" && COPY_CHECK_UNEXPECTED=1 swift test --skip-build --filter failsOnAnUnexpectedRequest) \
        >"$log" 2>&1; then
        echo "copy-check: MockServerTesting: the test of an unexpected request passed; it must fail" >&2
        exit 1
    fi
    if ! grep -q 'No stub matches GET /helo' "$log" || ! grep -q 'Closest stub' "$log"; then
        echo "copy-check: MockServerTesting: the failing test's output has no near miss:" >&2
        tail -30 "$log" >&2
        exit 1
    fi
    if ! ls "$recorded"/mappings/*.json >/dev/null 2>&1 || grep -rq 'editor-demo-password\|ZWRpdG9y' "$recorded"; then
        echo "copy-check: MockServerTesting: no recording in $recorded, or one holding the credential" >&2
        exit 1
    fi
}

total_start=$SECONDS
for module in "${ORDER[@]}"; do
    readme=${README[$module]:-}
    [ -n "$readme" ] || { echo "copy-check: no module named $module (known: ${!README[*]})" >&2; exit 2; }
    start=$SECONDS
    package="$WORK/$module"
    mkdir -p "$package"

    folders=$(recipe_block "$readme" text "${BLOCK[$module]:-1}")
    targets=$(recipe_block "$readme" swift "${BLOCK[$module]:-1}")
    [ -n "$folders" ] || { echo "copy-check: $readme has no \`\`\`text block of folders under ## Copying it" >&2; exit 1; }
    [ -n "$targets" ] || { echo "copy-check: $readme has no \`\`\`swift block of targets under ## Copying it" >&2; exit 1; }

    while IFS= read -r path; do
        [ -n "$path" ] || continue
        [ -e "$ROOT/$path" ] || { echo "copy-check: $readme lists $path, which does not exist" >&2; exit 1; }
        mkdir -p "$package/$(dirname "$path")"
        cp -R "$ROOT/$path" "$package/$path"
    done <<<"$folders"

    if [ "$module" = MockServerTesting ]; then
        write_testing_tests "$package"
        targets+=$'\n.testTarget(name: "CopiedStubTests", dependencies: ["MockServerTesting"], exclude: ["Stubs"]),'
    fi

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
    if [ "$module" = MockServerTesting ]; then check_testing_copy "$package"; fi
    summary=$(grep -E 'Test run with [0-9]+ tests?' "$log" | tail -1 || true)
    echo "copy-check: $module: ok in $((SECONDS - start)) s (${summary:-no test summary})"
done
echo "copy-check: ${#ORDER[@]} copies built and tested in $((SECONDS - total_start)) s"
