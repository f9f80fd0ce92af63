import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 40's low findings: what a newcomer met at the edges.
@Suite("Issue 40's low findings")
struct SmallFindingTests {
    @Test("the journal's wait past 30000 and a since past 18 digits are 400s naming the range")
    func journalNumbers() async throws {
        try await withServer { _, client async throws in
            let start = ContinuousClock.now
            let wait = try client.get("/__admin/requests?wait=30001")
            #expect(wait.status == 400 && wait.text.contains("wait must be an integer from 0 to 30000"))
            #expect(
                ContinuousClock.now - start < TestTime.budget(.seconds(5)), "answered at once, not after 30 s"
            )
            let since = try client.get("/__admin/requests?since=9223372036854775807")
            #expect(
                since.status == 400 && since.text.contains("from 0 to 999999999999999999"), "\(since.text)")
            #expect(try client.get("/__admin/requests?wait=1&since=0").status == 200)
        }
    }

    @Test("a state file that does not parse, or a lock that is a link, stops the start as configuration (78)")
    func stateConfiguration() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json")
        try Data("{not json".utf8).write(to: state)
        do {
            try await MockServer(configuration: .test { $0.stateFile = state }).start()
            Issue.record("a corrupt state file started")
        } catch {
            #expect(error.isConfiguration, "\(error)")
        }
        try FileManager.default.removeItem(at: state)
        #expect(symlink("/tmp/elsewhere", state.path + ".lock") == 0)
        do {
            try await MockServer(configuration: .test { $0.stateFile = state }).start()
            Issue.record("a planted lock link started")
        } catch {
            #expect(error.isConfiguration && error.description.contains("state.json.lock"), "\(error)")
        }
    }

    @Test("a mapping file or a mappings folder that is a symbolic link stops the start, naming it")
    func linkedMappings() async throws {
        let outside = try stubRoot([
            "secret.json": #"{"request": {"url": "/s"}, "response": {"body": "outside"}}"#
        ])
        defer { try? FileManager.default.removeItem(at: outside) }
        let root = try stubRoot(["real.json": #"{"request": {"url": "/r"}, "response": {}}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let target = outside.appendingPathComponent("mappings/secret.json").path
        #expect(symlink(target, root.appendingPathComponent("mappings/link.json").path) == 0)
        do {
            try await MockServer(configuration: .test { $0.rootDirectory = root }).start()
            Issue.record("a linked mapping file was loaded")
        } catch {
            #expect(error.isConfiguration && error.description.contains("mappings/link.json"), "\(error)")
        }
        let linked = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: linked) }
        #expect(
            symlink(
                outside.appendingPathComponent("mappings").path,
                linked.appendingPathComponent("mappings").path) == 0)
        do {
            try await MockServer(configuration: .test { $0.rootDirectory = linked }).start()
            Issue.record("a linked mappings folder was ignored")
        } catch {
            #expect(
                error.isConfiguration && error.description.contains("mappings/ is a symbolic link"),
                "\(error)")
        }
    }

    @Test("mock-server --version prints its version and exits 0")
    func version() throws {
        let process = Process()
        process.executableURL = try ExecutableTests.binary()
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text == MockServerCommandLine.version + "\n")
    }

    @Test("at the connection cap, the connection idle longest is closed for a new one instead of a 503")
    func idleMakeRoom() async throws {
        try await withServer(.test { $0.maximumConnections = 8 }) { _, client async throws in
            var idle: [RawConnection] = []
            for _ in 0..<8 {
                let connection = try RawConnection(port: client.port)
                try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try connection.readResponse().status == 200)
                idle.append(connection)
            }
            for _ in 0..<3 {
                #expect(try client.get("/health").status == 200, "an active client is served at the cap")
            }
            // The oldest idle one was closed for the first newcomer; the newest still works.
            #expect((try? idle[0].readResponse()) == nil)
            try idle[7].send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try idle[7].readResponse().status == 200)
        }
    }

    @Test("a --root-dir that does not exist is made, so recordings/start records into it")
    func missingRootDirectory() async throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let root = parent.appendingPathComponent("new/recording")
        try await withServer { origin, _ async throws in
            try await withRecording(root) { _, client async throws in
                let start = try RecordingTests.admin(
                    client, "/__admin/recordings/start",
                    #"{"targetBaseUrl": "\#(origin.baseURL.absoluteString)"}"#)
                #expect(start.status == 200)
                #expect(try client.patient.get("/v1/teams").status == 200)
                #expect(try RecordingTests.admin(client, "/__admin/recordings/stop").status == 200)
            }
        }
        #expect(try RecordingTests.mappingFiles(root).count == 1)
    }

    @Test("a status fault on a team's stub answers plain text; on the hero routes, the Heroes error body")
    func faultBodies() async throws {
        let stub = #"{"request": {"url": "/api/todos"}, "response": {"jsonBody": []}}"#
        try await withStubs(["todos.json": stub]) { _, client async throws in
            let team = try client.get("/api/todos", headers: [("X-Mock-Fault", "status:503")])
            #expect(team.status == 503 && team.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(team.text == "fault injected: status 503\n")
            let hero = try client.get("/v1/heroes/0001", headers: [("X-Mock-Fault", "status:503")])
            #expect(hero.status == 503 && hero.header("Content-Type") == "application/json")
        }
    }

    @Test("a mistyped option gets a did-you-mean, in verify and in the server's own command line")
    func didYouMean() async throws {
        let verify = await VerifyCommand.run(["--root-dir", "/tmp", "--agianst", "http://x"])
        #expect(
            verify.status == 64
                && verify.errors.contains("unknown option --agianst (did you mean --against?)"))
        #expect(throws: MockServerError("unknown option --prot (did you mean --port?)")) {
            try MockServerCommandLine.parse(["--prot", "8080"])
        }
    }
}

/// Issue 40: one user's token loop evicts only that user's tokens.
@Suite("Tokens per user")
struct TokenPerUserTests {
    static func token(_ client: TestClient, _ authorization: String) throws -> String {
        let answer = try client.request("POST", "/v1/token", headers: [("Authorization", authorization)])
        return try #require(answer.json["access_token"] as? String)
    }

    @Test("a viewer's token outlives an editor's 150 more, and the editor's oldest goes first")
    func perUser() async throws {
        try await withServer { _, client async throws in
            let viewers = try Self.token(client, TestUsers.viewerAuthorization)
            let firstEditor = try Self.token(client, TestUsers.editorAuthorization)
            for _ in 0..<150 { _ = try Self.token(client, TestUsers.editorAuthorization) }
            #expect(
                try client.get("/v1/heroes/0001", headers: [("Authorization", "Bearer \(viewers)")]).status
                    == 200)
            let evicted = try client.get(
                "/v1/heroes/0001", headers: [("Authorization", "Bearer \(firstEditor)")])
            #expect(evicted.status == 401, "past 100, the editor's own oldest token goes")
        }
    }
}
