import Foundation
import Network
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("RefusingTransport")
struct RefusingTransportTests {
    let refusal = NetworkError.transport(code: -1008, message: "no network here")

    @Test("a call through a WebService fails at once with the transport's error, and is not retried")
    func callFails() async throws {
        let sleeper = RecordingSleeper()
        let refusing = WebService(
            baseURL: try #require(URL(string: "https://api.example.com/v2")),
            catalog: try Fixture.catalog(
                ["read": ["request": ["path": "/r"]]], [Endpoint<NoContent>("read")]),
            transport: RefusingTransport(refusal), retryPolicy: RetryPolicy(attempts: 3, sleeper: sleeper))
        await #expect(throws: refusal) { try await refusing.call(Endpoint<NoContent>("read")) }
        #expect(sleeper.recorded.isEmpty, "a refusal that is not transient is not retried")
        #expect(try refusing.request(Endpoint<NoContent>("read")).url?.path == "/v2/r")
    }

    @Test("a download fails with the error and writes nothing")
    func downloadFails() async throws {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("refused-\(UUID().uuidString)")
        let request = URLRequest(url: try #require(URL(string: "https://api.example.com/p")))
        await #expect(throws: refusal) {
            try await RefusingTransport(refusal).download(for: request, to: destination, progress: nil)
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}
