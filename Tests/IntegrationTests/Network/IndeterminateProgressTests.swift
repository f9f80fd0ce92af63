import Foundation
import Network
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Transports: bodies of unknown length")
struct IndeterminateProgressTests {
    private static let body = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }

    @Test(
        "a download of unknown length reports indeterminate progress and arrives whole",
        arguments: TransportKind.available)
    func indeterminateDownload(kind: TransportKind) async throws {
        let port = try UnsizedBodyServer.serveOnce(body: Self.body)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/unsized"))
        let file = NetworkIT.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let log = NetworkIT.ProgressReports()
        let head = try await kind.transport.download(
            for: URLRequest(url: url), to: file, progress: log.record)
        #expect(head.status == 200)
        #expect(try Data(contentsOf: file) == Data(Self.body))
        #expect(!log.all.isEmpty)
        #expect(log.all.allSatisfy { $0.totalBytes == nil && $0.fractionCompleted == nil })
        #expect(log.all.last?.completedBytes == Int64(Self.body.count))
    }

    @Test(
        "a data response of unknown length reports indeterminate progress too",
        arguments: TransportKind.available)
    func indeterminateData(kind: TransportKind) async throws {
        let port = try UnsizedBodyServer.serveOnce(body: Self.body)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/unsized"))
        let log = NetworkIT.ProgressReports()
        let response = try await kind.transport.data(for: URLRequest(url: url), progress: log.record)
        #expect(response.body == Data(Self.body))
        #expect(log.all.allSatisfy { $0.totalBytes == nil })
        #expect(log.all.last?.completedBytes == Int64(Self.body.count))
    }
}
