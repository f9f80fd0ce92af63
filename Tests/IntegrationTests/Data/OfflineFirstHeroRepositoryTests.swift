import Data
import Domain
import Foundation
import Locking
import MockServerKit
import Network
import TestSupport
import Testing

/// The offline-first repository over the real transport, a real store file and the mock server.
@Suite("OfflineFirstHeroRepository against the mock server")
struct OfflineFirstHeroRepositoryTests {
    final class Problems: Sendable {
        private let seen = Locked<[StorageError]>([])
        var all: [StorageError] { seen.withLock { $0 } }
        func record(_ problem: StorageError) { seen.withLock { $0.append(problem) } }
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offline-\(UUID().uuidString)")
    var storeFile: URL { folder.appendingPathComponent("heroes-store/heroes.json") }
    let problems = Problems()

    func withRepository(
        _ body: (MockServer, OfflineFirstHeroRepository, RemoteHeroDataSource) async throws -> Void
    ) async throws {
        let server = MockServer(
            configuration: MockServerConfiguration(users: [IntegrationServer.editor]))
        try await server.start()
        let editor = IntegrationServer.editor
        let service = WebService(
            baseURL: server.baseURL, catalog: try HeroAPI.catalog(),
            transport: IntegrationServer.transport,
            authentication: BasicAuthentication(username: editor.name, password: editor.password),
            retryPolicy: .never, deadline: IntegrationServer.deadline)
        let remote = RemoteHeroDataSource(service: service)
        let repository = OfflineFirstHeroRepository(
            remote: remote,
            store: try JSONFileHeroStore.open(
                at: folder.appendingPathComponent("heroes-store"), report: problems.record))
        do {
            try await body(server, repository, remote)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("a hero read once revalidates with its entity tag, and is served stale when the server is gone")
    func heroOffline() async throws {
        try await withRepository { server, repository, _ in
            let id = try Hero.ID("0001")
            let first = try await repository.hero(id)
            #expect(!first.isStale)

            let second = try await repository.hero(id)
            #expect(second == first)
            let reads = server.requests().filter { $0.path == "/v1/heroes/0001" }
            #expect(reads.map(\.status) == [200, 304])
            #expect(reads.last?.value("If-None-Match") == "\"0001-\(first.value.version)\"")

            await server.stop()
            let offline = try await repository.hero(id)
            #expect(offline.isStale)
            #expect(offline.value == first.value)
            let neverStored = await #expect(throws: DomainError.self) {
                try await repository.hero(try Hero.ID("0002"))
            }
            // The case is the contract; its text is the transport's, which differs between systems.
            guard case .unavailable? = neverStored else {
                Issue.record(
                    "a hero never stored, offline, should be unavailable, not \(String(describing: neverStored))"
                )
                return
            }
        }
    }

    @Test("a page and the teams are served stale when offline, and only what was stored")
    func pageOffline() async throws {
        try await withRepository { server, repository, _ in
            let page = try await repository.heroes(matching: HeroQuery(page: 2, perPage: 10))
            let teams = try await repository.teams()
            await server.stop()

            let stalePage = try await repository.heroes(matching: HeroQuery(page: 2, perPage: 10))
            #expect(stalePage.isStale)
            #expect(stalePage.value == page.value)
            #expect(try await repository.teams() == Cached(teams.value, isStale: true))
            await #expect {
                try await repository.heroes(matching: HeroQuery(page: 3, perPage: 10))
            } throws: { error in
                guard case DomainError.unavailable = error else { return false }
                return true
            }
        }
    }

    @Test("sync reports every hero new, then unchanged, then exactly what another client changed")
    func syncChangeSets() async throws {
        try await withRepository { _, repository, remote in
            let first = try await repository.sync()
            #expect(first.inserted.count >= 40)
            #expect(first.updated.isEmpty && first.unchanged.isEmpty && first.deleted.isEmpty)

            let second = try await repository.sync()
            #expect(second.unchanged.count == first.inserted.count)
            #expect(second.isEmpty)

            let created = try await remote.create(try HeroDraft(codeName: "Sync Sparrow")).hero
            let (edited, _) = try await remote.replace(
                try Hero.ID("0002"), with: try HeroDraft(codeName: "Tidewarden", powers: ["Water shaping"]),
                expectedVersion: nil)
            try await remote.delete(try Hero.ID("0003"), expectedVersion: nil)

            let third = try await repository.sync()
            #expect(third.inserted == [created.id])
            #expect(third.updated == [edited.id])
            #expect(third.deleted == [try Hero.ID("0003")])
            #expect(third.unchanged.count == first.inserted.count - 2)
        }
    }

    @Test("writes go to the server and the store: a deleted hero is not served stale afterwards")
    func writesUpdateTheStore() async throws {
        try await withRepository { server, repository, _ in
            let created = try await repository.create(try HeroDraft(codeName: "Store Finch"))
            let replaced = try await repository.replace(
                created.id, with: try HeroDraft(codeName: "Store Finch", powers: ["Song"]), expectedVersion: 1
            )
            let keep = try await repository.hero(replaced.id)
            #expect(keep.value.version == 2)
            try await repository.delete(created.id, expectedVersion: 2)
            await server.stop()
            await #expect {
                try await repository.hero(created.id)
            } throws: { error in
                guard case DomainError.unavailable = error else { return false }
                return true
            }
        }
    }

    @Test("a store file that is not JSON is moved aside and reported, and the repository carries on")
    func corruptStore() async throws {
        try FileManager.default.createDirectory(
            at: storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: storeFile)
        try await withRepository { _, repository, _ async throws in
            let hero = try await repository.hero(try Hero.ID("0001"))
            #expect(!hero.isStale)
            #expect(problems.all.count == 1)
            guard case .corrupt(let file, let aside, _) = problems.all.first else {
                Issue.record("expected a corrupt-store report, got \(problems.all)")
                return
            }
            #expect(file == storeFile)
            let kept = try String(contentsOf: aside, encoding: .utf8)
            #expect(kept == "not json")
        }
    }
}
