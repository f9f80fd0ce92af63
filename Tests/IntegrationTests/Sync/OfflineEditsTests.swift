import Domain
import Foundation
import TestSupport
import Testing

@testable import Data

/// Writes made while the server cannot be reached, and the sync that pushes them.
@Suite("Offline edits: pending changes and their push")
struct OfflineEditsTests {
    @Test(
        "offline writes become pending changes in order, and reads show them at once, marked pending",
        arguments: SyncHarness.Store.allCases)
    func offlineWritesArePending(store: SyncHarness.Store) async throws {
        try await SyncHarness.with(store: store) { harness in
            let repository = harness.repository
            let owl = try await repository.hero(try Hero.ID("0001")).value
            _ = try await repository.hero(try Hero.ID("0002"))
            let firstPage = try await repository.heroes(matching: HeroQuery())
            harness.transport.isOffline = true

            let created = try await repository.create(
                try HeroDraft(codeName: "Offline Wren", powers: ["Song"]))
            #expect(created.isPending)
            #expect(created.id.rawValue.hasPrefix("local."))
            let edited = try await repository.replace(
                owl.id,
                with: try HeroDraft(codeName: "Owl Offline", powers: owl.powers, teamID: owl.team?.id),
                expectedVersion: owl.version)
            #expect(edited.isPending && edited.codeName == "Owl Offline" && edited.version == owl.version)
            #expect(try await repository.delete(try Hero.ID("0002"), expectedVersion: nil) == .pending)

            let pending = try await harness.pending()
            #expect(pending.map(\.kind) == [.create, .replace, .delete])
            #expect(pending.map(\.id) == [created.id.rawValue, "0001", "0002"])
            #expect(pending[1].expectedVersion == owl.version)

            let shown = try await repository.hero(owl.id)
            #expect(shown.isStale && shown.value.isPending && shown.value.codeName == "Owl Offline")
            #expect(try await repository.hero(created.id).value == created)
            let error = await #expect(throws: DomainError.self) {
                try await repository.hero(try Hero.ID("0002"))
            }
            #expect(error?.caseName == "notFound", "\(String(describing: error))")
            let page = try await repository.heroes(matching: HeroQuery()).value
            #expect(page.items.first == created)
            #expect(page.items.contains(shown.value))
            #expect(!page.items.contains { $0.id.rawValue == "0002" })
            #expect(page.total == firstPage.value.total + 1)
            #expect(harness.writes().isEmpty, "nothing was sent")
        }
    }

    @Test(
        "sync pushes oldest first with If-Match, a local id becomes the server's, and nothing stays pending",
        arguments: SyncHarness.Store.allCases)
    func syncPushesInOrder(store: SyncHarness.Store) async throws {
        try await SyncHarness.with(store: store) { harness in
            let repository = harness.repository
            let owl = try await repository.hero(try Hero.ID("0001")).value
            harness.transport.isOffline = true
            let created = try await repository.create(try HeroDraft(codeName: "Offline Wren"))
            _ = try await repository.replace(
                created.id, with: try HeroDraft(codeName: "Offline Wren II"), expectedVersion: created.version
            )
            _ = try await repository.replace(
                owl.id,
                with: try HeroDraft(codeName: "Owl Offline", powers: owl.powers, teamID: owl.team?.id),
                expectedVersion: owl.version)
            try await repository.delete(try Hero.ID("0002"), expectedVersion: nil)
            harness.transport.isOffline = false

            let changes = try await repository.sync()
            let writes = harness.server.requests().filter { $0.method != "GET" }
            let serverID = try #require(changes.pushed.first)
            #expect(
                writes.map { "\($0.method) \($0.path) \($0.status)" } == [
                    "POST /v1/heroes 201", "PUT /v1/heroes/\(serverID) 200", "PUT /v1/heroes/0001 200",
                    "DELETE /v1/heroes/0002 204",
                ])
            #expect(writes[1].value("If-Match") == "\"\(serverID)-1\"")
            #expect(writes[2].value("If-Match") == "\"0001-\(owl.version)\"")
            #expect(changes.pushed == [serverID, serverID, owl.id, try Hero.ID("0002")])
            #expect(changes.conflicts.isEmpty && changes.dropped.isEmpty && changes.rejected.isEmpty)
            #expect(try await harness.pending().isEmpty)
            #expect(try await harness.serverHero(serverID.rawValue).codeName == "Offline Wren II")
            let synced = try await repository.hero(owl.id).value
            #expect(
                synced.codeName == "Owl Offline" && !synced.isPending && synced.version == owl.version + 1)
            let error = await #expect(throws: DomainError.self) { try await harness.serverHero("0002") }
            #expect(error?.caseName == "notFound", "\(String(describing: error))")
        }
    }

    @Test(
        "a 412 merges per attribute and pushes once: the local edit wins and is a conflict, the server's other change stays",
        arguments: SyncHarness.Store.allCases)
    func preconditionFailedMerges(store: SyncHarness.Store) async throws {
        try await SyncHarness.with(store: store) { harness in
            let repository = harness.repository
            let hero = try await repository.hero(try Hero.ID("0003")).value
            harness.transport.isOffline = true
            _ = try await repository.replace(
                hero.id,
                with: try HeroDraft(
                    codeName: "Local Name", powers: hero.powers, teamID: hero.team?.id,
                    sealedRealName: hero.sealedRealName),
                expectedVersion: hero.version)
            _ = try await harness.other.replace(
                hero.id,
                with: try HeroDraft(
                    codeName: "Server Name", powers: ["Server power"], teamID: hero.team?.id,
                    sealedRealName: hero.sealedRealName),
                expectedVersion: hero.version)
            harness.transport.isOffline = false

            let changes = try await repository.sync()
            #expect(
                changes.conflicts == [
                    SyncConflict(
                        id: hero.id, field: .codeName, local: "Local Name", incoming: "Server Name",
                        outcome: .localKept)
                ])
            #expect(changes.pushed == [hero.id])
            #expect(
                harness.writes().filter { $0.hasPrefix("PUT") } == [
                    "PUT /v1/heroes/0003 200",  // the other client
                    "PUT /v1/heroes/0003 412", "PUT /v1/heroes/0003 200",
                ])
            let merged = try await harness.serverHero("0003")
            #expect(merged.codeName == "Local Name")
            #expect(merged.powers == ["Server power"])
            #expect(merged.version == hero.version + 2)
            #expect(try await harness.pending().isEmpty)
        }
    }

    @Test(
        "a 404 on a pending update or delete drops that change and reports it",
        arguments: SyncHarness.Store.allCases)
    func notFoundDrops(store: SyncHarness.Store) async throws {
        try await SyncHarness.with(store: store) { harness in
            let repository = harness.repository
            let hero = try await repository.hero(try Hero.ID("0004")).value
            _ = try await repository.hero(try Hero.ID("0005"))
            harness.transport.isOffline = true
            _ = try await repository.replace(
                hero.id, with: try HeroDraft(codeName: "Gone Soon"), expectedVersion: hero.version)
            _ = try await repository.replace(
                hero.id, with: try HeroDraft(codeName: "Gone Sooner"), expectedVersion: hero.version)
            try await repository.delete(try Hero.ID("0005"), expectedVersion: nil)
            try await harness.other.delete(hero.id, expectedVersion: nil)
            try await harness.other.delete(try Hero.ID("0005"), expectedVersion: nil)
            harness.transport.isOffline = false

            let changes = try await repository.sync()
            #expect(changes.dropped == [hero.id, try Hero.ID("0005")], "each hero once")
            #expect(changes.pushed.isEmpty)
            #expect(
                harness.writes() == [
                    "DELETE /v1/heroes/0004 204", "DELETE /v1/heroes/0005 204", "PUT /v1/heroes/0004 404",
                    "DELETE /v1/heroes/0005 404",
                ])
            #expect(try await harness.pending().isEmpty)
            await #expect(throws: DomainError.notFound("hero 0004")) { try await repository.hero(hero.id) }
        }
    }

    @Test(
        "a pending delete of a hero changed on the server is not merged: it stays pending and is a conflict",
        arguments: SyncHarness.Store.allCases)
    func deleteOfChangedHeroStaysPending(store: SyncHarness.Store) async throws {
        try await SyncHarness.with(store: store) { harness in
            let repository = harness.repository
            let hero = try await repository.hero(try Hero.ID("0008")).value
            harness.transport.isOffline = true
            try await repository.delete(hero.id, expectedVersion: hero.version)
            _ = try await harness.other.replace(
                hero.id, with: try HeroDraft(codeName: "Still Here"), expectedVersion: nil)
            harness.transport.isOffline = false

            let changes = try await repository.sync()
            #expect(changes.conflicts.map(\.id) == [hero.id])
            #expect(changes.conflicts.first?.outcome == .stillPending)
            #expect(changes.updated == [hero.id])
            #expect(try await harness.pending().map(\.kind) == [.delete])
            #expect(try await harness.serverHero("0008").codeName == "Still Here")
        }
    }
}
