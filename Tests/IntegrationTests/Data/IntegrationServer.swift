import Data
import Foundation
import MockServerKit
import Network
import TestSupport
import Testing

/// What the Data layer's integration suites share, so that none reaches into another's statics:
/// the mock server's two users, one real transport (the app's default), and a remote source over
/// a fresh server.
enum IntegrationServer {
    static let editor = MockUser(name: "ed", password: "ed-secret-1", role: .editor)
    static let viewer = MockUser(name: "vi", password: "vi-secret-1", role: .viewer)
    static let transport = TransportKind.appDefault.transport
    /// Every service's deadline here: the default 25 s is too short for a suite that starts all
    /// at once under ThreadSanitizer, so it is stretched like any other wall-clock budget.
    static let deadline = TestTime.budget(.seconds(20))

    /// Runs `body` with a remote source signed in as `user` (anonymous with `nil`) to a mock
    /// server that knows both users, and stops the server afterwards, whatever `body` does.
    static func withSource(
        as user: MockUser? = editor,
        _ body: (MockServer, RemoteHeroDataSource) async throws -> Void
    ) async throws {
        let server = MockServer(configuration: MockServerConfiguration(users: [editor, viewer]))
        try await server.start()
        let service = WebService(
            baseURL: server.baseURL, catalog: try HeroAPI.catalog(), transport: transport,
            authentication: user.map { BasicAuthentication(username: $0.name, password: $0.password) },
            retryPolicy: .never, deadline: deadline)
        do {
            try await body(server, RemoteHeroDataSource(service: service))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
