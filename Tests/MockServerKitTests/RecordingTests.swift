import Foundation
import MockServerKit
import Testing

/// WireMock's record and playback over TCP: `/__admin/recordings`, snapshots, `--record-mappings`,
/// and a recording of a real origin replayed with faults after the origin is gone.
@Suite("Recording")
struct RecordingTests {
    /// The `.json` files a recording wrote under `root/mappings/`, by name.
    static func mappingFiles(_ root: URL) throws -> [String: String] {
        let folder = root.appendingPathComponent("mappings")
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".json") {
            found[name] = String(
                decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
        }
        return found
    }

    static func admin(_ client: TestClient, _ path: String, _ json: String = "{}") throws -> WireResponse {
        try client.patient.send("POST", path, json: json, authorization: nil)
    }

    @Test(
        "start, status and stop: what no stub matches is proxied and captured, and becomes stubs that replay")
    func startStop() async throws {
        let root = try stubRoot([
            "local.json": #"{"request": {"url": "/v1/local"}, "response": {"body": "local"}}"#
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let origin = MockServer(configuration: .test())
        try await origin.start()
        try await withServer(
            .test {
                $0.rootDirectory = root
                $0.servesHeroes = false
            }
        ) { server, client in
            #expect(
                try client.patient.get("/__admin/recordings/status").json["status"] as? String
                    == "NeverStarted")
            let start = try Self.admin(
                client, "/__admin/recordings/start",
                #"{"targetBaseUrl": "\#(origin.baseURL.absoluteString)", "filters": {"urlPathPattern": "/v1/.*"}}"#
            )
            #expect(start.status == 200, "\(start.text)")
            #expect(
                try client.patient.get("/__admin/recordings/status").json["status"] as? String == "Recording")
            #expect(try Self.admin(client, "/__admin/recordings/start", "{}").status == 409)
            let first = try client.patient.get("/v1/heroes/0007")
            #expect(first.status == 200)
            let renamed = try client.patient.send(
                "PUT", "/v1/heroes/0007",
                json: #"{"code_name": "Renamed", "powers": [], "team_id": null}"#,
                headers: [("If-Match", first.header("ETag") ?? "")])
            #expect(renamed.status == 200, "\(renamed.text)")
            let second = try client.patient.get("/v1/heroes/0007")
            #expect(second.body != first.body)
            let teams = try client.patient.get("/v1/teams")
            #expect(
                try client.patient.get("/v1/local").text == "local",
                "a stub still answers first, and is not recorded"
            )
            #expect(try client.patient.get("/health").status == 200, "proxied, but outside the filters")
            let stop = try Self.admin(client, "/__admin/recordings/stop")
            #expect(stop.status == 200, "\(stop.text)")
            let mappings = stop.json["mappings"] as? [[String: Any]] ?? []
            #expect(mappings.count == 4, "GET twice as a scenario, PUT, teams: \(stop.text)")
            #expect(
                try client.patient.get("/__admin/recordings/status").json["status"] as? String == "Stopped")
            #expect(try Self.mappingFiles(root).count == 1 + 4)

