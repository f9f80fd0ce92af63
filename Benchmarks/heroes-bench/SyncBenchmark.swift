import Data
import Domain
import Foundation
import MockServerKit
import Network

/// A full sync into an empty store against the mock server serving generated heroes. Each
/// round runs in a child process (`heroes-bench --sync-child URL`), so its peak resident
/// memory is the client's alone; the servers run in this process.
enum SyncBenchmark {
    struct Round {
        let elapsed: Duration
        let peakKilobytes: Int
        let addedKilobytes: Int
    }

    /// Starts a mock server with `count` generated heroes.
    static func server(count: Int) async throws -> MockServer {
        let server = MockServer(
            configuration: MockServerConfiguration(
                fixtures: .directory(try GeneratedHeroes.fixtures(count: count))))
        try await server.start()
        return server
    }

    /// One round in a child process.
    static func round(against url: URL) throws -> Round {
        let fields = try ChildProcess.run(["--sync-child", url.absoluteString])
        guard fields.count == 3, let nanoseconds = Int64(fields[0]), let peak = Int(fields[1]),
            let before = Int(fields[2])
        else { throw BenchmarkError("the sync child printed \(fields.joined(separator: " "))") }
        return Round(elapsed: .nanoseconds(nanoseconds), peakKilobytes: peak, addedKilobytes: peak - before)
    }

    /// The child's work: sync `url` into a fresh store; prints nanoseconds, peak and starting kB.
    static func child(url: URL) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "heroes-sync-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = WebService(
            baseURL: url, catalog: try HeroAPI.catalog(), transport: URLSessionTransport())
        let repository = OfflineFirstHeroRepository(
            remote: RemoteHeroDataSource(service: service),
            store: try JSONFileHeroStore.open(at: folder.appendingPathComponent("heroes-store")))
        let before = DownloadMemoryBenchmark.peakResidentKilobytes()
        let start = ContinuousClock.now
        let changes = try await repository.sync()
        let elapsed = ContinuousClock.now - start
        guard changes.rejected.isEmpty, !changes.inserted.isEmpty else {
            throw BenchmarkError("the sync kept nothing")
        }
        let nanoseconds =
            elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        print(nanoseconds, DownloadMemoryBenchmark.peakResidentKilobytes(), before)
    }
}
