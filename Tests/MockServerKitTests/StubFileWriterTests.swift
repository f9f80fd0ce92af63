import Foundation
import Testing

@testable import MockServerKit

@Suite("Recorded stubs written to a root directory: whole files, no link followed, nothing overwritten")
struct StubFileWriterTests {
    static let picture = RecordedExchange(
        method: "GET", url: "/v1/heroes/0007/picture", status: 200,
        responseHeaders: [("Content-Type", "image/png")], responseBody: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3])

    @Test(
        "makes mappings/ and __files/, leaves no temporary file, and a second write of the same stubs adds nothing"
    )
    func writesWhole() throws {
        let root = try temporaryDirectory().appendingPathComponent("new-root")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let stubs = StubRecorder.stubs(from: [Self.picture], spec: RecordSpec())
        let written = try stubs.write(toRootDirectory: root)
        let files = try filesUnder(root)
        #expect(
            Set(files.keys) == [
                "mappings/\(stubs.mappings[0].fileName)", "__files/\(stubs.bodyFiles[0].name)",
            ])
        #expect(files["__files/\(stubs.bodyFiles[0].name)"] == Self.picture.responseBody)
        #expect(written.mappings[0].fileName == stubs.mappings[0].fileName)
        try stubs.write(toRootDirectory: root)
        #expect(try filesUnder(root).count == 2)
    }

    @Test("a different file already at a name is kept; the new one gets a suffix, and the mapping names it")
    func uniqueNames() async throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let stubs = StubRecorder.stubs(from: [Self.picture], spec: RecordSpec())
        let taken = stubs.bodyFiles[0].name
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try Data("someone else's".utf8).write(to: root.appendingPathComponent("__files/\(taken)"))
        let written = try stubs.write(toRootDirectory: root)
        let renamed = written.bodyFiles[0].name
        #expect(renamed == StubFileWriter.suffixed(taken, 2))
        #expect(written.mappings[0].bodyFileName == renamed)
        #expect(
            try Data(contentsOf: root.appendingPathComponent("__files/\(taken)"))
                == Data("someone else's".utf8))
        try await withRecording(root) { _, client async throws in
            #expect(try client.get("/v1/heroes/0007/picture").body == Self.picture.responseBody)
        }
    }

    @Test("a mappings folder that is a link is refused and nothing is written through it or kept beside it")
    func noLinks() throws {
        let root = try temporaryDirectory()
        let elsewhere = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("mappings"), withDestinationURL: elsewhere)
        let stubs = StubRecorder.stubs(from: [Self.picture], spec: RecordSpec())
        #expect(throws: MockServerError.self) { try stubs.write(toRootDirectory: root) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("__files").path)
                .isEmpty)
    }

    @Test("a write that fails half-way takes back the files it had made")
    func rollsBack() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var stubs = StubRecorder.stubs(from: [Self.picture], spec: RecordSpec())
        stubs.mappings[0].fileName = "../escape.json"
        #expect(throws: MockServerError.self) { try stubs.write(toRootDirectory: root) }
        #expect(try filesUnder(root).isEmpty)
    }
}
