import Data
import Domain
import Foundation
import Network
import TestSupport
import Testing

/// The repository's edges over a scripted server: pending changes that never reach the server,
/// a 304 nobody asked for, and a sync whose merged push is refused again.
@Suite("OfflineFirstHeroRepository: pending changes and contract breaches")
struct PendingChangeEdgeTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pending-\(UUID().uuidString)")
    static let offline = StubResponse.failure(.transport(code: -1009, message: "offline"))
    /// The teams a sync reads after the pages.
    static let teams = #"{"items": [{"id": "night-owls", "name": "Night Owls"}]}"#

    func repository(_ transport: StubTransport) throws -> OfflineFirstHeroRepository {
        try scriptedRepository(transport, storingIn: folder) { problem in
            Issue.record("unexpected storage problem: \(problem)")
        }
    }

    static func hero(
        _ id: String = "0007", codeName: String = "Night Owl", powers: [String] = ["Gliding"],
        version: Int = 3
    ) -> String {
        let list = powers.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"id": "\(id)", "code_name": "\(codeName)", "encrypted_real_name": null, "powers": [\(list)],
             "picture_url": null, "team": null, "updated_at": "2026-11-30T12:0\(version):00Z", "version": \(version)}
            """
    }

    static func page(_ heroes: String...) -> String {
        #"{"items": [\#(heroes.joined(separator: ", "))], "page": 1, "per_page": 100, "total": \#(heroes.count)}"#
    }

    /// A repository that has read hero 0007 (version 3) and then, offline, renamed it "Owl Offline".
    func renamedOffline(_ transport: StubTransport) async throws -> OfflineFirstHeroRepository {
        transport.on("GET /v1/heroes/0007", .json(200, Self.hero(), headers: ["ETag": "\"0007-3\""]))
        transport.on("PUT /v1/heroes/0007", Self.offline)
        let repository = try repository(transport)
        let owl = try await repository.hero(try Hero.ID("0007")).value
        let edited = try await repository.replace(
            owl.id, with: try HeroDraft(codeName: "Owl Offline", powers: owl.powers),
            expectedVersion: owl.version)
        #expect(edited.isPending)
        return repository
    }

    @Test("deleting a hero created offline forgets it and its changes without asking the server")
    func deletingALocalHero() async throws {
        let transport = StubTransport()
        transport.on("POST /v1/heroes", Self.offline)
        let repository = try repository(transport)
        let created = try await repository.create(try HeroDraft(codeName: "Offline Wren"))
        #expect(created.isPending)
        #expect(try await repository.delete(created.id, expectedVersion: nil) == .confirmed)
        await #expect(throws: DomainError.notFound("hero \(created.id)")) {
            try await repository.hero(created.id)
        }
        await #expect(
            throws: DomainError.notFound("hero \(created.id)"), "a second delete has nothing to forget"
        ) {
            try await repository.delete(created.id, expectedVersion: nil)
        }
        #expect(transport.calls.map(\.method) == ["POST"], "only the create was tried")
    }

    @Test("a delete of a hero with pending changes queues behind them, and the hero reads as deleted")
    func deleteQueuesBehindPendingChanges() async throws {
        let transport = StubTransport()
        let repository = try await renamedOffline(transport)
        #expect(try await repository.delete(try Hero.ID("0007"), expectedVersion: 3) == .pending)
        #expect(!transport.calls.contains { $0.method == "DELETE" }, "the delete waits for the sync")
        transport.on("GET /v1/heroes/0007", .status(304))
        await #expect(throws: DomainError.notFound("hero 0007 (deleted, not yet synced)")) {
            try await repository.hero(try Hero.ID("0007"))
        }
    }

    @Test(
        "an edit the server answers 404 stays pending when the sync then fails; the next sync drops it and says so"
    )
    func dropWaitsForACompleteSync() async throws {
        let transport = StubTransport()
        let repository = try await renamedOffline(transport)
        transport.on("PUT /v1/heroes/0007", .status(404), .status(404))
        transport.on("GET /v1/heroes", Self.offline)
        await #expect(throws: DomainError.self) { try await repository.sync { _ in } }
        transport.on("GET /v1/heroes/0007", Self.offline)
        #expect(
            try await repository.hero(try Hero.ID("0007")).value.isPending,
            "the edit is still pending after a sync that failed part-way")
        transport.on("GET /v1/heroes", .json(200, Self.page()))
        transport.on("GET /v1/teams", .json(200, Self.teams))
        let changes = try await repository.sync { _ in }
        #expect(changes.dropped == [try Hero.ID("0007")], "\(changes)")
        transport.on("GET /v1/heroes/0007", .status(404))
        await #expect(throws: DomainError.notFound("hero 0007")) {
            try await repository.hero(try Hero.ID("0007"))
        }
    }

    @Test("a 304 to a read that sent no entity tag is bad data, not an empty answer")
    func notModifiedWithoutAsking() async throws {
        let transport = StubTransport()
        transport.on("GET /v1/heroes/0007", .status(304))
        let repository = try repository(transport)
        await #expect(throws: DomainError.badData("the server answered 304 to an unconditional read")) {
            try await repository.hero(try Hero.ID("0007"))
        }
        #expect(transport.calls.first?.headers["If-None-Match"] == nil)
    }

    @Test("sync refuses a 304 to a page it asked for unconditionally, and keeps the store")
    func syncPageNotModified() async throws {
        let transport = StubTransport()
        transport.on("GET /v1/heroes/0007", .json(200, Self.hero()))
        let repository = try repository(transport)
        let owl = try await repository.hero(try Hero.ID("0007"))
        transport.on("GET /v1/heroes", .status(304))
        await #expect(
            throws: DomainError.badData("the server answered a sync page with 304 without being asked")
        ) {
            try await repository.sync { _ in }
        }
        transport.on("GET /v1/heroes/0007", Self.offline)
        #expect(try await repository.hero(owl.value.id) == Cached(owl.value, isStale: true))
    }

    @Test("a pushed edit that meets 412, then 409 on the merged push, stays pending as a request conflict")
    func mergedPushConflicts() async throws {
        let transport = StubTransport()
        let repository = try await renamedOffline(transport)
        let current = Self.hero(powers: ["Gliding", "Sonar"], version: 4)
        transport.on(
            "PUT /v1/heroes/0007", .status(412),
            .json(409, #"{"error": {"code": "conflict", "message": "code_name is taken"}}"#))
        transport.on("GET /v1/heroes/0007", .json(200, current, headers: ["ETag": "\"0007-4\""]))
        transport.on("GET /v1/heroes", .json(200, Self.page(current)))
        transport.on("GET /v1/teams", .json(200, Self.teams))
        let changes = try await repository.sync { _ in }
        #expect(changes.pushed.isEmpty)
        #expect(
            changes.conflicts.contains(
                SyncConflict(
                    id: try Hero.ID("0007"), field: .request, local: "Owl Offline",
                    incoming: "code_name is taken",
                    outcome: .stillPending)),
            "\(changes.conflicts)")
        let puts = transport.calls.filter { $0.method == "PUT" }
        #expect(puts.count == 3, "the offline try, the push, and the merged push once")
        #expect(puts.last?.headers["If-Match"] != nil)
        transport.on("GET /v1/heroes/0007", Self.offline)
        let shown = try await repository.hero(try Hero.ID("0007")).value
        #expect(shown.isPending && shown.codeName == "Owl Offline", "the edit is still pending")
    }

    @Test("a merged push refused with 412 again keeps the edit pending, naming the field both sides changed")
    func mergedPushPreconditionFailsAgain() async throws {
        let transport = StubTransport()
        let repository = try await renamedOffline(transport)
        let current = Self.hero(codeName: "Strix", version: 4)
        transport.on("PUT /v1/heroes/0007", .status(412), .status(412))
        transport.on("GET /v1/heroes/0007", .json(200, current))
        transport.on("GET /v1/heroes", .json(200, Self.page(current)))
        transport.on("GET /v1/teams", .json(200, Self.teams))
        let changes = try await repository.sync { _ in }
        #expect(changes.pushed.isEmpty)
        let conflict = try #require(changes.conflicts.first { $0.field == .codeName }, "\(changes.conflicts)")
        #expect(conflict.local == "Owl Offline" && conflict.incoming == "Strix")
        #expect(conflict.outcome == .stillPending)
        #expect(changes.conflicts.filter { $0.field == .codeName }.count == 1, "the pull does not repeat it")
        #expect(transport.unusedRoutes.isEmpty)
    }

    @Test(
        "a 304 to the unconditional read after a 412 fails the sync as bad data, and the edit stays pending")
    func mergeReadNotModified() async throws {
        let transport = StubTransport()
        let repository = try await renamedOffline(transport)
        transport.on("PUT /v1/heroes/0007", .status(412))
        transport.on("GET /v1/heroes/0007", .status(304))
        await #expect(throws: DomainError.badData("the server answered 304 to an unconditional read")) {
            try await repository.sync { _ in }
        }
        #expect(!transport.calls.contains { $0.method == "GET" && $0.url.contains("page=") }, "no pull")
        transport.on("GET /v1/heroes/0007", Self.offline)
        #expect(try await repository.hero(try Hero.ID("0007")).value.codeName == "Owl Offline")
    }
}