            await origin.stop()
            // The origin is gone: the recorded stubs answer, in turn, as it did.
            #expect(try client.patient.get("/v1/heroes/0007").body == first.body)
            #expect(try client.patient.get("/v1/heroes/0007").body == second.body)
            #expect(try client.patient.get("/v1/teams").body == teams.body)
            #expect(try client.patient.get("/health").status == 404, "the recording's proxy stub is gone")
            #expect(server.requests().last?.stubID == nil)
        }
        // The files load in a new server, which answers as the origin did.
        try await withServer(
            .test {
                $0.rootDirectory = root
                $0.servesHeroes = false
            }
        ) { _, client in
            let teams = try client.patient.get("/v1/teams")
            #expect(teams.status == 200 && teams.json["items"] != nil)
        }
    }

    @Test("a snapshot turns the journal's proxied requests into stubs; persist false only returns them")
    func snapshot() async throws {
        let root = try stubRoot([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let origin = MockServer(configuration: .test())
        try await origin.start()
        try await withServer(
            .test {
                $0.rootDirectory = root
                $0.proxyAll = origin.baseURL
                $0.servesHeroes = false
            }
        ) { _, client in
            let hero = try client.patient.get("/v1/heroes/0007")
            _ = try client.patient.get("/v1/teams")
            _ = try client.patient.get("/v1/heroes/0001")
            let listed = try Self.admin(
                client, "/__admin/recordings/snapshot",
                #"{"persist": false, "filters": {"urlPathPattern": "/v1/heroes/.*"}}"#)
            #expect(listed.status == 200, "\(listed.text)")
            #expect((listed.json["mappings"] as? [Any])?.count == 2)
            #expect(try Self.mappingFiles(root).isEmpty)
            let kept = try Self.admin(client, "/__admin/recordings/snapshot")
            #expect((kept.json["mappings"] as? [Any])?.count == 3)
            #expect(try Self.mappingFiles(root).count == 3)
            await origin.stop()
            #expect(
                try client.patient.get("/v1/heroes/0007").body == hero.body,
                "the snapshot answers, not the proxy")
        }
    }

    @Test("--record-mappings writes each proxied request's first answer as it happens, into a new folder")
    func recordMappings() async throws {
        let parent = try stubRoot([:])
        defer { try? FileManager.default.removeItem(at: parent) }
        let root = parent.appendingPathComponent("recorded", isDirectory: true)
        try await withServer { origin, _ in
            try await withServer(
                .test {
                    $0.rootDirectory = root
                    $0.proxyAll = origin.baseURL
                    $0.recordsMappings = true
                }
            ) { _, client in
                let hero = try client.patient.get("/v1/heroes/0007")
                _ = try client.patient.get("/v1/heroes/0007")
                _ = try client.patient.get("/v1/teams")
                // Written before the client has its answer: a test that ends on its last answer
                // finds every file.
                let files = try Self.mappingFiles(root)
                #expect(files.count == 2, "one per distinct request: \(files.keys.sorted())")
                #expect(files.values.contains { $0.contains(#""url" : "/v1/heroes/0007""#) })
                _ = hero
            }
        }
        try await withServer(.test { $0.rootDirectory = root }) { _, client in
            let teams = try client.patient.get("/v1/teams")
            #expect(teams.status == 200)
        }
    }

    @Test(
        "--redact-header: a captured header is required as matches .+, its value in no file nor the journal")
    func redactHeader() async throws {
        try await withServer { origin, _ in
            for redacting in [["X-Client-Ident"], []] {
                let root = try stubRoot([:])
                defer { try? FileManager.default.removeItem(at: root) }
                try await withServer(
                    .test {
                        $0.rootDirectory = root
                        $0.redactedHeaders = redacting
                        $0.servesHeroes = false
                    }
                ) { server, client in
                    _ = try Self.admin(
                        client, "/__admin/recordings/start",
                        #"{"targetBaseUrl": "\#(origin.baseURL.absoluteString)", "captureHeaders": {"X-Client-Ident": {}}}"#
                    )
                    _ = try client.patient.get("/v1/teams", headers: [("X-Client-Ident", "key-value-123")])
                    let journalled = server.requests().last { $0.path == "/v1/teams" }
                    #expect(
                        journalled?.value("X-Client-Ident")
                            == (redacting.isEmpty ? "key-value-123" : "<redacted>")
                    )
                    let stop = try Self.admin(client, "/__admin/recordings/stop")
                    let files = try Self.mappingFiles(root).values.joined()
                    if redacting.isEmpty {
                        #expect(
                            files.contains("key-value-123"), "without --redact-header the value is matched")
                    } else {
                        #expect(!files.contains("key-value-123") && !stop.text.contains("key-value-123"))
                        #expect(files.contains(#""matches" : ".+""#), "\(files)")
                        // The stub still wants the header, any value.
                        #expect(
                            try client.patient.get("/v1/teams", headers: [("X-Client-Ident", "other")]).status
                                == 200)
                        #expect(try client.patient.get("/v1/teams").status == 404)
                    }
                }
            }
        }
    }

    @Test(
        "a recording of a real origin replays with a 503 on the third call and a reset on demand, the origin gone"
    )
    func replayWithFaults() async throws {
        let root = try stubRoot([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let origin = MockServer(configuration: .test())
        try await origin.start()
        try await withServer(
            .test {
                $0.rootDirectory = root
                $0.servesHeroes = false
            }
        ) { _, client in
            _ = try Self.admin(
                client, "/__admin/recordings/start",
                #"{"targetBaseUrl": "\#(origin.baseURL.absoluteString)"}"#)
            let recorded = try client.patient.get("/v1/heroes/0007")
            #expect(recorded.status == 200)
            #expect(try Self.admin(client, "/__admin/recordings/stop").status == 200)
            await origin.stop()

            let rule = try Self.admin(
                client, "/__admin/faults",
                #"{"method": "GET", "path": "/v1/heroes/0007", "fault": "status:503", "after": 2}"#)
            #expect(rule.status == 201 || rule.status == 200, "\(rule.text)")
            let statuses = try (0..<4).map { _ in try client.patient.get("/v1/heroes/0007").status }
            #expect(statuses == [200, 200, 503, 200])
            #expect(try client.patient.get("/v1/heroes/0007").body == recorded.body)
            let connection = try RawConnection(port: client.port)
            try connection.send("GET /v1/heroes/0007 HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: reset\r\n\r\n")
            #expect(connection.readToEnd().isEmpty, "reset: no answer at all")
            let trickled = try client.patient.get(
                "/v1/heroes/0007", headers: [("X-Mock-Fault", "trickle:10ms")])
            #expect(trickled.body == recorded.body)
        }
    }
}
