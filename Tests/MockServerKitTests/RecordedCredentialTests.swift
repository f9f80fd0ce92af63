import Foundation
import MockServerKit
import Testing

/// A recorded request that carried credentials replays only to a request that carries them
/// too, whatever `captureHeaders` says, and no file keeps their values (issue 40, finding 5).
@Suite("Recorded credentials")
struct RecordedCredentialTests {
    static let secrets: [(String, String)] = [
        ("Authorization", TestUsers.basic("owner", "owner-secret-42")),
        ("Cookie", "sid=cookie-secret-42"),
        ("X-Session-Id", "session-secret-42"),
    ]

    /// Every header's value absent from the files; replay needs each of them.
    private func checkReplay(_ root: URL) async throws {
        let files = try RecordingTests.mappingFiles(root).values.joined()
        #expect(!files.isEmpty)
        for secret in ["owner-secret", "cookie-secret", "session-secret"] {
            #expect(!files.contains(secret), "\(secret) in \(files)")
        }
        try await withRecording(root) { _, client in
            let others = [
                ("Authorization", TestUsers.basic("x", "y")), ("Cookie", "a=b"), ("X-Session-Id", "z"),
            ]
            #expect(try client.get("/v1/teams", headers: others).status == 200)
            for left in others.indices {
                var missing = others
                missing.remove(at: left)
                let answer = try client.get("/v1/teams", headers: missing)
                #expect(answer.status == 404, "\(others[left].0) is required")
            }
        }
    }

    @Test(
        "recordings/start: a request with Authorization, Cookie and X-Session-Id requires each as matches .+",
        arguments: [[], ["Authorization"]])
    func startStop(redacting: [String]) async throws {
        try await withServer { origin, _ in
            let root = try stubRoot([:])
            defer { try? FileManager.default.removeItem(at: root) }
            try await withServer(
                .test {
                    $0.rootDirectory = root
                    $0.redactedHeaders = redacting
                    $0.servesHeroes = false
                }
            ) { _, client in
                let start = try RecordingTests.admin(
                    client, "/__admin/recordings/start",
                    #"{"targetBaseUrl": "\#(origin.baseURL.absoluteString)"}"#)
                #expect(start.status == 200)
                #expect(try client.patient.get("/v1/teams", headers: Self.secrets).status == 200)
                #expect(try RecordingTests.admin(client, "/__admin/recordings/stop").status == 200)
            }
            try await checkReplay(root)
        }
    }

    @Test("--proxy-all with --record-mappings: the same requirement, written as it happens")
    func recordMappings() async throws {
        try await withServer { origin, _ in
            let root = try stubRoot([:])
            defer { try? FileManager.default.removeItem(at: root) }
            try await withServer(
                .test {
                    $0.rootDirectory = root
                    $0.proxyAll = origin.baseURL
                    $0.recordsMappings = true
                }
            ) { _, client async throws in
                #expect(try client.patient.get("/v1/teams", headers: Self.secrets).status == 200)
                // Written before the answer.
                #expect(try RecordingTests.mappingFiles(root).count == 1)
            }
            try await checkReplay(root)
        }
    }
}

/// Issue 40, finding 7: the journal's rule for secret-like names applies to what recordings
/// write: query parameters required as `matches .+`, response headers left out.
@Suite("Recorded secrets in queries and answers")
struct RecordedSecretTests {
    @Test(
        "access_token and api_key in the query are required, not kept; X-Auth-Token and X-Api-Key answers dropped"
    )
    func queryAndResponse() async throws {
        let stub = #"""
            {"request": {"urlPath": "/v1/session"},
             "response": {"status": 200, "body": "ok",
                          "headers": {"X-Auth-Token": "answer-secret-1", "X-Api-Key": "answer-secret-2",
                                      "WWW-Authenticate": "Basic realm=\"r\"", "X-Plain": "kept"}}}
            """#
        try await withStubs(["session.json": stub], heroes: false) { origin, _ in
            let root = try stubRoot([:])
            defer { try? FileManager.default.removeItem(at: root) }
            try await withRecording(root) { _, client in
                _ = try RecordingTests.admin(
                    client, "/__admin/recordings/start",
                    #"{"targetBaseUrl": "\#(origin.baseURL.absoluteString)"}"#)
                let target = "/v1/session?access_token=query-secret-1&api_key=query-secret-2&page=2"
                #expect(try client.patient.get(target).status == 200)
                #expect(try RecordingTests.admin(client, "/__admin/recordings/stop").status == 200)
            }
            let files = try RecordingTests.mappingFiles(root).values.joined()
            for secret in ["query-secret", "answer-secret"] {
                #expect(!files.contains(secret), "\(secret) in \(files)")
            }
            try await withRecording(root) { _, client in
                let replay = try client.get("/v1/session?access_token=x&api_key=y&page=2")
                #expect(replay.status == 200)
                #expect(replay.header("X-Auth-Token") == nil && replay.header("X-Api-Key") == nil)
                #expect(replay.header("X-Plain") == "kept" && replay.header("WWW-Authenticate") != nil)
                #expect(
                    try client.get("/v1/session?api_key=y&page=2").status == 404, "access_token is required")
                #expect(try client.get("/v1/session?access_token=x&api_key=y&page=3").status == 404)
            }
        }
    }
}
