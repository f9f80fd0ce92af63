import Foundation
import MockServerKit
import Network
import Testing

@Suite("Transports against the mock server: statuses and auth")
struct StatusAndAuthTests {
    static let editor = BasicAuthentication(username: "ed", password: "ed-secret-1")

    @Test("2xx: a 200 decodes, a 201 decodes, a 204 has no content", arguments: TransportKind.available)
    func successes(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind, authentication: Self.editor) { _, service in
            #expect(try await service.call(TestAPI.health).content == TestAPI.Health(status: "ok"))
            let created = try await service.call(
                TestAPI.createHero, TestAPI.HeroInput(codeName: "Test Wren", powers: ["Tests"]))
            #expect(created.status == 201)
            let hero = try #require(created.content)
            #expect(hero.codeName == "Test Wren")
            let deleted = try await service.call(TestAPI.deleteHero, hero.id)
            #expect(deleted.status == 204)
            #expect(deleted.outcome == .noContent)
        }
    }

    @Test("a query built from the grammar reaches the server intact", arguments: TransportKind.available)
    func queryEncoding(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { server, service in
            let none: String? = nil
            let page = try #require(try await service.call(TestAPI.heroes, 2, 5, none).content)
            #expect(page.page == 2 && page.perPage == 5 && page.items.count == 5)
            let found = try #require(try await service.call(TestAPI.heroes, 1, 20, "Night vision").content)
            #expect(!found.items.isEmpty)
            let last = try #require(server.requests().last)
            #expect(last.path == "/v1/heroes")
            #expect(last.query == "page=1&per_page=20&q=Night%20vision")
        }
    }

    @Test(
        "304: the ETag sent back as If-None-Match comes back as not modified",
        arguments: TransportKind.available)
    func notModified(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { _, service in
            let first = try await service.call(TestAPI.hero, "0001")
            let tag = try #require(first.entityTag)
            let second = try await service.call(TestAPI.hero, "0001", ifNoneMatch: tag)
            #expect(second.isNotModified)
            #expect(second.status == 304)
            let stale = try await service.call(TestAPI.hero, "0001", ifNoneMatch: "\"0001-0\"")
            #expect(stale.content?.id == "0001")
        }
    }

    @Test(
        "4xx: a missing hero is an unacceptable status carrying the error body",
        arguments: TransportKind.available)
    func clientError(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind) { _, service in
            await #expect {
                try await service.call(TestAPI.hero, "no-such-hero")
            } throws: { error in
                guard case NetworkError.unacceptableStatus(404, let headers, let excerpt) = error else {
                    return false
                }
                return excerpt.contains("not_found")
                    && headers["Content-Type"]?.hasPrefix("application/json") == true
            }
        }
    }

    @Test(
        "5xx: an injected 500 is an error, never content", arguments: TransportKind.available,
        [500, 502, 503, 504])
    func serverError(kind: TransportKind, status: Int) async throws {
        try await NetworkIT.withServer(on: kind) { server, service in
            try server.addFault(FaultRule(method: "GET", path: "/v1/heroes/0001", fault: "status:\(status)"))
            await #expect {
                try await service.call(TestAPI.hero, "0001")
            } throws: { error in
                guard case NetworkError.unacceptableStatus(let code, _, _) = error else { return false }
                return code == status
            }
        }
    }

    @Test("Basic auth accepted: an editor may delete", arguments: TransportKind.available)
    func basicAccepted(kind: TransportKind) async throws {
        try await NetworkIT.withServer(on: kind, authentication: Self.editor) { server, service in
            let reply = try await service.call(TestAPI.deleteHero, "0002")
            #expect(reply.status == 204)
            // The journal keeps the user name and redacts the password.
            #expect(server.requests().last?.value("Authorization") == "Basic ed:<redacted>")
        }
    }

    @Test(
        "Basic auth wrong or missing is unauthorized with the realm; a viewer is forbidden",
        arguments: TransportKind.available,
        [
            ("wrong", NetworkError.unauthorized(realm: "heroes")),
            ("missing", NetworkError.unauthorized(realm: "heroes")),
            ("viewer", NetworkError.forbidden),
        ]
    )
    func basicRefused(kind: TransportKind, refusal: (who: String, expected: NetworkError)) async throws {
        let (who, expected) = refusal
        let provider: (any AuthenticationProvider)? =
            switch who {
            case "wrong": BasicAuthentication(username: "ed", password: "not-it")
            case "viewer": BasicAuthentication(username: "vi", password: "vi-secret-1")
            default: nil
            }
        try await NetworkIT.withServer(on: kind, authentication: provider) { _, service in
            await #expect(throws: expected) { try await service.call(TestAPI.deleteHero, "0002") }
        }
    }
}
