import Domain
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("Delete, teams and sync presenters")
struct SmallPresenterTests {
    let repository = FakeHeroRepository()
    let view = SpyView()

    @Test("delete deletes at the expected version and shows the hero gone")
    func delete() async throws {
        repository.onDelete.returns(.confirmed)
        let id = try Hero.ID("0007")

        try await DeleteHeroPresenter(deleteHero: DeleteHero(heroes: repository))
            .delete(with: view, id: id, expectedVersion: 3)

        #expect(repository.calls == [.delete(id, expectedVersion: 3)])
        #expect(view.events == [.deleted(id)])
    }

    @Test("a delete kept pending (the server was unreachable) is shown as pending")
    func deletePending() async throws {
        repository.onDelete.returns(.pending)
        let id = try Hero.ID("0007")
        try await DeleteHeroPresenter(deleteHero: DeleteHero(heroes: repository)).delete(with: view, id: id)
        #expect(view.events == [.deletionPending(id)])
    }

    @Test("a refused delete shows nothing and is rethrown unchanged")
    func deleteRefused() async throws {
        repository.onDelete.fails(with: DomainError.forbidden)
        await #expect(throws: DomainError.forbidden) {
            try await DeleteHeroPresenter(deleteHero: DeleteHero(heroes: repository))
                .delete(with: view, id: try Hero.ID("0007"))
        }
        #expect(repository.calls == [.delete(try Hero.ID("0007"), expectedVersion: nil)])
        #expect(view.events.isEmpty)
    }

    @Test("teams are shown sorted by name, with their freshness")
    func teams() async throws {
        let dawn = Team.sample()
        let night = Team.sample(id: "night-shift", name: "Night Shift")
        repository.onTeams.returns(Cached([night, dawn], isStale: true))

        try await TeamListPresenter(listTeams: ListTeams(heroes: repository)).activate(with: view)

        #expect(repository.calls == [.teams])
        #expect(view.events == [.teams([dawn, night], isStale: true)])
    }

    @Test("a failed team list is rethrown unchanged")
    func teamsFail() async throws {
        repository.onTeams.fails(with: DomainError.badData("teams is not an array"))
        await #expect(throws: DomainError.badData("teams is not an array")) {
            try await TeamListPresenter(listTeams: ListTeams(heroes: repository)).activate(with: view)
        }
        #expect(view.events.isEmpty)
    }

    @Test("sync shows the change set")
    func sync() async throws {
        let changes = HeroChangeSet(
            inserted: [try Hero.ID("0040")], updated: [try Hero.ID("0007")], unchanged: [try Hero.ID("0012")],
            deleted: [try Hero.ID("0099")]
        )
        repository.onSync.returns(changes)

        try await SyncPresenter(syncHeroes: SyncHeroes(heroes: repository)).activate(with: view)

        #expect(repository.calls == [.sync])
        #expect(view.events == [.changes(changes)])
    }

    @Test("sync reports each page pulled to the progress view and finishes it before the changes")
    func syncProgress() async throws {
        let changes = HeroChangeSet(inserted: [try Hero.ID("0040")], updated: [], unchanged: [], deleted: [])
        repository.onSync.answers { progress in
            progress(SyncProgress(pagesPulled: 1, pageCount: 2))
            progress(SyncProgress(pagesPulled: 2, pageCount: 2))
            return changes
        }
        let progress = SpyProgressView()

        try await SyncPresenter(syncHeroes: SyncHeroes(heroes: repository)).activate(
            with: view, progress: progress)

        #expect(
            progress.events == [
                .begin("sync"), .report(ProgressFigures(completed: 1, total: 2, unit: .count("pages"))),
                .report(ProgressFigures(completed: 2, total: 2, unit: .count("pages"))), .finish,
            ])
        #expect(view.events == [.changes(changes)])
    }

    @Test("a failed sync still finishes its progress line, then rethrows")
    func syncProgressFailure() async throws {
        repository.onSync.fails(with: DomainError.unavailable("offline"))
        let progress = SpyProgressView()
        await #expect(throws: DomainError.unavailable("offline")) {
            try await SyncPresenter(syncHeroes: SyncHeroes(heroes: repository)).activate(
                with: view, progress: progress)
        }
        #expect(progress.events == [.begin("sync"), .finish])
        #expect(view.events.isEmpty)
    }

    @Test("a cancelled sync is rethrown as cancellation")
    func syncCancelled() async throws {
        repository.onSync.fails(with: CancellationError())
        await #expect(throws: CancellationError.self) {
            try await SyncPresenter(syncHeroes: SyncHeroes(heroes: repository)).activate(with: view)
        }
        #expect(view.events.isEmpty)
    }
}
