import Foundation
import Locking
import Network
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Logging and redaction")
struct LoggingTests {
    private func request(
        _ url: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil
    )
        throws -> URLRequest
    {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        return request
    }

    @Test("a curl line repeats the request with the Authorization header and passwords redacted")
    func curlLine() throws {
        let prepared = try request(
            "https://api.example.com/login?user=ed&password=hunter2",
            method: "POST",
            headers: ["Authorization": "Basic ZWQ6aHVudGVyMg==", "Content-Type": "application/json"],
            body: #"{"user":"ed","password":"hunter2","profile":{"api_token":"t0k"}}"#
        )
        let line = Redaction.standard.curlCommand(for: prepared)
        #expect(
            line
                == "curl -X POST 'https://api.example.com/login?user=ed&password=redacted' "
                + "-H 'Authorization: <redacted>' -H 'Content-Type: application/json' "
                + #"--data-binary '{"password":"<redacted>","profile":{"api_token":"<redacted>"},"user":"ed"}'"#
        )
        #expect(!line.contains("hunter2") && !line.contains("ZWQ6") && !line.contains("t0k"))
    }

    @Test(
        "bodies are shown redacted when their format is known, and by size otherwise",
        arguments: [
            ("user=ed&password=hunter2", "user=ed&password=<redacted>"),
            ("plain text with hunter2 inside", "<30 bytes>"),
            (#"["a",1]"#, #"["a",1]"#),
        ]
    )
    func bodies(body: String, shown: String) {
        #expect(Redaction.standard.body(Data(body.utf8)) == shown)
    }

    @Test("a password in the URL's user info is redacted, and single quotes are escaped for the shell")
    func userInfoAndQuoting() throws {
        let line = Redaction.standard.curlCommand(for: try request("https://ed:hunter2@example.com/it's"))
        #expect(line == #"curl 'https://ed:redacted@example.com/it'\''s'"#)
    }

    @Test("the logging hook sees attempts, retries, responses and failures, never a credential")
    func loggerEvents() async throws {
        let events = Locked<[NetworkLogger.Event]>([])
        let logger = NetworkLogger { event in events.withLock { $0.append(event) } }
        let endpoint = Endpoint<NoContent>("read", arguments: 1)
        let (service, transport) = try Fixture.service(
            ["read": ["request": ["path": "/r?token=%0"]]], [endpoint],
            authentication: BasicAuthentication(username: "ed", password: "hunter2"),
            retryPolicy: RetryPolicy(attempts: 2, sleeper: RecordingSleeper(), random: { 0 }),
            logger: logger
        )
        transport.on("GET /v2/r", .status(503), .status(404))
        await #expect(throws: NetworkError.self) { try await service.call(endpoint, "s3cr3t") }
        let logged = events.withLock { $0 }
        let curl = "curl 'https://api.example.com/v2/r?token=redacted' -H 'Authorization: <redacted>'"
        let url = "https://api.example.com/v2/r?token=redacted"
        let kinds = logged.map { event -> String in
            switch event {
            case .sending(let attempt, let line): "sending \(attempt) \(line == curl)"
            case .received(let status, let method, let shown, _):
                "received \(status) \(method) \(shown == url)"
            case .retrying(let attempt, let of, let after, let reason):
                "retrying \(attempt)/\(of) \(after) \(reason)"
            case .failed(let method, let shown, let error): "failed \(method) \(shown == url) \(error)"
            case .warning(let message): "warning \(message)"
            }
        }
        #expect(
            kinds == [
                "sending 1 true", "received 503 GET true", "retrying 2/2 0.1 seconds status 503",
                "sending 2 true", "received 404 GET true", "failed GET true unacceptable status 404",
            ]
        )
        let text = logged.map(\.description).joined(separator: "\n")
        #expect(!text.contains("hunter2") && !text.contains("s3cr3t") && !text.contains("ZWQ6"))
    }

    @Test("a logger that does not log attempts gets no curl command, and every other event")
    func loggerWithoutAttempts() async throws {
        let events = Locked<[NetworkLogger.Event]>([])
        let logger = NetworkLogger(logsAttempts: false) { event in events.withLock { $0.append(event) } }
        let endpoint = Endpoint<NoContent>("read")
        let (service, transport) = try Fixture.service(
            ["read": ["request": ["path": "/r"]]], [endpoint],
            retryPolicy: RetryPolicy(attempts: 2, sleeper: RecordingSleeper(), random: { 0 }), logger: logger)
        transport.on("GET /v2/r", .status(503), .status(204))
        _ = try await service.call(endpoint)
        let logged = events.withLock { $0 }
        #expect(logged.count == 3, "received, retrying, received")
        #expect(
            !logged.contains {
                if case .sending = $0 { return true }
                return false
            })
    }
}
