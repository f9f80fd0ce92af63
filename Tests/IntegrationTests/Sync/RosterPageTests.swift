import Domain
import Foundation
import TestSupport
import Testing

@testable import Data

@Suite("Offline pages made from the roster a sync stored")
struct RosterPageTests {
    /// Queries no `list` asked for before going offline: other pages and sizes, searches in any
    /// case (code names and powers), team filters, and a page past the end.
    static let queries: [(page: Int, perPage: Int, text: String?, team: String?)] = [
        (1, 20, nil, nil), (2, 5, nil, nil), (9, 5, nil, nil), (20, 5, nil, nil), (1, 100, "wind", nil),
        (1, 3, "FLIGHT", nil), (2, 3, "flight", nil), (1, 20, nil, "north-wind"), (2, 2, nil, "dawn-guard"),
        (1, 20, "a", "paper-moths"), (1, 20, "no hero has this", nil),
    ]

    @Test("after a sync, any page offline is the server's page, marked stale; before one, none is")
    func sameAsServer() async throws {
        try await SyncHarness.with { harness in
            harness.transport.isOffline = true
            let unsynced = try HeroQuery(page: 2, perPage: 5)
            let error = await #expect(throws: DomainError.self) {
                try await harness.repository.heroes(matching: unsynced)
            }
            #expect(error?.caseName == "unavailable", "\(String(describing: error))")

            harness.transport.isOffline = false
            _ = try await harness.repository.sync()
            harness.transport.isOffline = true
            for (page, perPage, text, team) in Self.queries {
                let query = try HeroQuery(
                    page: page, perPage: perPage, text: text, teamID: team.map { Team.ID($0) })
                let server = try #require(try await harness.other.heroes(matching: query).content)
                let offline = try await harness.repository.heroes(matching: query)
                #expect(offline.isStale)
                #expect(offline.value.items.map(\.id) == server.items.map(\.id), "\(query)")
                #expect(offline.value.total == server.total, "\(query)")
                #expect(offline.value.page == server.page && offline.value.perPage == server.perPage)
            }
        }
    }

    @Test("a store no sync has filled does not hold the roster, so it makes no page of it")
    func noSyncNoRoster() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "roster-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try JSONFileHeroStore.open(at: folder)
        try await store.write {
            try $0.setHero("0001", to: StoredHero(try Hero.sample(id: "0001"), entityTag: nil))
        }
        let query = try HeroQuery()
        #expect(try await store.read { try $0.holdsRoster() } == false)
        #expect(
            try await store.read { try $0.rosterPage(for: query, pending: PendingQueue(), teams: []) } == nil)
    }
}
