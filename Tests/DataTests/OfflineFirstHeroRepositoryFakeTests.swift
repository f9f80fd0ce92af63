import Data
import Domain
import Foundation
import TestSupport
import Testing

/// The repository's three jobs (reads, writes, the queue of offline edits) against a fake remote
/// and an in-memory store: no socket, no file, no HTTP.
@Suite("OfflineFirstHeroRepository over a fake remote and an in-memory store")
struct OfflineFirstHeroRepositoryFakeTests {
    let remote: FakeHeroRemote
    let store = InMemoryHeroStore()
    let repository: OfflineFirstHeroRepository

    init() throws {
        remote = FakeHeroRemote(
            heroes: [
                try .sample(id: "0007", codeName: "Night Owl"),
                try .sample(id: "0008", codeName: "Atlas", team: nil),
            ],
            teams: [.sample()])
        repository = OfflineFirstHeroRepository(remote: remote, store: store)
    }

    @Test("a second read sends the stored entity tag and answers the stored hero on 304")
    func revalidates() async throws {
        let id = try Hero.ID("0007")
        let first = try await repository.hero(id)
        let second = try await repository.hero(id)
        #expect(second == first)
        #expect(!second.isStale)
        let tag = FakeHeroRemote.entityTag(of: try #require(remote.hero(id)))
        #expect(remote.calls == [.hero(id, ifNoneMatch: nil), .hero(id, ifNoneMatch: tag)])
    }

    @Test("a hero changed on the server replaces the stored one; unreachable, the stored one is stale")
    func freshThenStale() async throws {
        let id = try Hero.ID("0007")
        _ = try await repository.hero(id)
        remote.changeOnServer(try .sample(id: "0007", codeName: "Night Owl II"))
        #expect(try await repository.hero(id).value.codeName == "Night Owl II")
        remote.isReachable = false
        let offline = try await repository.hero(id)
        #expect(offline.isStale)
        #expect(offline.value.codeName == "Night Owl II")
    }

    @Test("nothing stored and the server unreachable is unavailable, not an empty answer")
    func unreachableWithNothingStored() async throws {
        remote.isReachable = false
        await #expect(throws: DomainError.self) { try await repository.hero(try Hero.ID("0007")) }
        await #expect(throws: DomainError.self) { try await repository.heroes(matching: HeroQuery()) }
    }

    @Test("a page is stored with its heroes and read back offline in the server's order")
    func pageOffline() async throws {
        let online = try await repository.heroes(matching: HeroQuery())
        #expect(online.value.items.map(\.codeName) == ["Atlas", "Night Owl"])
        remote.isReachable = false
        let offline = try await repository.heroes(matching: HeroQuery())
        #expect(offline.isStale)
        #expect(offline.value.items == online.value.items)
    }

    @Test("an edit made offline is shown at once, pending, and pushed by the next sync")
    func offlineEditThenSync() async throws {
        let id = try Hero.ID("0007")
        let version = try await repository.hero(id).value.version
        remote.isReachable = false
        let edited = try await repository.replace(
            id, with: try HeroDraft(codeName: "Night Owl", powers: ["Flight"]), expectedVersion: version)
        #expect(edited.isPending)
        #expect(try await repository.hero(id).value.powers == ["Flight"])
        #expect(remote.hero(id)?.powers != ["Flight"], "the server has not seen it")
        remote.isReachable = true
        let changes = try await repository.sync()
        #expect(changes.pushed == [id])
        #expect(remote.hero(id)?.powers == ["Flight"])
        #expect(remote.hero(id)?.version == version + 1)
        #expect(try await repository.hero(id).value.isPending == false)
    }

    @Test("a create made offline gets a draft id and is created once by the sync")
    func offlineCreate() async throws {
        remote.isReachable = false
        let draft = try await repository.create(try HeroDraft(codeName: "Sparrow"))
        #expect(draft.isPending)
        remote.isReachable = true
        _ = try await repository.sync()
        _ = try await repository.sync()
        let onServer = try await remote.heroes(matching: HeroQuery(text: "Sparrow"), ifNoneMatch: nil)
        #expect(onServer.content?.total == 1, "created once")
        let page = try await repository.heroes(matching: HeroQuery(text: "Sparrow"))
        #expect(page.value.items.map(\.codeName) == ["Sparrow"])
        #expect(page.value.items.allSatisfy { !$0.isPending })
    }

    @Test("a delete the server refuses as stale (412) stays pending and is reported as a conflict")
    func staleDelete() async throws {
        let id = try Hero.ID("0008")
        let version = try await repository.hero(id).value.version
        remote.isReachable = false
        #expect(try await repository.delete(id, expectedVersion: version) == .pending)
        remote.changeOnServer(try .sample(id: "0008", codeName: "Atlas", team: nil))
        remote.isReachable = true
        let changes = try await repository.sync()
        #expect(changes.conflicts.map(\.id) == [id])
        #expect(remote.hero(id) != nil, "the server's newer hero was not deleted")
    }

    /// A sync stopped by its deadline keeps the pages it pulled; a fault before it keeps nothing
    /// (`SyncFaultTests`). Page 2 fails only once the deadline has passed, as a remote bound by
    /// it does, so the test holds however slowly page 1 comes.
    @Test("a page failing past the deadline ends the sync; the heroes of the pages before it are kept")
    func deadlineKeepsPulledPages() async throws {
        let heroes = try (1...25).map {
            try Hero.sample(id: String(format: "%04d", $0), codeName: "Hero \($0)")
        }
        let remote = FakeHeroRemote(heroes: heroes, teams: [.sample()])
        let store = InMemoryHeroStore()
        let repository = OfflineFirstHeroRepository(remote: remote, store: store, syncPageSize: 10)
        let deadline = ContinuousClock.now + .milliseconds(50)
        remote.beforePage = { query in
            guard query.page > 1 else { return }
            try await Task.sleep(until: deadline)
            throw DomainError.unavailable("the server did not answer in time")
        }
        await #expect(throws: DomainError.unavailable("the server did not answer in time")) {
            try await repository.sync(until: deadline) { _ in }
        }
        let (ids, whole) = try await store.read { (try $0.heroIDs(in: 0..<100), try $0.holdsRoster()) }
        #expect(ids.count == 10 && !whole, "\(ids)")

        // Failing before the deadline is a fault: nothing more is kept.
        remote.beforePage = { query in
            if query.page > 1 { throw DomainError.unavailable("reset") }
        }
        await #expect(throws: DomainError.self) {
            try await repository.sync(until: .now + .seconds(3600)) { _ in }
        }
        #expect(try await store.read { try $0.heroCount() } == 10)

        remote.beforePage = { _ in }
        let next = try await repository.sync()
        #expect(next.inserted.count == 15 && next.unchanged.count == 10, "\(next)")
    }
}
