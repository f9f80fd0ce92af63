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
            ) { _, client in
                #expect(try client.patient.get("/v1/teams", headers: Self.secrets).status == 200)
                // Written off the loop, after the answer: wait for the file.
                let end = ContinuousClock.now + TestTime.budget(.seconds(10))
                while try RecordingTests.mappingFiles(root).isEmpty, ContinuousClock.now < end {
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            try await checkReplay(root)
        }
    }
}
