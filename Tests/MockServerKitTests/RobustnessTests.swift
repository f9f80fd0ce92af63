import Foundation
import MockServerKit
import Testing

@Suite("Robustness: malformed input, slow and vanishing clients, many connections")
struct RobustnessTests {
    static let malformed: [(String, String, Int)] = [
        ("bare LF", "GET /health HTTP/1.1\nHost: x\n\n", 400),
        ("garbage request line", "HELLO\r\n\r\n", 400),
        ("two spaces in the request line", "GET  /health HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("a lowercase version", "GET /health http/1.1\r\nHost: x\r\n\r\n", 400),
        ("HTTP/2.0", "GET /health HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        ("HTTP/0.9", "GET /health HTTP/0.9\r\nHost: x\r\n\r\n", 505),
        ("no Host", "GET /health HTTP/1.1\r\n\r\n", 400),
        ("two Hosts", "GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("a bad Host", "GET /health HTTP/1.1\r\nHost: a b/c\r\n\r\n", 400),
        ("whitespace before a colon", "GET /health HTTP/1.1\r\nHost : x\r\n\r\n", 400),
        ("obsolete line folding", "GET /health HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n 2\r\n\r\n", 400),
        ("a NUL in a value", "GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n", 400),
        ("a field without a colon", "GET /health HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400),
        (
            "Content-Length with Transfer-Encoding",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            400
        ),
        (
            "a negative Content-Length", "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
            400
        ),
        (
            "an overflowing Content-Length",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 400
        ),
        (
            "a signed Content-Length", "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc",
            400
        ),
        (
            "two different Content-Lengths",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nContent-Length: 1, 2\r\n\r\nab", 400
        ),
        (
            "an unknown transfer coding before chunked",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501
        ),
        (
            "chunked not last",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400
        ),
        (
            "a transfer coding without chunked",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 400
        ),
        (
            "chunked twice",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", 400
        ),
        (
            "a bad chunk size",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400
        ),
        (
            "chunk data without its CRLF",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabcd\r\n0\r\n\r\n",
            400
        ),
        (
            "an oversized chunk",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n600000\r\n",
            413
        ),
        ("a body over 5 MiB", "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nContent-Length: 5242881\r\n\r\n", 413),
        (
            "a head over 16 KiB",
            "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 17_000))\r\n\r\n", 431
        ),
        (
            "an unknown expectation",
            "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nContent-Length: 0\r\n\r\n", 417
        ),
        ("a target that is not a path", "GET health HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        (
            "a transfer coding in HTTP/1.0",
            "POST /v1/heroes HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400
        ),
    ]

    @Test(
        "a malformed request gets its status with an error body, the connection closes, the server lives on",
        arguments: malformed)
    func malformedRequest(name: String, request: String, status: Int) async throws {
        try await withServer { server, client async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send(request)
            let response = try connection.readResponse()
            #expect(response.status == status, "\(name)")
            #expect(response.errorCode != nil, "\(name)")
            #expect(response.header("connection") == "close", "\(name)")
            #expect(connection.isClosed(), "\(name)")
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test("a client that closes mid-head or mid-body does not disturb the server", arguments: [false, true])
    func vanishingClients(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, client async throws in
            for partial in [
                "GET /health HTTP/1.1\r\nHo",
                "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"code",
                "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc",
            ] {
                let connection = try RawConnection(port: server.port)
                try connection.send(partial)
            }
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test(
        "a client that leaves before reading large answers does not kill the server (no SIGPIPE)",
        arguments: [false, true])
    func leavesBeforeReading(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, client async throws in
            for _ in 0..<5 {
                let connection = try RawConnection(port: server.port)
                try connection.send(
                    String(repeating: "GET /v1/heroes?per_page=100 HTTP/1.1\r\nHost: x\r\n\r\n", count: 50))
            }
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test("a slowloris client is answered 408 and cut off", arguments: [false, true])
    func slowloris(usesPoll: Bool) async throws {
        try await withServer(
            .test {
                $0.usesPoll = usesPoll
                $0.requestTimeout = .milliseconds(300)
            }
        ) {
            server, client async throws in
            let connection = try RawConnection(port: server.port)
            let clock = ContinuousClock()
            let start = clock.now
            try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n")
            try await Task.sleep(for: .milliseconds(100))
            try connection.send("X-Slow: 1\r\n")  // progress does not extend the deadline
            let response = try connection.readResponse()
            #expect(response.status == 408)
            #expect(connection.isClosed())
            #expect(clock.now - start < TestTime.budget(.seconds(3)))
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test("an idle connection is closed after the idle timeout", arguments: [false, true])
    func idle(usesPoll: Bool) async throws {
        try await withServer(
            .test {
                $0.usesPoll = usesPoll
                $0.idleTimeout = .milliseconds(200)
            }
        ) { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
            let clock = ContinuousClock()
            let start = clock.now
            #expect(connection.isClosed())
            #expect(clock.now - start < TestTime.budget(.seconds(3)))
        }
    }

    @Test("200 concurrent connections are all served", arguments: [false, true])
    func concurrentConnections(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, client async throws in
            let connections = try (0..<200).map { _ in try RawConnection(port: server.port) }
            for (index, connection) in connections.enumerated() {
                try connection.send(
                    "GET /v1/heroes/\(String(format: "%04d", index % 40 + 1)) HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            for (index, connection) in connections.enumerated() {
                let response = try connection.readResponse()
                #expect(response.json["id"] as? String == String(format: "%04d", index % 40 + 1))
            }
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test(
        "connections over the cap, all with a request under way, are answered 503 and closed",
        arguments: [false, true])
    func connectionCap(usesPoll: Bool) async throws {
        try await withServer(
            .test {
                $0.usesPoll = usesPoll
                $0.maximumConnections = 3
            }
        ) { server, _ async throws in
            // Each has begun a request, so none is idle enough to make room (issue 40).
            let held = try (0..<3).map { _ in try RawConnection(port: server.port) }
            for connection in held { try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n") }
            // Time for the loop to read the partial heads before the next connection comes.
            try await Task.sleep(for: TestTime.budget(.milliseconds(300)))
            let extra = try RawConnection(port: server.port)
            let refused = try extra.readResponse()
            #expect(refused.status == 503)
            #expect(extra.isClosed())
            try held[0].send("\r\n")
            #expect(try held[0].readResponse().status == 200)
        }
    }
}
