import Foundation
import Testing

@testable import MockServerKit

@Suite("import-har: a HAR archive written as stub mappings, served over TCP")
struct HARImportTests {
    static func archive() throws -> URL {
        try #require(
            Bundle.module.url(forResource: "heroes-session", withExtension: "har", subdirectory: "Resources"))
    }

    /// The archive's JSON, changed by `edit`, in a file of its own.
    static func edited(_ edit: (inout [String: Any]) -> Void) throws -> URL {
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: archive())) as? [String: Any])
        edit(&json)
        let url = try temporaryDirectory().appendingPathComponent("edited.har")
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        return url
    }

    /// Entry `index` of `json`'s log, changed by `edit`.
    static func editEntry(_ json: inout [String: Any], _ index: Int, _ edit: (inout [String: Any]) -> Void) {
        var log = json["log"] as? [String: Any] ?? [:]
        var entries = log["entries"] as? [[String: Any]] ?? []
        edit(&entries[index])
        log["entries"] = entries
        json["log"] = log
    }

    @Test(
        "a browser's session replays: JSON, a base64 PNG, a create, a delete, then the 404 as a scenario step"
    )
    func importAndServe() async throws {
        let root = try temporaryDirectory().appendingPathComponent("stubs")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let outcome = HARImportCommand.run([try Self.archive().path, "--root-dir", root.path])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "6 stubs, 1 body file, into \(root.path)\n")
        #expect(outcome.errors.contains("entry 4 skipped: status 0"))
        // The archive's requests carried credentials: a replay needs some, of any value.
        let credentials = [("Authorization", "Bearer any"), ("Cookie", "session=any")]
        try await withRecording(root) { _, client async throws in
            #expect(try client.get("/v1/heroes/0007").status == 404, "no credentials, no answer")
            let page = try client.get("/v1/heroes?page=1&per_page=2", headers: credentials)
            #expect(page.status == 200)
            #expect(page.header("ETag") == "\"page-1-2\"")
            #expect(page.header("Content-Type") == "application/json; charset=utf-8")
            #expect((page.json["items"] as? [Any])?.count == 2)
            #expect(page.header("Set-Cookie") == nil && page.header("Content-Encoding") == nil)
            #expect(
                try client.get("/v1/heroes/0007", headers: credentials).json["code_name"] as? String
                    == "Night Owl")
            let picture = try client.get("/v1/heroes/0007/picture", headers: credentials)
            #expect(picture.header("Content-Type") == "image/png")
            #expect(Array(picture.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(picture.body.count == 70)
            let created = try client.request(
                "POST", "/v1/heroes", headers: credentials + [("Content-Type", "application/json")],
                body: Array(#"{"code_name":"Recorded"}"#.utf8))
            #expect(created.status == 201 && created.header("Location") == "/v1/heroes/0045")
            #expect(try client.request("DELETE", "/v1/heroes/0007", headers: credentials).status == 204)
            let gone = try client.get("/v1/heroes/0007", headers: credentials)
            #expect(gone.status == 404 && gone.text.contains("not_found"))
            #expect(try client.get("/analytics/beacon", headers: credentials).status == 404)
        }
    }

    @Test("no credential of the archive reaches a file, nor a header named by --redact-header")
    func noCredentials() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let outcome = HARImportCommand.run([
            try Self.archive().path, "--root-dir=\(root.path)", "--redact-header", "ETag",
        ])
        #expect(outcome.status == 0)
        let files = try filesUnder(root)
        #expect(files.count == 7)
        for (name, bytes) in files {
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            for secret in [
                "har-secret-token", "har-session-cookie", "har-new-session", "bearer", "etag", "page-1-2",
            ] {
                #expect(!text.contains(secret), "\(secret) in \(name)")
            }
        }
    }

    @Test(
        "a malformed archive is refused with the entry and the reason, exit 65, and nothing is written",
        arguments: [
            ("bad JSON", "$: not valid JSON"),
            ("no entries", "$.log.entries: missing"),
            ("no request", "entry 2 ($.log.entries[2].request): missing"),
            ("request not an object", "entry 2 ($.log.entries[2].request): expected an object"),
            ("bad base64", "entry 2 ($.log.entries[2].response.content.text): not valid base64"),
            ("bad header", "entry 2 ($.log.entries[2].response.headers[0]): expected a name and a value"),
        ])
    func malformed(_ kind: String, _ message: String) throws {
        let file: URL
        switch kind {
        case "bad JSON":
            file = try temporaryDirectory().appendingPathComponent("bad.har")
            try Data(#"{"log": {"entries": [}"#.utf8).write(to: file)
        case "no entries":
            file = try Self.edited { $0["log"] = ["version": "1.2"] }
        case "no request":
            file = try Self.edited { Self.editEntry(&$0, 2) { $0["request"] = nil } }
        case "request not an object":
            file = try Self.edited { Self.editEntry(&$0, 2) { $0["request"] = 5 } }
        case "bad base64":
            file = try Self.edited {
                Self.editEntry(&$0, 2) { entry in
                    var response = entry["response"] as? [String: Any] ?? [:]
                    response["content"] = [
                        "size": 3, "mimeType": "image/png", "text": "%%%not base64", "encoding": "base64",
                    ]
                    entry["response"] = response
                }
            }
        default:
            file = try Self.edited {
                Self.editEntry(&$0, 2) { entry in
                    var response = entry["response"] as? [String: Any] ?? [:]
                    response["headers"] = [["name": "X-Count", "value": 3]]
                    entry["response"] = response
                }
            }
        }
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let root = file.deletingLastPathComponent().appendingPathComponent("root")
        let outcome = HARImportCommand.run([file.path, "--root-dir", root.path])
        #expect(outcome.status == 65)
        #expect(outcome.errors.contains(message), "\(outcome.errors)")
        #expect(outcome.errors.hasSuffix("nothing was written\n"))
        #expect(outcome.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }

    @Test("an entry's URL gives its path and query as sent; the host and the fragment are dropped")
    func targets() {
        #expect(
            HAREntry.target(of: "https://h.example:8443/v1/heroes?q=a%20b&page=2#top")
                == "/v1/heroes?q=a%20b&page=2")
        #expect(HAREntry.target(of: "http://h.example") == "/")
        #expect(HAREntry.target(of: "http://h.example?x=1") == "/?x=1")
        #expect(HAREntry.target(of: "/relative?x") == "/relative?x")
        #expect(HAREntry.target(of: "h.example/v1") == nil)
        #expect(HAREntry.target(of: "http://h.example/a b") == nil)
    }

    @Test("a bad command line is 64 with the usage; an archive that cannot be read is 66")
    func commandLine() throws {
        let archive = try Self.archive().path
        for arguments in [
            [archive], ["--root-dir", "/tmp/x"], [archive, "--root-dir"], [archive, "--port", "1"],
        ] {
            let outcome = HARImportCommand.run(arguments)
            #expect(outcome.status == 64, "\(arguments)")
            #expect(outcome.errors.hasSuffix(HARImportCommand.usage + "\n"))
        }
        #expect(HARImportCommand.run(["/nonexistent/x.har", "--root-dir", "/tmp/x"]).status == 66)
        #expect(MockServerCommandLine.usage.contains("mock-server import-har FILE.har --root-dir DIR"))
    }

    @Test("the mock-server executable runs import-har: the summary on standard output, 65 for a bad archive")
    func executable() async throws {
        let binary = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("mock-server")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "run swift build first")
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let process = Process()
            let output = Pipe()
            process.executableURL = binary
            process.arguments = arguments
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        try await offCooperativePool {
            let stubs = root.appendingPathComponent("stubs").path
            let done = try run(["import-har", try Self.archive().path, "--root-dir", stubs])
            #expect(done.status == 0)
            #expect(done.output == "6 stubs, 1 body file, into \(stubs)\n")
            let bad = root.appendingPathComponent("bad.har")
            try Data("[]".utf8).write(to: bad)
            #expect(
                try run(["import-har", bad.path, "--root-dir", root.appendingPathComponent("other").path])
                    .status == 65)
        }
    }
}
