import Foundation
import Network
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("StubTransport")
struct StubTransportTests {
    private func request(_ url: String, method: String = "GET") throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        return request
    }

    @Test("an unscripted call fails the test, naming the call, and throws")
    func unscriptedCallFailsTheTest() async throws {
        let transport = StubTransport()
        try await withKnownIssue {
            _ = try await transport.data(for: try request("https://h/v1/missing?x=1"), progress: nil)
        } matching: { issue in
            "\(issue)".contains("StubTransport: GET /v1/missing?x=1 (https://h/v1/missing?x=1)")
        }
        #expect(transport.calls.map(\.url) == ["https://h/v1/missing?x=1"])
    }

    @Test(
        "waitForCalls returns at once for calls already made, and wakes when a later one arrives",
        .timeLimit(.minutes(1)))
    func waitsForCalls() async throws {
        let transport = StubTransport()
        transport.on("GET /a", .status(204), .status(204))
        _ = try await transport.data(for: try request("https://h/a"), progress: nil)
        await transport.waitForCalls(1)
        let second = try request("https://h/a")
        async let waited: Void = transport.waitForCalls(2)
        _ = try await transport.data(for: second, progress: nil)
        await waited
        #expect(transport.calls.count == 2)
    }

    @Test("a route's answers are used once each, in order, and a route with a query is preferred")
    func answersInOrder() async throws {
        let transport = StubTransport()
        transport.on("GET /a", .status(201), .status(202))
        transport.on("GET /a?page=2", .status(299))
        let statuses = [
            try await transport.data(for: try request("https://h/a"), progress: nil).head.status,
            try await transport.data(for: try request("https://h/a?page=2"), progress: nil).head.status,
            try await transport.data(for: try request("https://h/a?page=3"), progress: nil).head.status,
        ]
        #expect(statuses == [201, 299, 202])
        #expect(transport.unusedRoutes.isEmpty)
    }

    @Test("scripted errors are thrown and progress chunks reported, including an unknown total")
    func errorsAndProgress() async throws {
        let transport = StubTransport()
        let log = ProgressLog()
        transport.on(
            "GET /f",
            StubResponse.failure(.timedOut).reporting(
                .init(direction: .download, completedBytes: 10, totalBytes: -1),
                .init(direction: .download, completedBytes: 20, totalBytes: nil)
            )
        )
        await #expect(throws: NetworkError.timedOut) {
            try await transport.data(for: try request("https://h/f"), progress: log.record)
        }
        #expect(log.all.map(\.completedBytes) == [10, 20])
        #expect(log.fractions == [nil, nil])
    }

    @Test("a download writes the scripted body to the destination file")
    func download() async throws {
        let transport = StubTransport()
        transport.on("GET /p", .status(200, body: Data([1, 2, 3])))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stub-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let head = try await transport.download(for: try request("https://h/p"), to: file, progress: nil)
        #expect(head.status == 200)
        #expect(try Data(contentsOf: file) == Data([1, 2, 3]))
        #expect(transport.calls.map(\.isDownload) == [true])
    }
}
