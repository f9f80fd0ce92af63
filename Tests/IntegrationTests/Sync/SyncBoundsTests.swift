import Domain
import Foundation
import Locking
import Network
import TestSupport
import Testing

@testable import Data

/// A sync against servers that page without end or shift their pages under it: it stops, at a
/// bound, and never stores a roster its pages contradict.
@Suite("Sync against a server that never stops paging or shifts its pages")
struct SyncBoundsTests {
    /// A page of `ids` as the contract spells it, claiming `total` heroes in all.
    static func page(_ ids: [Int], number: Int, perPage: Int, total: Int) -> String {
        let items = ids.map { id in
            let code = String(format: "%04d", id)
            return #"{"id":"\#(code)","code_name":"Hero \#(code)","encrypted_real_name":null,"powers":[],"#
                + #""picture_url":null,"team":null,"updated_at":"2026-12-01T10:00:00Z","version":1}"#
        }
        return #"{"items":[\#(items.joined(separator: ","))],"page":\#(number),"per_page":\#(perPage),"#
            + #""total":\#(total)}"#
    }

    /// How many heroes `store` holds.
    static func count(_ store: any HeroStore) async throws -> Int {
        try await store.read { reader in try reader.heroCount() }
    }

    /// The page number a request asks for.
    static func pageNumber(_ request: ScriptedServer.Request) -> Int {
        guard let query = request.path.split(separator: "?").dropFirst().first else { return 1 }
        for pair in query.split(separator: "&") where pair.hasPrefix("page=") {
            return Int(pair.dropFirst(5)) ?? 1
        }
        return 1
    }

    /// A repository syncing 3 heroes a page from a server that answers pages with `pageFor`
    /// (and teams with none), over its own store; `body` gets it and the pages asked for.
    static func withRepository(
        pageFor: @escaping @Sendable (Int, Int) -> String,
        _ body: (OfflineFirstHeroRepository, any HeroStore, Locked<Int>) async throws -> Void
    ) async throws {
        let pagesAsked = Locked(0)
        let server = try ScriptedServer { request in
            guard request.path.hasPrefix("/v1/heroes") else {
                return .status(200, [("Content-Type", "application/json")], body: #"{"items":[]}"#)
            }
            let asked = pagesAsked.withLock { count in
                count += 1
                return count
            }
            return .status(
                200, [("Content-Type", "application/json")], body: pageFor(pageNumber(request), asked))
        }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bounds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try JSONFileHeroStore.open(at: folder)
        let service = WebService(
            baseURL: server.baseURL, catalog: try HeroAPI.catalog(), transport: IntegrationServer.transport,
            retryPolicy: .never, deadline: TestTime.budget(.seconds(20)))
        let repository = OfflineFirstHeroRepository(
            remote: RemoteHeroDataSource(service: service), store: store, syncPageSize: 3)
        try await body(repository, store, pagesAsked)
    }

    @Test("a roster past 100,000 heroes ends the sync as bad data at the first page, storing nothing")
    func tooLarge() async throws {
        let pages: @Sendable (Int, Int) -> String = { number, _ in
            Self.page(
                [number * 3, number * 3 + 1, number * 3 + 2], number: number, perPage: 3,
                total: 1_000_000_000_000)
        }
        try await Self.withRepository(pageFor: pages) { repository, store, asked in
            let error = await #expect(throws: DomainError.self) { try await repository.sync() }
            #expect(error?.caseName == "badData", "\(String(describing: error))")
            let described = String(describing: error)
            #expect(described.contains("more than the 100000 a sync takes"), "\(described)")
            #expect(asked.withLock { $0 } == 1)
            let stored = try await Self.count(store)
            #expect(stored == 0)
        }
    }

    @Test("new heroes on every page past the stated total: two restarts, then 'try again', nothing stored")
    func pagesPastTheTotal() async throws {
        let pages: @Sendable (Int, Int) -> String = { number, asked in
            Self.page([asked * 3, asked * 3 + 1, asked * 3 + 2], number: number, perPage: 3, total: 4)
        }
        try await Self.withRepository(pageFor: pages) { repository, store, asked in
            await #expect(throws: DomainError.conflict("the roster changed during the sync; try again")) {
                try await repository.sync()
            }
            #expect(asked.withLock { $0 } == 6, "two pages a pass, three passes")
            let stored0 = try await Self.count(store)
            #expect(stored0 == 0)
        }
    }

    @Test("a roster that shifts once (an id on two pages) is pulled again, and then stored whole")
    func shiftsOnce() async throws {
        let pages: @Sendable (Int, Int) -> String = { number, asked in
            switch (number, asked) {
            case (1, _): Self.page([1, 2, 3], number: 1, perPage: 3, total: 5)
            case (2, 2): Self.page([3, 4, 5], number: 2, perPage: 3, total: 5)  // a create moved hero 3
            default: Self.page([4, 5], number: 2, perPage: 3, total: 5)
            }
        }
        try await Self.withRepository(pageFor: pages) { repository, store, asked in
            let changes = try await repository.sync()
            #expect(changes.inserted.map(\.rawValue) == ["0001", "0002", "0003", "0004", "0005"])
            #expect(asked.withLock { $0 } == 4)
            let stored5 = try await Self.count(store)
            #expect(stored5 == 5)
        }
    }

    @Test("a roster that keeps shifting ends in 'try again' and leaves the cache as the last sync left it")
    func keepsShifting() async throws {
        let shifting = Locked(false)
        let pages: @Sendable (Int, Int) -> String = { number, _ in
            guard shifting.withLock({ $0 }) else {
                return number == 1
                    ? Self.page([1, 2, 3], number: 1, perPage: 3, total: 4)
                    : Self.page([4], number: 2, perPage: 3, total: 4)
            }
            return number == 1
                ? Self.page([1, 2, 3], number: 1, perPage: 3, total: 4)
                : Self.page([3, 6], number: 2, perPage: 3, total: 4)
        }
        try await Self.withRepository(pageFor: pages) { repository, store, asked in
            _ = try await repository.sync()
            let stored4 = try await Self.count(store)
            #expect(stored4 == 4)
            shifting.withLock { $0 = true }
            let before = asked.withLock { $0 }
            await #expect(throws: DomainError.conflict("the roster changed during the sync; try again")) {
                try await repository.sync()
            }
            #expect(asked.withLock { $0 } - before == 6)
            let ids = try await store.read { reader in try reader.heroIDs(in: 0..<10) }
            #expect(ids == ["0001", "0002", "0003", "0004"])
        }
    }

    @Test("a short page is the last one: one request")
    func shortPageEnds() async throws {
        let pages: @Sendable (Int, Int) -> String = { number, _ in
            Self.page([1, 2], number: number, perPage: 3, total: 2)
        }
        try await Self.withRepository(pageFor: pages) { repository, store, asked in
            _ = try await repository.sync()
            #expect(asked.withLock { $0 } == 1)
            let stored2 = try await Self.count(store)
            #expect(stored2 == 2)
        }
    }
}
