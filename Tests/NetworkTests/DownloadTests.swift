import Foundation
import Network
import TestSupport
import Testing

@Suite("WebService downloads")
struct DownloadTests {
    static let picture = Endpoint<Data>("picture", arguments: 1)

    private func make() throws -> (WebService, StubTransport, URL) {
        let (service, transport) = try Fixture.service(
            ["picture": ["request": ["path": "/pictures/%0"]]], [Self.picture], retryPolicy: .never
        )
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "download-\(UUID().uuidString)")
        return (service, transport, file)
    }

    @Test("a download's reply names the file the body was written to, reporting progress")
    func downloadsToFile() async throws {
        let (service, transport, file) = try make()
        defer { try? FileManager.default.removeItem(at: file) }
        let log = ProgressLog()
        transport.on(
            "GET /v2/pictures/a%20b",
            StubResponse.status(200, body: Data([1, 2, 3])).reporting(
                .init(direction: .download, completedBytes: 3, totalBytes: 3)
            )
        )
        let reply = try await service.download(Self.picture, "a b", to: file, progress: log.record)
        #expect(reply.content == file)
        #expect(try Data(contentsOf: file) == Data([1, 2, 3]))
        #expect(log.fractions == [1])
        #expect(transport.calls.map(\.isDownload) == [true])
    }

    @Test("a failed download removes the file and carries the start of its body")
    func failedDownloadRemovesFile() async throws {
        let (service, transport, file) = try make()
        transport.on("GET /v2/pictures/x", .json(404, #"{"error":{"code":"not_found"}}"#))
        await #expect(
            throws: NetworkError.unacceptableStatus(
                code: 404, headers: ["Content-Type": "application/json"],
                bodyExcerpt: #"{"error":{"code":"not_found"}}"#
            )
        ) { try await service.download(Self.picture, "x", to: file) }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("a download answered 304 or 204 leaves no file", arguments: [304, 204])
    func emptyDownloads(status: Int) async throws {
        let (service, transport, file) = try make()
        transport.on("GET /v2/pictures/x", .status(status))
        let reply = try await service.download(Self.picture, "x", to: file, ifNoneMatch: "\"x-1\"")
        #expect(reply.outcome == (status == 304 ? .notModified : .noContent))
        #expect(transport.calls.first?.headers["If-None-Match"] == "\"x-1\"")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
