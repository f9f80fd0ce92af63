import Data
import Domain
import Foundation
import Network
import TestSupport
import Testing

/// The repository over a scripted transport: what it keeps of each answer.
@Suite("OfflineFirstHeroRepository over a scripted server")
struct OfflineFirstHeroRepositoryTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repo-\(UUID().uuidString)")

    func repository(_ transport: StubTransport) throws -> OfflineFirstHeroRepository {
        try scriptedRepository(transport, storingIn: folder)
    }

    static func hero(_ id: String, codeName: String = "Night Owl") -> String {
        """
        {"id": "\(id)", "code_name": "\(codeName)", "encrypted_real_name": null, "powers": ["Gliding"],
         "picture_url": null, "team": null, "updated_at": "2026-11-30T12:00:00Z", "version": 3}
        """
    }

    @Test("a bad record in a page is skipped and the rest of the page is kept and stored")
    func badRecordDoesNotFailThePage() async throws {
        let transport = StubTransport()
        let body = """
            {"items": [\(Self.hero("0001")), \(Self.hero("0002", codeName: "")), \(Self.hero("0003"))],
             "page": 1, "per_page": 20, "total": 3}
            """
        transport.on(
            "GET /v1/heroes", .json(200, body, headers: ["ETag": "\"page-1\""]),
            .failure(.transport(code: -1009, message: "offline")))
        let repository = try repository(transport)
        let page = try await repository.heroes(matching: HeroQuery())
        #expect(page.value.items.map(\.id.rawValue) == ["0001", "0003"])
        #expect(page.value.total == 3)
        let offline = try await repository.heroes(matching: HeroQuery())
        #expect(offline.isStale)
        #expect(offline.value == page.value, "the kept records were stored")
        #expect(transport.calls.last?.headers["If-None-Match"] == "\"page-1\"")
    }

    @Test("a hero's ETag is kept as the server sent it and sent back to revalidate")
    func keepsTheServersEntityTag() async throws {
        let transport = StubTransport()
        transport.on(
            "GET /v1/heroes/0007", .json(200, Self.hero("0007"), headers: ["ETag": "W/\"opaque-tag\""]))
        transport.on("GET /v1/heroes/0007", .status(304))
        let repository = try repository(transport)
        let first = try await repository.hero(try Hero.ID("0007"))
        let second = try await repository.hero(try Hero.ID("0007"))
        #expect(second == first)
        #expect(transport.calls.last?.headers["If-None-Match"] == "W/\"opaque-tag\"")
    }

    @Test("a single hero that breaks a rule is bad data naming the hero and the reason")
    func badSingleHero() async throws {
        let transport = StubTransport()
        transport.on("GET /v1/heroes/0007", .json(200, Self.hero("0007", codeName: "")))
        let repository = try repository(transport)
        await #expect(throws: DomainError.badData("hero 0007: code_name must not be empty")) {
            try await repository.hero(try Hero.ID("0007"))
        }
    }

    @Test("a read answered with no content is bad data, not a 304", arguments: [204, 200])
    func emptyReadIsBadData(status: Int) async throws {
        let transport = StubTransport()
        transport.on("GET /v1/heroes/0007", .status(status))
        let repository = try repository(transport)
        await #expect(throws: DomainError.badData("the hero came back with status \(status) and no body")) {
            try await repository.hero(try Hero.ID("0007"))
        }
    }
}
