import Foundation
import MockServerKit
import Testing

@Suite("WireMock responses and faults over TCP")
struct StubResponseTests {
    @Test("status, statusMessage and multi-valued headers arrive as written")
    func head() async throws {
        let stub = #"""
            {"request": {"urlPath": "/teapot"},
             "response": {"status": 418, "statusMessage": "I'm a teapot", "body": "short and stout",
               "headers": {"Content-Type": "text/plain", "Set-Cookie": ["a=1", "b=2"], "Content-Length": "999"}}}
            """#
        try await withStubs(["t.json": stub], heroes: false) { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /teapot HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let text = String(decoding: connection.readToEnd(), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 418 I'm a teapot\r\n"))
            #expect(text.contains("\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n"))
            #expect(text.contains("\r\nContent-Type: text/plain\r\n"))
            // The server frames the body itself: the stub's Content-Length is not sent.
            #expect(text.contains("\r\nContent-Length: 15\r\n"))
            #expect(!text.contains("999"))
            #expect(text.hasSuffix("\r\n\r\nshort and stout"))
        }
    }

    @Test("a stub's own Date is the one Date sent; without one the server sends its own")
    func oneDate() async throws {
        let stubs = [
            "dated.json": #"""
            {"request": {"urlPath": "/dated"},
             "response": {"body": "x", "headers": {"date": "Tue, 01 Dec 2026 10:00:00 GMT"}}}
            """#,
            "plain.json": #"{"request": {"urlPath": "/plain"}, "response": {"body": "x"}}"#,
        ]
        try await withStubs(stubs, heroes: false) { server, _ async throws in
            for (path, expected) in [("/dated", "Tue, 01 Dec 2026 10:00:00 GMT"), ("/plain", nil)] {
                let connection = try RawConnection(port: server.port)
                try connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                let head = String(decoding: connection.readToEnd(), as: UTF8.self)
                    .components(separatedBy: "\r\n\r\n")[0].lowercased()
                let dates = head.components(separatedBy: "\r\n").filter { $0.hasPrefix("date: ") }
                #expect(dates.count == 1, "\(path): \(dates)")
                if let expected { #expect(dates.first == "date: " + expected.lowercased()) }
            }
        }
    }

    @Test("body, jsonBody, base64Body and bodyFileName give their bytes")
    func bodies() async throws {
        let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]
        let mappings = [
            "body.json": #"{"request": {"urlPath": "/body"}, "response": {"body": "plain"}}"#,
            "json.json":
                #"{"request": {"urlPath": "/json"}, "response": {"jsonBody": {"a": [1, true, null]}}}"#,
            "b64.json":
                #"{"request": {"urlPath": "/b64"}, "response": {"base64Body": "\#(Data(picture).base64EncodedString())"}}"#,
            "file.json": #"{"request": {"urlPath": "/file"}, "response": {"bodyFileName": "pics/one.png"}}"#,
            "empty.json": #"{"request": {"urlPath": "/empty"}, "response": {"status": 204}}"#,
        ]
        try await withStubs(mappings, files: ["pics/one.png": picture], heroes: false) {
            _, client async throws in
            #expect(try client.get("/body").text == "plain")
            let json = try client.get("/json")
            #expect((json.json["a"] as? [Any])?.count == 3)
            #expect(try client.get("/b64").body == picture)
            #expect(try client.get("/file").body == picture)
            #expect(try client.get("/empty").status == 204)
        }
    }

    @Test("fixedDelayMilliseconds holds the response that long")
    func delay() async throws {
        let stub =
            #"{"request": {"urlPath": "/slow"}, "response": {"body": "late", "fixedDelayMilliseconds": 250}}"#
        try await withStubs(["slow.json": stub], heroes: false) { _, client async throws in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try client.get("/slow").text == "late")
            #expect(clock.now - start >= .milliseconds(250))
        }
    }

    @Test("delayDistribution: a uniform delay is drawn within its bounds, a lognormal one around its median")
    func delayDistribution() async throws {
        let uniform = #"""
            {"request": {"urlPath": "/uniform"},
             "response": {"body": "u", "delayDistribution": {"type": "uniform", "lower": 150, "upper": 200}}}
            """#
        let lognormal = #"""
            {"request": {"urlPath": "/lognormal"},
             "response": {"body": "l", "delayDistribution": {"type": "lognormal", "median": 100, "sigma": 0}}}
            """#
        try await withStubs(["u.json": uniform, "l.json": lognormal], heroes: false) {
            _, client async throws in
            let clock = ContinuousClock()
            var start = clock.now
            #expect(try client.get("/uniform").text == "u")
            #expect(clock.now - start >= .milliseconds(150))
            start = clock.now
            // With no spread, the draw is the median itself.
            #expect(try client.get("/lognormal").text == "l")
            #expect(clock.now - start >= .milliseconds(100))
        }
        let error = try await startError([
            "bad.json": #"{"request": {}, "response": {"delayDistribution": {"type": "pareto"}}}"#
        ])
        #expect(
            error?.description
                == "mappings/bad.json: $.response.delayDistribution.type: unknown delay distribution pareto; known: uniform, lognormal"
        )
    }

    @Test("chunkedDribbleDelay sends the head at once, then the body in that many pieces over that long")
    func dribble() async throws {
        let stub = #"""
            {"request": {"urlPath": "/chunked/delayed"},
             "response": {"status": 200, "body": "Hello world!", "chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 500}}}
            """#
        try await withStubs(["d.json": stub], heroes: false) { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            let clock = ContinuousClock()
            let start = clock.now
            try connection.send("GET /chunked/delayed HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try connection.readHead()
            let headArrived = clock.now
            #expect(head.status == 200)
            #expect(try connection.readExactly(12) == Array("Hello world!".utf8))
            // Lower bounds only: a loaded machine may be late to read, never early. Sent whole,
            // the body would come with the head; the pieces keep it coming for 500 ms after.
            #expect(clock.now - headArrived >= .milliseconds(250), "the head comes before the pieces")
            #expect(clock.now - start >= .milliseconds(500))
        }
    }

    @Test("--latency and a fault header's delay come on top of the stub's fixed delay")
    func delaysAddUp() async throws {
        let stub =
            #"{"request": {"urlPath": "/slow"}, "response": {"body": "late", "fixedDelayMilliseconds": 150}}"#
        let root = try stubRoot(["slow.json": stub])
        defer { try? FileManager.default.removeItem(at: root) }
        try await withServer(
            .test {
                $0.rootDirectory = root
                $0.latencyMilliseconds = 100
            }
        ) { _, client async throws in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try client.get("/slow", headers: [("X-Mock-Fault", "delay:100ms")]).text == "late")
            #expect(clock.now - start >= .milliseconds(350))
        }
    }

    static func faultStub(_ fault: String) -> String {
        #"{"request": {"urlPath": "/\#(fault)"}, "response": {"fault": "\#(fault)", "body": "a whole body"}}"#
    }

    @Test("CONNECTION_RESET_BY_PEER and EMPTY_RESPONSE end the connection without a response")
    func connectionFaults() async throws {
        let faults = ["CONNECTION_RESET_BY_PEER", "EMPTY_RESPONSE"]
        try await withStubs(
            Dictionary(uniqueKeysWithValues: faults.map { ("\($0).json", Self.faultStub($0)) }), heroes: false
        ) { server, client async throws in
            for fault in faults {
                let connection = try RawConnection(port: server.port)
                try connection.send("GET /\(fault) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(throws: (any Error).self, "\(fault)") { try connection.readResponse() }
                #expect(connection.isClosed())
            }
            #expect(try client.get("/nothing").status == 404)
        }
    }

    @Test("MALFORMED_RESPONSE_CHUNK promises a body and breaks off inside it")
    func malformedChunk() async throws {
        try await withStubs(["m.json": Self.faultStub("MALFORMED_RESPONSE_CHUNK")], heroes: false) {
            server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /MALFORMED_RESPONSE_CHUNK HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try connection.readHead()
            #expect(head.status == 200)
            let promised = try #require(Int(head.header("content-length") ?? ""))
            #expect(connection.readToEnd().count < promised)
        }
    }

    @Test("RANDOM_DATA_THEN_CLOSE sends bytes that are not HTTP, then closes")
    func randomData() async throws {
        try await withStubs(["r.json": Self.faultStub("RANDOM_DATA_THEN_CLOSE")], heroes: false) {
            server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /RANDOM_DATA_THEN_CLOSE HTTP/1.1\r\nHost: x\r\n\r\n")
            let bytes = connection.readToEnd()
            #expect(!bytes.isEmpty)
            #expect(!bytes.starts(with: Array("HTTP/".utf8)))
        }
    }

    @Test("a stubbed request is journalled, and X-Mock-Fault still applies to it")
    func journalAndHeaderFaults() async throws {
        let stub = #"{"request": {"urlPath": "/j"}, "response": {"body": "ok"}}"#
        try await withStubs(["j.json": stub], heroes: false) { server, client async throws in
            #expect(try client.get("/j", headers: [("X-Mock-Fault", "status:503")]).status == 503)
            #expect(try client.get("/j").text == "ok")
            let seen = try await server.waitForRequests(count: 2)
            #expect(seen.map(\.status) == [503, 200])
            #expect(seen.allSatisfy { $0.path == "/j" })
        }
    }
}
