import Domain
import Locking
import TestSupport
import Testing

@Suite("DeleteHero and SyncHeroes")
struct WritingTests {
    let repository = FakeHeroRepository()

    @Test("deleting passes the id and the expected version")
    func deletePassesVersion() async throws {
        repository.onDelete.returns(.confirmed)
        let id = try Hero.ID("0007")

        try await DeleteHero(heroes: repository)(id, expectedVersion: 3)
        try await DeleteHero(heroes: repository)(id)

        #expect(repository.calls == [.delete(id, expectedVersion: 3), .delete(id, expectedVersion: nil)])
    }

    @Test("syncing hands the caller's progress sink to the repository, and its change set back")
    func syncPassesProgress() async throws {
        let changes = HeroChangeSet(inserted: [try Hero.ID("0041")], updated: [], unchanged: [], deleted: [])
        repository.onSync.answers { progress in
            progress(SyncProgress(pagesPulled: 1, pageCount: 2))
            progress(SyncProgress(pagesPulled: 2, pageCount: 2))
            return changes
        }
        let reported = Locked<[SyncProgress]>([])

        let result = try await SyncHeroes(heroes: repository)(progress: { step in
            reported.withLock { $0.append(step) }
        })

        #expect(result == changes)
        #expect(
            reported.withLock { $0 } == [
                .init(pagesPulled: 1, pageCount: 2), .init(pagesPulled: 2, pageCount: 2),
            ])
        #expect(repository.calls == [.sync])
    }

    @Test("a sync that only finds unchanged heroes is empty")
    func emptyChangeSet() throws {
        #expect(HeroChangeSet(inserted: [], updated: [], unchanged: [try Hero.ID("1")], deleted: []).isEmpty)
    }
}
