import Domain
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

    @Test(
        "deleting surfaces not found, stale version and missing rights",
        arguments: [
            DomainError.notFound("hero 0007"), .preconditionFailed, .forbidden, .unauthorized(realm: nil),
        ]
    )
    func deleteErrors(error: DomainError) async throws {
        repository.onDelete.fails(with: error)
        await #expect(throws: error) { try await DeleteHero(heroes: repository)(try Hero.ID("0007")) }
    }

    @Test("syncing reports the repository's change set")
    func syncReportsChanges() async throws {
        let changes = HeroChangeSet(
            inserted: [try Hero.ID("0041")],
            updated: [try Hero.ID("0007")],
            unchanged: [try Hero.ID("0001")],
            deleted: [try Hero.ID("0099")]
        )
        repository.onSync.returns(changes)

        let result = try await SyncHeroes(heroes: repository)()

        #expect(result == changes)
        #expect(!result.isEmpty)
        #expect(repository.calls == [.sync])
    }

    @Test("a sync that only finds unchanged heroes is empty")
    func emptyChangeSet() throws {
        #expect(HeroChangeSet(inserted: [], updated: [], unchanged: [try Hero.ID("1")], deleted: []).isEmpty)
    }

    @Test("syncing offline surfaces unavailable")
    func syncOffline() async {
        repository.onSync.fails(with: DomainError.unavailable("connection refused"))
        await #expect(throws: DomainError.unavailable("connection refused")) {
            try await SyncHeroes(heroes: repository)()
        }
    }
}
