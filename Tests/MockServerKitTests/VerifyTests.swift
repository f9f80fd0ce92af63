import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("mock-server verify: stubs against a real origin over TCP")
struct VerifyTests {
    static func stub(
        _ method: String, _ url: String, status: Int = 200, type: String? = nil, json: String? = nil
    )
        -> String
    {
        let headers = type.map { #", "headers": {"Content-Type": "\#($0)"}"# } ?? ""
        let body = json.map { #", "jsonBody": \#($0)"# } ?? ""
        return
            #"{"request": {"method": "\#(method)", "url": "\#(url)"}, "response": {"status": \#(status)\#(headers)\#(body)}}"#
    }

    /// Stubs that agree with the hero routes, stubs that drift, and stubs verify cannot send.
    static let mappings: [String: String] = [
        "agree/hero.json": stub(
            "GET", "/v1/heroes/0007", type: "Application/JSON; charset=utf-8",
            json: #"{"id": "x", "code_name": "y", "powers": ["z"], "version": 1, "team": null}"#),
        "agree/null.json": stub("GET", "/v1/heroes/0001", json: #"{"id": null, "team": {"id": "t"}}"#),
        "drift/type.json": stub("GET", "/v1/heroes/0002", json: #"{"team": "a string"}"#),
        "drift/missing.json": stub("GET", "/v1/heroes/0003", json: #"{"id": "x", "nickname": "y"}"#),
        "drift/status.json": stub("GET", "/v1/heroes/9999", json: #"{"id": "x"}"#),
        "drift/media.json": stub("GET", "/v1/heroes/0004", type: "text/plain"),
        "drift/list.json": #"""
        {"request": {"method": "GET", "urlPath": "/v1/heroes", "queryParameters": {"per_page": {"equalTo": "2"}}},
         "response": {"status": 200, "bodyFileName": "list.json"}}
        """#,
        "skip/write.json": #"""
        {"request": {"method": "POST", "url": "/v1/heroes", "bodyPatterns": [{"equalToJson": {"code_name": "Verify"}}]},
         "response": {"status": 401}}
        """#,
        "skip/pattern.json":
            #"{"request": {"method": "GET", "urlPathPattern": "/v1/heroes/[0-9]+"}, "response": {}}"#,
        "skip/any.json": #"{"request": {"url": "/v1/teams"}, "response": {}}"#,
        "skip/fault.json":
            #"{"request": {"method": "GET", "url": "/f"}, "response": {"fault": "EMPTY_RESPONSE"}}"#,
    ]
    static let files = ["list.json": Array(#"{"items": [{"id": "a", "team": "x"}], "total": 0}"#.utf8)]

    /// Runs verify on `mappings` against a fresh hero server.
    static func verify(
        _ extra: [String] = [], mappings: [String: String] = Self.mappings,
        _ check: (CommandOutcome, MockServer) async throws -> Void
    ) async throws {
        let root = try stubRoot(mappings, files: files)
        defer { try? FileManager.default.removeItem(at: root) }
        try await withServer { server, _ async throws in
            let outcome = await VerifyCommand.run(
                ["--root-dir", root.path, "--against", server.baseURL.absoluteString] + extra)
            try await check(outcome, server)
        }
    }

    static func line(_ outcome: CommandOutcome, _ file: String) -> Substring? {
        outcome.output.split(separator: "\n").first {
            $0.split(separator: " ").dropFirst().first == Substring(file)
        }
    }

    @Test(
        "agreeing stubs are ok, additions listed but no drift; a null matches an object; drift is named by JSON path"
    )
    func report() async throws {
        try await Self.verify { outcome, _ in
            #expect(outcome.status == 1)
            #expect(outcome.errors.isEmpty)
            let text = outcome.output
            #expect(
                Self.line(outcome, "agree/hero.json") == "ok agree/hero.json GET /v1/heroes/0007", "\(text)")
            #expect(text.contains("  + $.encrypted_real_name (added)"), "\(text)")
            #expect(Self.line(outcome, "agree/null.json")?.hasPrefix("ok ") == true, "\(text)")
            #expect(
                Self.line(outcome, "drift/type.json") == "drift drift/type.json GET /v1/heroes/0002",
                "\(text)")
            #expect(text.contains("  - $.team: expected string, got object"), "\(text)")
            #expect(text.contains("  - $.nickname: missing, expected string"), "\(text)")
            #expect(text.contains("  - status: expected 200, got 404"), "\(text)")
            #expect(text.contains("  - Content-Type: expected text/plain, got application/json"), "\(text)")
            // The query built from equalTo parameters was sent: two items, each checked.
            #expect(text.contains("  - $.items[0].team: expected string, got object"), "\(text)")
            #expect(text.contains("  - $.items[1].team: expected string, got object"), "\(text)")
            #expect(!text.contains("$.items[2]"), "\(text)")
            #expect(text.contains("  + $.items[*].code_name (added)"), "\(text)")
            #expect(
                Self.line(outcome, "skip/write.json")
                    == "skipped skip/write.json POST /v1/heroes: a write (POST); --include-writes sends it")
            #expect(Self.line(outcome, "skip/pattern.json")?.contains(": a pattern (path matching") == true)
            #expect(
                Self.line(outcome, "skip/any.json")?.hasSuffix(": method ANY: no one method to send") == true)
            #expect(
                Self.line(outcome, "skip/fault.json")?.hasSuffix(": a fault stub (EMPTY_RESPONSE)") == true)
            #expect(text.hasSuffix("\n2 ok, 5 drift, 4 skipped\n"), "\(text)")
        }
    }

    @Test("with no drift it exits 0; --header goes with every request and wins over the stub's")
    func noDriftAndHeaders() async throws {
        let stub = #"""
            {"request": {"method": "GET", "url": "/v1/heroes/0007", "headers": {"X-Client": {"equalTo": "stub"}, "X-Stub": {"equalTo": "s"}}},
             "response": {"status": 200, "jsonBody": {"id": "0007"}}}
            """#
        try await Self.verify(["--header", "X-Client: real"], mappings: ["one.json": stub]) {
            outcome, server in
            #expect(outcome.status == 0)
            // Every field of the fixture's 0007 but the stub's `id`: five named, in order, then a count.
            let added = try #require(try FixtureTests.heroes().first { $0["id"] as? String == "0007" }).keys
                .filter { $0 != "id" }.sorted()
            #expect(
                outcome.output == "ok one.json GET /v1/heroes/0007\n"
                    + added.prefix(5).map { "  + $.\($0) (added)\n" }.joined()
                    + "  + … and \(added.count - 5) more added\n1 ok, 0 drift, 0 skipped\n")
            let request = try #require(server.requests().last)
            #expect(request.fields.filter { $0.name.lowercased() == "x-client" }.map(\.value) == ["real"])
            #expect(request.fields.contains { $0.name.lowercased() == "x-stub" && $0.value == "s" })
        }
    }

    @Test("--include-writes sends a write with its JSON body; a 401 is an answer, not a hang")
    func writes() async throws {
        try await Self.verify(
            ["--include-writes"], mappings: ["w.json": Self.mappings["skip/write.json"] ?? ""]
        ) {
            outcome, server in
            #expect(
                outcome.output == "ok w.json POST /v1/heroes\n1 ok, 0 drift, 0 skipped\n", "\(outcome.output)"
            )
            let request = try #require(server.requests().last)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/heroes")
            #expect(request.text == #"{"code_name":"Verify"}"#)
            #expect(
                request.fields.contains {
                    $0.name.lowercased() == "content-type" && $0.value == "application/json"
                })
        }
    }

    @Test("a templated stub compares status and media type only, and says so")
    func templated() async throws {
        let stub = #"""
            {"request": {"method": "GET", "url": "/v1/heroes/0007"},
             "response": {"status": 200, "headers": {"Content-Type": "application/json"},
                          "body": "{\"id\": {{request.path.2}}}", "transformers": ["response-template"]}}
            """#
        try await Self.verify(mappings: ["t.json": stub]) { outcome, _ in
            #expect(outcome.status == 0)
            #expect(
                outcome.output
                    == "ok t.json GET /v1/heroes/0007: body not compared: a response template\n1 ok, 0 drift, 0 skipped\n"
            )
        }
    }

    @Test("--json prints one document with every result and the summary")
    func json() async throws {
        try await Self.verify(["--json"]) { outcome, _ in
            #expect(outcome.status == 1)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
            let summary = try #require(document["summary"] as? [String: Int])
            #expect(summary == ["ok": 2, "drift": 5, "skipped": 4])
            let results = try #require(document["results"] as? [[String: Any]])
            #expect(results.count == 11)
            let type = try #require(results.first { $0["file"] as? String == "drift/type.json" })
            #expect(type["outcome"] as? String == "drift")
            #expect(type["method"] as? String == "GET")
            #expect(type["url"] as? String == "/v1/heroes/0002")
            #expect(type["differences"] as? [String] == ["$.team: expected string, got object"])
            #expect((type["additions"] as? [String])?.contains("$.code_name") == true)
            #expect(type["reason"] is NSNull)
            let write = try #require(results.first { $0["file"] as? String == "skip/write.json" })
            #expect(write["outcome"] as? String == "skipped")
            #expect(write["reason"] as? String == "a write (POST); --include-writes sends it")
        }
    }

    @Test("an origin that cannot be reached is one line naming it, exit 69")
    func unreachable() async throws {
        // A port bound and not listening refuses connections, and no test running beside this
        // one can take it meanwhile (a stopped server's port can be).
        let (descriptor, port) = try loopbackSocket(listening: false)
        defer { close(descriptor) }
        let url = "http://127.0.0.1:\(port)"
        let root = try stubRoot(["a.json": Self.stub("GET", "/v1/heroes/0001")])
        defer { try? FileManager.default.removeItem(at: root) }
        let outcome = await VerifyCommand.run(["--root-dir", root.path, "--against", url])
        #expect(outcome.status == 69)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errors == "mock-server verify: cannot reach \(url): connection refused\n")
    }

    @Test(
        "a bad command line is one error line and the usage, exit 64",
        arguments: [
            (["--root-dir", "/tmp"], "--against URL is required"),
            (["--against", "http://x"], "--root-dir DIR is required"),
            (
                ["--root-dir", "/tmp", "--against", "ftp://x"],
                "--against must be an http or https URL with no query, not 'ftp://x'"
            ),
            (
                ["--root-dir", "/tmp", "--against", "http://x", "--header", "no colon"],
                "--header must be 'Name: value', not 'no colon'"
            ),
            (["--root-dir", "/tmp", "--against", "http://x", "--bogus"], "unknown option --bogus"),
            (["--root-dir"], "--root-dir needs a value"),
        ])
    func badArguments(arguments: [String], message: String) async {
        let outcome = await VerifyCommand.run(arguments)
        #expect(outcome.status == 64)
        #expect(
            outcome.errors.hasPrefix(
                "mock-server verify: \(message)\nusage: mock-server verify --root-dir DIR"))
    }

    @Test("a mapping it cannot read is the loader's line naming file and JSON path, exit 78")
    func badMapping() async throws {
        let root = try stubRoot(["bad.json": #"{"request": {"method": 7}, "response": {}}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let outcome = await VerifyCommand.run(["--root-dir", root.path, "--against", "http://127.0.0.1:1"])
        #expect(outcome.status == 78)
        #expect(
            outcome.errors
                == "mock-server verify: mappings/bad.json: $.request.method: expected a string, found a number\n"
        )
    }

    @Test("the mock-server executable runs verify and exits 1 on drift, 0 without, 69 and 64 as documented")
    func executable() async throws {
        let binary = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("mock-server")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build mock-server first")
        let root = try stubRoot([
            "d.json": Self.stub("GET", "/v1/heroes/0002", json: #"{"team": "a string"}"#)
        ])
        let agreeing = try stubRoot(["a.json": Self.stub("GET", "/v1/heroes/0002", json: #"{"team": {}}"#)])
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: agreeing)
        }
        try await withServer { server, _ async throws in
            let url = server.baseURL.absoluteString
            let drift = try Self.launch(binary, ["verify", "--root-dir", root.path, "--against", url])
            #expect(drift.status == 1)
            #expect(
                drift.output.hasPrefix(
                    "drift d.json GET /v1/heroes/0002\n  - $.team: expected string, got object\n"))
            let clean = try Self.launch(binary, ["verify", "--root-dir", agreeing.path, "--against", url])
            #expect(clean.status == 0)
            #expect(clean.output.hasSuffix("1 ok, 0 drift, 0 skipped\n"))
        }
        try await offCooperativePool {
            let refused = try Self.launch(
                binary, ["verify", "--root-dir", root.path, "--against", "http://127.0.0.1:1"])
            #expect(refused.status == 69)
            #expect(
                refused.errors == "mock-server verify: cannot reach http://127.0.0.1:1: connection refused\n")
            let bad = try Self.launch(binary, ["verify", "--json"])
            #expect(bad.status == 64)
            #expect(bad.errors.hasPrefix("mock-server verify: --root-dir DIR is required\nusage:"))
        }
    }

    /// Runs `binary` to its end; the pipes are read before waiting, so a long report cannot block it.
    static func launch(_ binary: URL, _ arguments: [String]) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error holds a line or two, well within a pipe's buffer: read it second.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}

/// Issue 40, findings 9 and 10: the API's text and the files' names reach a terminal escaped.
@Suite("Terminal escapes")
struct TerminalEscapeTests {
    static let forged = "\u{1B}]8;;http://x\u{07}ok\u{1B}]8;;\u{07}\r\u{1B}[2K\u{1B}[8m"

    @Test("verify's lines escape the API's JSON keys and media type; --json keeps them exact")
    func verifyEscapes() async throws {
        let stub: [String: Any] = [
            "request": ["url": "/thing"],
            "response": [
                "status": 200,
                "headers": [
                    "Content-Type": "application/json" + Self.forged.replacingOccurrences(of: "\r", with: "")
                ],
                "jsonBody": ["k" + Self.forged: 1],
            ],
        ]
        let api = String(decoding: try JSONSerialization.data(withJSONObject: stub), as: UTF8.self)
        try await withStubs(["api.json": api], heroes: false) { origin, _ in
            let root = try stubRoot([
                "mine.json":
                    #"{"request": {"method": "GET", "url": "/thing"}, "response": {"status": 200, "jsonBody": {"a": 1}}}"#
            ])
            defer { try? FileManager.default.removeItem(at: root) }
            let arguments = ["--root-dir", root.path, "--against", origin.baseURL.absoluteString]
            let text = await VerifyCommand.run(arguments)
            #expect(text.status == 1, "\(text.output)\(text.errors)")
            #expect(!text.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text.output)")
            #expect(text.output.contains("\\e]8;;http://x"))
            let json = await VerifyCommand.run(arguments + ["--json"])
            #expect(
                json.output.contains(#"\u001b]8;;http://x"#) || json.output.contains("\u{1B}]8;;http://x"))
        }
    }

    @Test("a start-up error names a mapping file with its controls escaped")
    func startupError() throws {
        let root = try stubRoot(["bad\u{1B}[2Kname.json": #"{"request": {"method": 7}, "response": {}}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(TerminalText.escaped("bad\u{1B}[2K\r") == "bad\\e[2K\\u{D}")
        let executable = try ExecutableTests.binary()
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", "0", "--root-dir", root.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 78)
        #expect(text.contains("bad\\e[2Kname.json") && !text.contains("\u{1B}"), "\(text)")
    }
}
