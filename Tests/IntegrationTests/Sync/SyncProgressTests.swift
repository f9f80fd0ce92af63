import Domain
import Locking
import TestSupport
import Testing

@Suite("Sync progress")
struct SyncProgressTests {
    @Test("a sync tells its progress once per page pulled, out of the pages the server counts")
    func perPage() async throws {
        try await SyncHarness.with(syncPageSize: 10) { harness in
            let seen = Locked<[SyncProgress]>([])
            _ = try await harness.repository.sync { progress in seen.withLock { $0.append(progress) } }
            #expect(
                seen.withLock { $0 } == (1...5).map { SyncProgress(pagesPulled: $0, pageCount: 5) },
                "44 heroes, 10 a page")
        }
    }
}
