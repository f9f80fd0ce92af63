import Data
import Domain
import Foundation
import MockServerKit
import Network
import TestSupport
import Testing

/// The Data layer's remote source, through the real `URLSessionTransport`, against the mock
/// server on loopback: the hero service plist, the DTOs and the error mapping, end to end.
@Suite("RemoteHeroDataSource against the mock server")
struct RemoteHeroDataSourceTests {
    // SyncHarness (Tests/IntegrationTests/Sync) still names these two here; they go once it
    // names `IntegrationServer`.
    static let editor = IntegrationServer.editor
    static let transport = IntegrationServer.transport

    /// The content and entity tag of a reply that must have content.
    static func fresh<Value>(_ reply: Revalidated<Value>, sourceLocation: SourceLocation = #_sourceLocation)
        throws
        -> (Value, String?)
    {
        let value = try #require(
            reply.content, "expected content, got \(reply)", sourceLocation: sourceLocation)
        return (value, reply.entityTag)
    }

    @Test("the first page comes back ordered by code name, and revalidates to not modified")
    func firstPage() async throws {
        try await IntegrationServer.withSource { _, source in
            let (page, tag) = try Self.fresh(try await source.heroes(matching: HeroQuery()))
            #expect(page.items.count == 20)
            #expect(page.total >= 40)
            let names = page.items.map { $0.codeName.lowercased() }
            #expect(names == names.sorted())
            let again = try await source.heroes(matching: HeroQuery(), ifNoneMatch: tag)
            #expect(again.isNotModified)
        }
    }

    @Test("search and the team filter narrow the roster")
    func searchAndTeam() async throws {
        try await IntegrationServer.withSource { _, source in
            let (teams, _) = try Self.fresh(try await source.teams())
            #expect(teams.count >= 5)
            let team = try #require(teams.first)
            let (members, _) = try Self.fresh(
                try await source.heroes(matching: HeroQuery(perPage: 100, teamID: team.id)))
            #expect(!members.items.isEmpty)
            #expect(members.items.allSatisfy { $0.team?.id == team.id })

            let probe = try #require(members.items.first)
            let text = String(probe.codeName.dropFirst().prefix(4)).uppercased()
            let (found, _) = try Self.fresh(try await source.heroes(matching: HeroQuery(text: text)))
            #expect(found.items.contains { $0.id == probe.id })
        }
    }

    @Test("one hero maps whole; a missing one is not found")
    func oneHero() async throws {
        try await IntegrationServer.withSource { _, source in
            let (hero, tag) = try Self.fresh(try await source.hero(try Hero.ID("0001")))
            #expect(tag == "\"0001-\(hero.version)\"")
            #expect(try await source.hero(hero.id, ifNoneMatch: tag).isNotModified)
            await #expect(throws: DomainError.notFound("hero nobody")) {
                try await source.hero(try Hero.ID("nobody"))
            }
        }
    }

    @Test("create, replace with the version read, and delete, as an editor")
    func writeCycle() async throws {
        try await IntegrationServer.withSource { _, source in
            let (created, _) = try await source.create(
                try HeroDraft(
                    codeName: "Probe Lantern", powers: ["Glow"], sealedRealName: SealedSecret(base64: "c2Vh"))
            )
            #expect(created.version == 1)
            #expect(created.sealedRealName == SealedSecret(base64: "c2Vh"))

            let (replaced, _) = try await source.replace(
                created.id, with: try HeroDraft(codeName: "Probe Lantern", powers: ["Glow", "Beam"]),
                expectedVersion: 1)
            #expect(replaced.version == 2)
            #expect(replaced.powers == ["Glow", "Beam"])
            #expect(replaced.sealedRealName == nil)

            await #expect(throws: DomainError.preconditionFailed) {
                try await source.replace(
                    created.id, with: try HeroDraft(codeName: "Late"), expectedVersion: 1)
            }
            await #expect(throws: DomainError.preconditionFailed) {
                try await source.delete(created.id, expectedVersion: 1)
            }
            try await source.delete(created.id, expectedVersion: 2)
            await #expect(throws: DomainError.notFound("hero \(created.id)")) {
                try await source.hero(created.id)
            }
        }
    }

    @Test("a code name taken in another case is a conflict")
    func duplicateCodeName() async throws {
        try await IntegrationServer.withSource { _, source in
            let (existing, _) = try Self.fresh(try await source.hero(try Hero.ID("0001")))
            await #expect {
                try await source.create(try HeroDraft(codeName: existing.codeName.uppercased()))
            } throws: { error in
                guard case DomainError.conflict(let message) = error else { return false }
                return !message.isEmpty
            }
        }
    }

    @Test("writing without credentials is unauthorized with the realm; a viewer is forbidden")
    func authorization() async throws {
        try await IntegrationServer.withSource(as: nil) { _, source in
            await #expect(throws: DomainError.unauthorized(realm: "heroes")) {
                try await source.create(try HeroDraft(codeName: "No Badge"))
            }
        }
        try await IntegrationServer.withSource(as: IntegrationServer.viewer) { _, source in
            await #expect(throws: DomainError.forbidden) {
                try await source.delete(try Hero.ID("0001"), expectedVersion: nil)
            }
        }
    }

    @Test("a 503 is unavailable and malformed JSON is bad data, never a crash")
    func faults() async throws {
        try await IntegrationServer.withSource { server, source in
            try server.addFault(
                FaultRule(method: "GET", path: "/v1/heroes/0001", fault: "status:503", times: 1))
            await #expect {
                try await source.hero(try Hero.ID("0001"))
            } throws: { error in
                guard case DomainError.unavailable(let message) = error else { return false }
                return message.contains("503")
            }
            try server.addFault(
                FaultRule(method: "GET", path: "/v1/teams", fault: "malformed-json", times: 1))
            await #expect {
                try await source.teams()
            } throws: { error in
                guard case DomainError.badData = error else { return false }
                return true
            }
        }
    }

    @Test("a server that cannot be reached is unavailable")
    func unreachable() async throws {
        let reserved = try ReservedPort()
        let baseURL = try #require(reserved.url)
        let service = WebService(
            baseURL: baseURL, catalog: try HeroAPI.catalog(), transport: IntegrationServer.transport,
            retryPolicy: .never, deadline: IntegrationServer.deadline)
        await #expect {
            try await RemoteHeroDataSource(service: service).teams()
        } throws: { error in
            guard case DomainError.unavailable = error else { return false }
            return true
        }
        _ = reserved
    }
}
