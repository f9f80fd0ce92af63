import Foundation
import MockServerKit
import Network
import TestSupport
import Testing

/// The failures reported most against refresh interceptors (concurrent refreshes, infinite
/// retry loops, requests sent during a refresh), each against the mock server's `POST /v1/token`
/// over TCP.
@Suite("TokenProvider against the mock server: one refresh, one replay")
struct TokenRefreshTests {
    /// The platform's default transport (libcurl on Linux): the refresh rules are the service's,
    /// not the transport's, so one kind is enough here.
    static let transport = TransportKind.available[0].transport

    static let ids = (1...20).map { String(format: "%04d", $0) }

    /// A server whose tokens last `lifetime`, and a service whose every request carries a bearer
    /// token from that server's `POST /v1/token`, asked for with `password`.
    static func withTokenService(
        lifetime: Duration = .seconds(3600), password: String = "ed-secret-1",
        _ body: (MockServer, WebService, TokenProvider) async throws -> Void
    ) async throws {
        var configuration = MockServerConfiguration(users: [NetworkIT.editor, NetworkIT.viewer])
        configuration.tokenLifetime = lifetime
        let server = MockServer(configuration: configuration)
        try await server.start()
        let endpoint = TokenEndpoint(
            url: server.baseURL.appendingPathComponent("v1/token"),
            credentials: BasicAuthentication(username: "ed", password: password),
            transport: TokenRefreshTests.transport, deadline: TestTime.budget(.seconds(45)))
        let provider = TokenProvider(fetch: endpoint.fetch)
        let service = WebService(
            baseURL: server.baseURL, catalog: try TestAPI.catalog(), transport: TokenRefreshTests.transport,
            // Only a safety net: at the suite's start, on two cores, 20 s once passed before the
            // first of twenty requests at once was answered.
            authentication: provider, retryPolicy: .never, deadline: TestTime.budget(.seconds(60)))
        do {
            try await body(server, service, provider)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Calls `hero` for every id at once; each id's result, in the order of `ids`.
    static func fetchAll(_ ids: [String], _ service: WebService) async -> [Result<String, NetworkError>] {
        await withTaskGroup(of: (Int, Result<String, NetworkError>).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    do {
                        let hero = try await service.call(TestAPI.hero, id).content
                        return (index, .success(hero?.id ?? ""))
                    } catch let error as NetworkError {
                        return (index, .failure(error))
                    } catch {
                        return (index, .failure(.encoding("unexpected \(error)")))
                    }
                }
            }
            var results = [Result<String, NetworkError>?](repeating: nil, count: ids.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }

    /// The statuses the server answered for `id`'s hero, in order.
    static func statuses(of id: String, in entries: [RecordedRequest]) -> [Int] {
        entries.filter { $0.path == "/v1/heroes/\(id)" }.map(\.status)
    }

    static func tokenRequests(in entries: [RecordedRequest]) -> Int {
        entries.filter { $0.path == "/v1/token" }.count
    }

    @Test(
        "a token holding a control character or a space is refused as undecodable, never sent back",
        arguments: [#"abc\u0007def"#, #"abc\u001b[2Jdef"#, "abc def", #"abc\u00e9"#])
    func tokenWithControlCharacter(token: String) async throws {
        let body = #"{"access_token":"\#(token)","token_type":"Bearer","expires_in":3600}"#
        let server = try ScriptedServer { _ in
            .status(200, [("Content-Type", "application/json")], body: body)
        }
        defer { server.stop() }
        let endpoint = TokenEndpoint(
            url: server.baseURL.appendingPathComponent("v1/token"),
            credentials: BasicAuthentication(username: "ed", password: "ed-secret-1"),
            transport: TokenRefreshTests.transport, deadline: TestTime.budget(.seconds(15)))
        let error = await #expect(throws: NetworkError.self) { try await endpoint.fetch() }
        guard case .decoding = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
    }

    @Test("twenty requests that meet a refused token cause exactly one refresh, and each is replayed once")
    func concurrentRefreshes() async throws {
        try await Self.withTokenService { server, service, provider in
            #expect(try await service.call(TestAPI.hero, "0001").content?.id == "0001")
            #expect(await provider.refreshCount == 1)
            let mark = server.lastSequence
            try server.revokeTokens()
            let results = await Self.fetchAll(Self.ids, service)
            #expect(results.map { try? $0.get() } == Self.ids)
            #expect(await provider.refreshCount == 2)
            let entries = server.requests(since: mark)
            #expect(Self.tokenRequests(in: entries) == 1)
            var refused = 0
            for id in Self.ids {
                let statuses = Self.statuses(of: id, in: entries)
                #expect(statuses == [200] || statuses == [401, 200], "\(id): \(statuses)")
                refused += statuses.count - 1
            }
            #expect(refused >= 1)
        }
    }

    @Test("requests made while a refresh is under way wait for it and are never sent with the old token")
    func requestsDuringRefresh() async throws {
        try await Self.withTokenService { server, service, provider in
            _ = try await service.call(TestAPI.hero, "0001")
            try server.revokeTokens()
            try server.addFault(FaultRule(method: "POST", path: "/v1/token", fault: "delay:1500ms"))
            let mark = server.lastSequence
            let first = Task { try await service.call(TestAPI.hero, "0001").content?.id }
            // The refused request and the token request are in: the refresh is under way.
            let seen = try await server.waitForRequests(count: 2, since: mark)
            #expect(seen.map(\.path) == ["/v1/heroes/0001", "/v1/token"])
            let others = Array(Self.ids.dropFirst())
            let results = await Self.fetchAll(others, service)
            #expect(results.map { try? $0.get() } == others)
            #expect(try await first.value == "0001")
            let entries = server.requests(since: mark)
            #expect(Self.tokenRequests(in: entries) == 1)
            #expect(await provider.refreshCount == 2)
            #expect(Self.statuses(of: "0001", in: entries) == [401, 200])
            for id in others {
                #expect(Self.statuses(of: id, in: entries) == [200], "\(id) was sent with the old token")
            }
        }
    }

    @Test("a failed refresh fails every waiting request with one typed error, and nothing is retried")
    func failedRefresh() async throws {
        try await Self.withTokenService { server, service, provider in
            _ = try await service.call(TestAPI.hero, "0001")
            try server.revokeTokens()
            // Slow, so every request's 401 arrives while the one refresh is still failing.
            try server.addFault(
                FaultRule(method: "POST", path: "/v1/token", fault: "delay:1500ms,status:503", times: 1_000))
            let mark = server.lastSequence
            let results = await Self.fetchAll(Self.ids, service)
            let errors = results.compactMap { result -> NetworkError? in
                guard case .failure(let error) = result else { return nil }
                return error
            }
            #expect(errors.count == Self.ids.count)
            #expect(Set(errors.map(\.description)).count == 1)
            guard case .tokenRefreshFailed(let failure) = try #require(errors.first),
                case .unacceptableStatus(503, _, _) = failure.cause
            else {
                Issue.record(
                    "expected tokenRefreshFailed(503), got \(errors.first.map(String.init(describing:)) ?? "")"
                )
                return
            }
            var entries = server.requests(since: mark)
            #expect(Self.tokenRequests(in: entries) == 1)
            // A request sent before the refresh began met one 401; one that asked for a token
            // after it began (on a loaded machine, the task group starts late) waited for it and
            // was never sent. None is sent twice.
            let statuses = Self.ids.map { Self.statuses(of: $0, in: entries) }
            for (id, seen) in zip(Self.ids, statuses) { #expect(seen == [401] || seen.isEmpty, "\(id)") }
            #expect(statuses.contains([401]), "the 401 that started the refresh")
            // The failure is not remembered, and not looped on: the next call tries once more.
            let later = server.lastSequence
            await #expect(throws: NetworkError.self) { try await service.call(TestAPI.hero, "0001") }
            entries = server.requests(since: later)
            #expect(entries.map(\.path) == ["/v1/token"])
            #expect(await provider.refreshCount == 3)
        }
    }

    @Test("a server that refuses even a fresh token gets one replay, then the call is unauthorized")
    func noRetryLoop() async throws {
        try await Self.withTokenService { server, service, provider in
            _ = try await service.call(TestAPI.hero, "0002")
            try server.addFault(
                FaultRule(method: "GET", path: "/v1/heroes/0001", fault: "status:401", times: 50))
            let mark = server.lastSequence
            await #expect(throws: NetworkError.unauthorized(realm: nil)) {
                try await service.call(TestAPI.hero, "0001")
            }
            let entries = server.requests(since: mark)
            #expect(entries.map(\.path) == ["/v1/heroes/0001", "/v1/token", "/v1/heroes/0001"])
            #expect(await provider.refreshCount == 2)
        }
    }

    @Test("a token is refreshed shortly before it expires, so no request meets a 401")
    func refreshBeforeExpiry() async throws {
        // Long enough that the first call, token fetch included, ends well inside it with the
        // whole suite running on two cores (at 1 s it once took longer, met a 401 and was
        // replayed); stretched again under a sanitizer.
        let lifetime = TestTime.budget(.seconds(4))
        try await Self.withTokenService(lifetime: lifetime) { server, service, provider in
            let mark = server.lastSequence
            _ = try await service.call(TestAPI.hero, "0001")
            // A token is refreshed after half its lifetime, before the server would refuse it.
            try await Task.sleep(for: lifetime * 0.7)
            _ = try await service.call(TestAPI.hero, "0002")
            let entries = server.requests(since: mark)
            #expect(entries.map(\.path) == ["/v1/token", "/v1/heroes/0001", "/v1/token", "/v1/heroes/0002"])
            #expect(entries.allSatisfy { $0.status == 200 })
            #expect(await provider.refreshCount == 2)
        }
    }

    @Test("wrong credentials fail every waiting request with the token endpoint's 401, once")
    func wrongCredentials() async throws {
        try await Self.withTokenService(password: "wrong") { server, service, provider in
            try server.addFault(FaultRule(method: "POST", path: "/v1/token", fault: "delay:500ms", times: 10))
            let results = await Self.fetchAll(Array(Self.ids.prefix(5)), service)
            for result in results {
                #expect(
                    throws: NetworkError.tokenRefreshFailed(
                        TokenRefreshFailure(.unauthorized(realm: "heroes")))
                ) {
                    try result.get()
                }
            }
            let entries = server.requests()
            #expect(entries.map(\.path) == ["/v1/token"])
            #expect(await provider.refreshCount == 1)
        }
    }
}
