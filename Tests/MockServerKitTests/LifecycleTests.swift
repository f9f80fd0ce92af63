import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Lifecycle: ports, restarts and persisted state")
struct LifecycleTests {
    @Test("binding port 0 reads the real port back into baseURL")
    func realPort() async throws {
        try await withServer { server, _ async throws in
            #expect(server.port > 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        }
    }

    @Test("stop releases the port at once: a new server starts on it while old connections were open")
    func restartOnSamePort() async throws {
        try await offCooperativePool {
            let first = try await Self.serverOutsideEphemeralPorts()
            let port = first.port
            let connection = try RawConnection(port: port)
            try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
            await first.stop()
            #expect(connection.isClosed())
            // No "connecting now is refused" check: binding it again right away is the proof. The
            // port is below the kernel's ephemeral range, so no server of the suite binding port 0
            // and no client connecting can be handed it in between (a port of that range was, and
            // this bind failed now and then with "Address already in use").
            var configuration = MockServerConfiguration(users: TestUsers.all)
            configuration.port = port
            let second = MockServer(configuration: configuration)
            try await second.start()
            #expect(second.port == port)
            #expect(try TestClient(port: port).get("/health").status == 200)
            await second.stop()
        }
    }

    @Test("stop(waitingUpTo:) lets a request under way finish its answer, then stops")
    func stopWaitsForRequestsUnderWay() async throws {
        try await offCooperativePool {
            let server = MockServer(configuration: .test())
            try await server.start()
            let connection = try RawConnection(port: server.port, timeout: TestTime.budget(seconds: 10))
            try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
            try connection.send("GET /health HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: delay:300ms\r\n\r\n")
            await server.stop(waitingUpTo: TestTime.budget(.seconds(10)))
            #expect(try connection.readResponse().status == 200)
            #expect(server.port == 0)
        }
    }

    @Test("stop(waitingUpTo:) stops a request that never ends once the wait is over")
    func stopGivesUpAfterTheWait() async throws {
        try await offCooperativePool {
            let server = MockServer(configuration: .test())
            try await server.start()
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
            try connection.send("GET /health HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: stall\r\n\r\n")
            let started = ContinuousClock.now
            await server.stop(waitingUpTo: .milliseconds(200))
            #expect(ContinuousClock.now - started >= .milliseconds(200))
            #expect(connection.isClosed())
        }
    }

    /// A started server on a port below the ephemeral ranges (Linux hands out 32768–60999 by
    /// default, Apple's systems 49152–65535), trying others while one is taken.
    static func serverOutsideEphemeralPorts() async throws -> MockServer {
        var lastError: (any Error)?
        for _ in 0..<50 {
            var configuration = MockServerConfiguration(users: TestUsers.all)
            configuration.port = Int.random(in: 20_000..<32_000)
            let server = MockServer(configuration: configuration)
            do {
                try await server.start()
                return server
            } catch {
                lastError = error
            }
        }
        throw try #require(lastError)
    }

    @Test("starting twice is an error; stopping twice is harmless; a stopped server starts again")
    func startTwice() async throws {
        try await offCooperativePool {
            let server = MockServer(configuration: MockServerConfiguration(users: TestUsers.all))
            try await server.start()
            await #expect(throws: MockServerError.self) { try await server.start() }
            await server.stop()
            await server.stop()
            #expect(server.port == 0)
            try await server.start()
            #expect(try TestClient(port: server.port).get("/health").status == 200)
            await server.stop()
        }
    }

    @Test("with a state file, writes survive a restart, and reset restores the fixtures")
    func persistence() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            #expect(try client.send("POST", "/v1/heroes", json: #"{"code_name":"Persistent"}"#).status == 201)
            #expect(try client.send("DELETE", "/v1/heroes/0002", json: "").status == 204)
            let upload = try client.request(
                "PUT", "/v1/heroes/0003/picture",
                headers: [("Authorization", TestUsers.editorAuthorization), ("Content-Type", "image/png")],
                body: png)
            #expect(upload.status == 204)
        }
        #expect(FileManager.default.fileExists(atPath: state.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(
            leftovers.sorted() == ["state.json", "state.json.lock", "state.json.pictures"],
            "no temporary file is left")
        try await withServer(.test { $0.stateFile = state }) { server, client async throws in
            #expect(try client.get("/v1/heroes?q=persistent").json["total"] as? Int == 1)
            #expect(try client.get("/v1/heroes/0002").status == 404)
            #expect(try client.get("/v1/heroes/0003/picture").body == png)
            try server.reset()
            #expect(try client.get("/v1/heroes/0002").status == 200)
        }
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            #expect(try client.get("/v1/heroes?q=persistent").json["total"] as? Int == 0)
        }
    }

    @Test("a corrupt state file stops the start with an error naming it, and is left in place")
    func corruptState() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json")
        try Data("{not json".utf8).write(to: state)
        let server = MockServer(
            configuration: MockServerConfiguration(users: TestUsers.all, stateFile: state))
        await #expect(throws: MockServerError.self) { try await server.start() }
        #expect(try String(contentsOf: state, encoding: .utf8) == "{not json")
    }

    @Test(
        "a state folder others may write to without the sticky bit, or another user's, is refused at start",
        arguments: [(0o777, nil), (0o1777, nil), (0o755, 65534 as UInt32?)] as [(Int, UInt32?)])
    func unsafeStateFolder(mode: Int, owner: UInt32?) async throws {
        // Another user's folder can only be made by root.
        guard owner == nil || getuid() == 0 else { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(chmod(directory.path, mode_t(mode)) == 0)
        if let owner { #expect(chown(directory.path, owner, owner) == 0) }
        let server = MockServer(
            configuration: MockServerConfiguration(
                users: TestUsers.all, stateFile: directory.appendingPathComponent("state.json")))
        let refused = mode == 0o777 || (owner != nil && getuid() != owner)
        do {
            try await server.start()
            await server.stop()
            #expect(!refused, "a sticky folder of mode \(String(mode, radix: 8)) is fine; this one is not")
        } catch {
            #expect(refused, "\(error)")
            #expect(error.isConfiguration && error.description.contains(directory.path), "\(error)")
        }
    }

    @Test("fixtures load from a directory, and a broken one is an error")
    func fixturesDirectory() async throws {
        let bundled = try #require(MockServerConfiguration.bundledFixtures)
        try await withServer(.test { $0.fixtures = .directory(bundled) }) { _, client async throws in
            #expect(try client.get("/v1/heroes/0001").status == 200)
        }
        let empty = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let server = MockServer(configuration: MockServerConfiguration(fixtures: .directory(empty)))
        await #expect(throws: MockServerError.self) { try await server.start() }
    }
}
