import Data
import Domain
import Foundation
import MockServerKit
import Network
import TestSupport
import Testing

/// A conditional write (`If-Match`) whose answer is lost after the server committed it must not
/// be retried into a 412: the user would be told a write failed that succeeded.
@Suite("Conditional writes whose answer is lost")
struct ConditionalWriteTests {
    static func withSource(
        _ body: (MockServer, RemoteHeroDataSource, RecordingSleeper) async throws -> Void
    ) async throws {
        let editor = IntegrationServer.editor
        let server = MockServer(configuration: MockServerConfiguration(users: [editor]))
        try await server.start()
        let sleeper = RecordingSleeper()
        let service = WebService(
            baseURL: server.baseURL, catalog: try HeroAPI.catalog(),
            transport: IntegrationServer.transport,
            authentication: BasicAuthentication(username: editor.name, password: editor.password),
            retryPolicy: RetryPolicy(attempts: 3, sleeper: sleeper), deadline: IntegrationServer.deadline)
        do {
            try await body(server, RemoteHeroDataSource(service: service), sleeper)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("a replace with If-Match committed before its answer was cut is not retried into a 412")
    func replaceAfterCommit() async throws {
        try await Self.withSource { server, source, sleeper in
            let id = try Hero.ID("0001")
            let before = try #require(try await source.hero(id).content)
            try server.addFault(FaultRule(method: "PUT", path: "/v1/heroes/0001", fault: "truncate-body:0"))
            await #expect {
                try await source.replace(
                    id, with: try HeroDraft(codeName: before.codeName, powers: ["Retried"]),
                    expectedVersion: before.version)
            } throws: { error in
                guard case DomainError.badData = error else { return false }
                return true
            }
            #expect(server.requests().filter { $0.method == "PUT" }.count == 1)
            #expect(sleeper.recorded.isEmpty)
            let after = try #require(try await source.hero(id).content)
            #expect(after.version == before.version + 1)
            #expect(after.powers == ["Retried"])
        }
    }
}
