import Foundation
import Network
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Endpoints for servers that misbehave on purpose (`ScriptedServer`).
enum HostileAPI {
    static let json = Endpoint<TestAPI.Health>("json")
    static let smallJSON = Endpoint<TestAPI.Health>("smallJSON")
    static let file = Endpoint<Data>("file")
    static let smallFile = Endpoint<Data>("smallFile")
    static let endpoints: [any EndpointDeclaration] = [json, smallJSON, file, smallFile]

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>json</key><dict>
            <key>request</key><dict><key>path</key><string>/json</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>JSON</string><key>serializedObject</key><string>Health</string>
            </dict>
          </dict>
          <key>smallJSON</key><dict>
            <key>request</key><dict>
              <key>path</key><string>/json</string>
              <key>maxResponseBytes</key><integer>1000</integer>
            </dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>JSON</string><key>serializedObject</key><string>Health</string>
            </dict>
          </dict>
          <key>file</key><dict>
            <key>request</key><dict><key>path</key><string>/file</string></dict>
          </dict>
          <key>smallFile</key><dict>
            <key>request</key><dict>
              <key>path</key><string>/file</string>
              <key>maxResponseBytes</key><integer>100000</integer>
            </dict>
          </dict>
        </dict></plist>
        """

    static func catalog() throws -> ServiceCatalog {
        var registry = DescriptorRegistry()
        registry.register(serializer: JSONSerializer(), as: "JSON")
        registry.register(model: TestAPI.Health.self, as: "Health")
        return try ServiceCatalog(
            plist: Data(plist.utf8), fileName: "HostileAPI.plist", endpoints: endpoints, registry: registry)
    }

    /// Starts a scripted server, gives `body` a web service pointed at it, then stops it. The
    /// deadline is a margin, not what these tests check: under a sanitizer the tens of
    /// megabytes these servers send reach a slowed delegate queue, so it stretches with
    /// `TestTime` (a CI run under ThreadSanitizer timed out all seven tests at 20 s).
    /// The transport is `kind`'s separate one, so the large bodies these tests send do not hold
    /// up the delegate queue of the shared one.
    static func withServer(
        on kind: TransportKind,
        authentication: (any AuthenticationProvider)? = nil,
        deadline: Duration = TestTime.budget(.seconds(20)),
        _ respond: @escaping @Sendable (ScriptedServer.Request) -> ScriptedServer.Reply,
        _ body: (ScriptedServer, WebService) async throws -> Void
    ) async throws {
        let server = try ScriptedServer(respond)
        defer { server.stop() }
        let service = WebService(
            baseURL: server.baseURL, catalog: try catalog(), transport: kind.separateTransport,
            authentication: authentication, retryPolicy: .never, deadline: deadline)
        try await body(server, service)
    }
}

@Suite("Transports against hostile servers: size limits")
struct ResponseSizeLimitTests {
    @Test(
        "a 50 MB JSON answer is refused at the default 8 MiB limit, while it arrives",
        arguments: TransportKind.available)
    func hugeJSON(kind: TransportKind) async throws {
        let size = 50 * 1024 * 1024
        try await HostileAPI.withServer(on: kind) { _ in
            ScriptedServer.Reply(
                head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(size)\r\n",
                filler: size)
        } _: { _, service in
            await #expect(
                throws: NetworkError.responseTooLarge(limit: WebService.defaultMaximumResponseBytes)
            ) {
                try await service.call(HostileAPI.json)
            }
        }
    }

    // FoundationNetworking has no back-pressure: what libcurl reads ahead queues up for the
    // delegate until the cancel lands, so over loopback an endless body could fill memory in
    // that moment. 30 MB without a length stands for "no end" here.
    @Test("a body without a length is refused at the descriptor's limit", arguments: TransportKind.available)
    func unsizedJSON(kind: TransportKind) async throws {
        try await HostileAPI.withServer(on: kind) { _ in
            ScriptedServer.Reply(
                head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", filler: 30_000_000)
        } _: { _, service in
            await #expect(throws: NetworkError.responseTooLarge(limit: 1000)) {
                try await service.call(HostileAPI.smallJSON)
            }
        }
    }

    @Test(
        "a download past its limit stops, and leaves no file", arguments: TransportKind.available,
        [true, false])
    func endlessDownload(kind: TransportKind, announced: Bool) async throws {
        let length = announced ? "Content-Length: 10000000\r\n" : ""
        try await HostileAPI.withServer(on: kind) { _ in
            ScriptedServer.Reply(
                head: "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\(length)",
                filler: announced ? 10_000_000 : 30_000_000)
        } _: { _, service in
            let file = NetworkIT.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            await #expect(throws: NetworkError.responseTooLarge(limit: 100_000)) {
                try await service.download(HostileAPI.smallFile, to: file)
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test(
        "a body at the limit, or a download under the default limit, arrives whole",
        arguments: TransportKind.available)
    func withinLimits(kind: TransportKind) async throws {
        let body = #"{"status": "ok"}"# + String(repeating: " ", count: 1000 - 16)
        try await HostileAPI.withServer(on: kind) { request in
            request.path == "/json"
                ? .status(200, [("Content-Type", "application/json")], body: body)
                : ScriptedServer.Reply(
                    head: "HTTP/1.1 200 OK\r\nContent-Length: 3000000\r\n", filler: 3_000_000)
        } _: { _, service in
            #expect(try await service.call(HostileAPI.smallJSON).content == TestAPI.Health(status: "ok"))
            let file = NetworkIT.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            _ = try await service.download(HostileAPI.file, to: file)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
            #expect(size?.intValue == 3_000_000)
        }
    }
}

@Suite("Transports against hostile servers: redirects")
struct RedirectTests {
    static let editor = BasicAuthentication(username: "ed", password: "ed-secret-1")
    static let healthy = ScriptedServer.Reply.status(
        200, [("Content-Type", "application/json")], body: #"{"status": "ok"}"#)

    @Test(
        "a same-origin redirect of a GET is followed, credentials included",
        arguments: TransportKind.available)
    func sameOrigin(kind: TransportKind) async throws {
        try await HostileAPI.withServer(on: kind, authentication: Self.editor) { request in
            request.path == "/json" ? .status(302, [("Location", "/moved")]) : Self.healthy
        } _: { server, service in
            let health = try await service.call(HostileAPI.json).content
            #expect(health == TestAPI.Health(status: "ok"))
            #expect(server.requests.map(\.path) == ["/json", "/moved"])
            #expect(server.requests.allSatisfy { $0.header("Authorization")?.hasPrefix("Basic ") == true })
        }
    }

    @Test("a redirect loop stops after 5 hops with tooManyRedirects", arguments: TransportKind.available)
    func loop(kind: TransportKind) async throws {
        try await HostileAPI.withServer(on: kind) { request in
            .status(302, [("Location", request.path == "/json" ? "/again" : "/json")])
        } _: { server, service in
            await #expect(throws: NetworkError.tooManyRedirects) { try await service.call(HostileAPI.json) }
            #expect(server.requests.count == 6)
        }
    }

    @Test(
        "a redirect to another origin is not followed, and the other server never sees the credentials",
        arguments: TransportKind.available)
    func crossOrigin(kind: TransportKind) async throws {
        let other = try ScriptedServer { _ in Self.healthy }
        defer { other.stop() }
        let elsewhere = other.baseURL.appendingPathComponent("json").absoluteString
        try await HostileAPI.withServer(on: kind, authentication: Self.editor) { _ in
            .status(302, [("Location", elsewhere)])
        } _: { _, service in
            await #expect {
                try await service.call(HostileAPI.json)
            } throws: { error in
                guard case NetworkError.unacceptableStatus(302, let headers, _) = error else { return false }
                return headers["Location"] == elsewhere
            }
            #expect(!other.requests.contains { $0.header("Authorization") != nil })
        }
    }
}

@Suite("Transports against hostile servers: framing")
struct FramingTests {
    @Test(
        "a body shorter than its Content-Length is an incomplete body, for a call and for a download",
        arguments: TransportKind.available)
    func shortBody(kind: TransportKind) async throws {
        try await HostileAPI.withServer(on: kind) { _ in
            .status(200, [("Content-Type", "application/json")], body: #"{"status""#, contentLength: 1000)
        } _: { _, service in
            await #expect(throws: NetworkError.incompleteBody(expected: 1000, received: 9)) {
                try await service.call(HostileAPI.json)
            }
            let file = NetworkIT.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            await #expect(throws: NetworkError.incompleteBody(expected: 1000, received: 9)) {
                try await service.download(HostileAPI.file, to: file)
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test(
        "HTML answering a JSON endpoint is an unexpected content type carrying an excerpt",
        arguments: TransportKind.available)
    func htmlForJSON(kind: TransportKind) async throws {
        let page =
            "<html><body><h1>502 Bad Gateway</h1>" + String(repeating: "x", count: 2000) + "</body></html>"
        try await HostileAPI.withServer(on: kind) { _ in
            .status(200, [("Content-Type", "text/html; charset=utf-8")], body: page)
        } _: { _, service in
            await #expect {
                try await service.call(HostileAPI.json)
            } throws: { error in
                guard case NetworkError.unexpectedContentType(let type, let excerpt) = error else {
                    return false
                }
                return type == "text/html; charset=utf-8" && excerpt.hasPrefix("<html><body><h1>502")
                    && excerpt.count < 600
            }
        }
    }

    @Test(
        "JSON with a JSON media type, parameters or a +json suffix, or without a type, decodes",
        arguments: TransportKind.available,
        ["application/json", "application/json; charset=utf-8", "application/problem+json", nil])
    func jsonTypes(kind: TransportKind, type: String?) async throws {
        try await HostileAPI.withServer(on: kind) { _ in
            .status(200, type.map { [("Content-Type", $0)] } ?? [], body: #"{"status": "ok"}"#)
        } _: { _, service in
            let health = try await service.call(HostileAPI.json).content
            #expect(health == TestAPI.Health(status: "ok"))
        }
    }
}

@Suite("Transports: the body of a 401")
struct UnauthorizedBodyTests {
    @Test(
        "a 401 with a challenge comes back with its status, headers and body, without hanging",
        arguments: TransportKind.available)
    func challengeBody(kind: TransportKind) async throws {
        let body = #"{"error": {"code": "unauthorized", "message": "wrong password"}}"#
        let server = try ScriptedServer { _ in
            .status(
                401, [("WWW-Authenticate", #"Basic realm="heroes""#), ("Content-Type", "application/json")],
                body: body)
        }
        defer { server.stop() }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("json"))
        request.setValue("Basic ZWQ6d3Jvbmc=", forHTTPHeaderField: "Authorization")
        let response = try await kind.transport.data(for: request, progress: nil)
        #expect(response.head.status == 401)
        #expect(response.head.headers["WWW-Authenticate"] == #"Basic realm="heroes""#)
        #expect(String(decoding: response.body, as: UTF8.self) == body)
    }
}
