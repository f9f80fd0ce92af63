import Domain
import Foundation
import Network
import TestSupport
import Testing

@testable import Data

/// A sync that finds the roster as the last complete sync left it stops at a 304, and a
/// repository told to keep to its cache sends nothing at all.
@Suite("Conditional sync, and the cache-only policy")
struct ConditionalSyncTests {
    @Test(
        "an up-to-date sync makes two conditional requests, both answered 304, and writes nothing",
        arguments: SyncHarness.Store.allCases)
    func upToDate(store: SyncHarness.Store) async throws {
        try await SyncHarness.with(syncPageSize: 10, store: store) { harness in
            _ = try await harness.repository.sync()
            let before = try harness.storeFiles()
            let seen = harness.server.requests().count
            let changes = try await harness.repository.sync()
            let requests = harness.server.requests().dropFirst(seen)
            #expect(requests.map { "\($0.path) \($0.status)" } == ["/v1/heroes 304", "/v1/teams 304"])
            #expect(changes.unchanged.count == 44 && changes.updated.isEmpty && changes.inserted.isEmpty)
            #expect(try harness.storeFiles() == before, "nothing written")
        }
    }

    @Test("a change on the server makes the next sync pull every page again, and store the change")
    func changedOnServer() async throws {
        try await SyncHarness.with(syncPageSize: 10) { harness in
            _ = try await harness.repository.sync()
            let id = try Hero.ID("0003")
            let hero = try #require(try await harness.other.hero(id).content)
            _ = try await harness.other.replace(
                id, with: try HeroDraft(codeName: hero.codeName, powers: ["Changed"]),
                expectedVersion: hero.version)
            let seen = harness.server.requests().count
            let changes = try await harness.repository.sync()
            let pages = harness.server.requests().dropFirst(seen).filter { $0.path == "/v1/heroes" }
            #expect(pages.map(\.status) == [200, 200, 200, 200, 200])
            #expect(changes.updated == [id])
        }
    }

    @Test("a hero set aside as damage drops the roster's tag: the next sync pulls it back")
    func holeIsNeverHidden() async throws {
        try await SyncHarness.with(syncPageSize: 10) { harness in
            _ = try await harness.repository.sync()
            let file = harness.storeFolder.appendingPathComponent(JSONFileHeroStore.fileName)
            let text = try String(contentsOf: file, encoding: .utf8)
            // Hero 0005's record filed under another id: it is set aside when next read.
            try Data(text.replacingOccurrences(of: #""id":"0005""#, with: #""id":"0500""#).utf8).write(
                to: file)
            let seen = harness.server.requests().count
            let changes = try await harness.repository.sync()
            let first = try #require(harness.server.requests().dropFirst(seen).first)
            #expect(first.path == "/v1/heroes" && first.value("If-None-Match") == nil && first.status == 200)
            #expect(changes.inserted.map(\.rawValue) == ["0005"])
        }
    }

    @Test(
        "under .cacheOnly no request is made: reads answer stale, writes are kept pending, a sync says offline"
    )
    func cacheOnly() async throws {
        try await SyncHarness.with { harness in
            _ = try await harness.repository.sync()
            let transport = StubTransport()  // any request would be an issue recorded
            let service = WebService(
                baseURL: harness.server.baseURL, catalog: try HeroAPI.catalog(), transport: transport,
                retryPolicy: .never)
            let offline = OfflineFirstHeroRepository(
                remote: RemoteHeroDataSource(service: service), store: harness.store,
                policy: .cacheOnly(reason: "kept to the cache"))
            let hero = try await offline.hero(try Hero.ID("0001"))
            #expect(hero.isStale)
            #expect(try await offline.heroes(matching: try HeroQuery()).isStale)
            #expect(try await offline.teams().isStale)
            let created = try await offline.create(try HeroDraft(codeName: "Kept"))
            #expect(created.isPending)
            await #expect(throws: DomainError.unavailable("kept to the cache")) { try await offline.sync() }
            await #expect(throws: DomainError.unavailable("kept to the cache")) {
                try await offline.hero(try Hero.ID("0999"))
            }
            #expect(transport.calls.isEmpty)
        }
    }
}
