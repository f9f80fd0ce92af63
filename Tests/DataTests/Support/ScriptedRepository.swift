import Data
import Domain
import Foundation
import Network
import TestSupport
import Testing

/// The offline-first repository over a scripted transport, storing in `folder`, with no retries,
/// so every scripted answer is the one judged.
func scriptedRepository(
    _ transport: StubTransport, storingIn folder: URL,
    reportStorageProblem: @escaping @Sendable (StorageError) -> Void = { _ in }
) throws -> OfflineFirstHeroRepository {
    let service = WebService(
        baseURL: try #require(URL(string: "https://heroes.test")), catalog: try HeroAPI.catalog(),
        transport: transport, retryPolicy: .never)
    return OfflineFirstHeroRepository(
        remote: RemoteHeroDataSource(service: service),
        store: try JSONFileHeroStore.open(
            at: folder.appendingPathComponent("heroes-store"), report: reportStorageProblem))
}
