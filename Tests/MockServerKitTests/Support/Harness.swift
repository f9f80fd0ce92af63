import Foundation
import MockServerKit

/// The users every test server is started with (never the demo users, to prove they come from config).
enum TestUsers {
    static let editor = MockUser(name: "ed", password: "ed-secret-1", role: .editor)
    static let viewer = MockUser(name: "vi", password: "vi-secret-1", role: .viewer)
    static let all = [editor, viewer]

    /// `Basic base64(user:password)`.
    static func basic(_ name: String, _ password: String) -> String {
        "Basic " + Data("\(name):\(password)".utf8).base64EncodedString()
    }

    static let editorAuthorization = basic(editor.name, editor.password)
    static let viewerAuthorization = basic(viewer.name, viewer.password)
}

/// A small HTTP/1.1 client over `RawConnection`, one connection per request.
struct TestClient {
    let port: Int
    /// How long a response may take to start.
    var timeout = TestTime.budget(seconds: 5)

    /// The same client, waiting up to 20 s (scaled) for an answer: for answers that come from
    /// another server through this one, whose first use of URLSession is slow on a loaded machine.
    var patient: TestClient { TestClient(port: port, timeout: TestTime.budget(seconds: 20)) }

    /// Sends one request and reads its response.
    func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) throws -> WireResponse {
        let connection = try RawConnection(port: port, timeout: timeout)
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let body { text += "Content-Length: \(body.count)\r\n" }
        text += "\r\n"
        try connection.send(Array(text.utf8) + (body ?? []))
        return try connection.readResponse(head: method == "HEAD")
    }

    /// Sends a JSON body.
    func send(
        _ method: String, _ target: String, json: String,
        authorization: String? = TestUsers.editorAuthorization,
        headers: [(String, String)] = []
    ) throws -> WireResponse {
        var all = headers + [("Content-Type", "application/json")]
        if let authorization { all.append(("Authorization", authorization)) }
        return try request(method, target, headers: all, body: Array(json.utf8))
    }

    /// `GET` and parse a JSON object.
    func get(_ target: String, headers: [(String, String)] = []) throws -> WireResponse {
        try request("GET", target, headers: headers)
    }
}

extension MockServerConfiguration {
    /// A test configuration: port 0, the test users, then `edit`.
    static func test(_ edit: (inout MockServerConfiguration) -> Void = { _ in }) -> MockServerConfiguration {
        var configuration = MockServerConfiguration(users: TestUsers.all)
        edit(&configuration)
        return configuration
    }
}

/// Starts a server, runs `body` off the cooperative pool, and stops the server even when `body` throws.
func withServer(
    _ configuration: MockServerConfiguration = .test(),
    _ body: (MockServer, TestClient) async throws -> Void
) async throws {
    try await offCooperativePool {
        let server = MockServer(configuration: configuration)
        try await server.start()
        do {
            try await body(server, TestClient(port: server.port))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}

/// A fresh temporary directory for one test.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "mock-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
