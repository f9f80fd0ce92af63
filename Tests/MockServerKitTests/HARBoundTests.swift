import Foundation
import Testing

@testable import MockServerKit

/// Issue 40, finding 4: `import-har` reads entries one at a time and leaves out what the server
/// would not load, saying so.
@Suite("import-har bounds")
struct HARBoundTests {
    /// A HAR of `count` GET entries, `/items/0`…, each answered `{"id": N}`, and `extra` more.
    static func archive(_ count: Int, extra: [String] = []) -> Data {
        let entries = (0..<count).map { number in
            #"{"request": {"method": "GET", "url": "https://x.example/items/\#(number)", "headers": []}, "#
                + #""response": {"status": 200, "headers": [], "content": {"mimeType": "application/json", "#
                + #""text": "{\"id\": \#(number)}"}}}"#
        }
        return Data(
            (#"{"log": {"version": "1.2", "entries": ["# + (entries + extra).joined(separator: ",") + "]}}")
                .utf8)
    }

    @Test("an answer over a body file's 64 MiB is skipped with a note, and the root still loads")
    func hugeBody() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let huge =
            #"{"request": {"method": "GET", "url": "/huge"}, "response": {"status": 200, "#
            + #""content": {"mimeType": "text/plain", "text": ""#
            + String(repeating: "a", count: (64 << 20) + 1)
            + #""}}}"#
        let file = directory.appendingPathComponent("huge.har")
        try Self.archive(2, extra: [huge]).write(to: file)
        let root = directory.appendingPathComponent("root")
        let outcome = HARImportCommand.run([file.path, "--root-dir", root.path])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(
            outcome.errors.contains("entry 2 skipped: its 67108865-byte body is over a body file's 64 MiB"))
        #expect(outcome.output.hasPrefix("2 stubs"))
        try await withRecording(root) { _, client async throws in
            #expect(try client.get("/items/1").text == #"{"id": 1}"#)
        }
    }

    @Test("distinct requests past the bound are skipped with one note; repeats of kept ones stay")
    func manyRequests() throws {
        let bound = HARArchive.maximumRequests
        let repeatOfFirst =
            #"{"request": {"method": "GET", "url": "https://x.example/items/0"}, "#
            + #""response": {"status": 404, "content": {"text": "gone"}}}"#
        let archive = try HARArchive(Self.archive(bound + 5, extra: [repeatOfFirst]))
        #expect(archive.exchanges.count == bound + 1)
        #expect(
            archive.notes == ["5 entries skipped: past \(bound) distinct requests, the most a root loads"])
    }
}
