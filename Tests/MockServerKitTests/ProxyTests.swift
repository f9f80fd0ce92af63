import Foundation
import MockServerKit
import Testing

/// `proxyBaseUrl` and `--proxy-all`, over TCP, against a second MockServer and a raw origin.
@Suite("Proxying")
struct ProxyTests {
    /// A proxy stub for every path, beside a more specific stub that wins.
    static func proxyStubs(to origin: String) -> [String: String] {
        [
            "proxy.json": #"""
            {"request": {"urlPattern": "/.*"},
             "response": {"proxyBaseUrl": "\#(origin)",
                          "additionalProxyRequestHeaders": {"X-Proxied-By": "mock"}}}
            """#,
            "local.json": #"""
            {"priority": 1, "request": {"url": "/v1/heroes/0001"},
             "response": {"status": 200, "body": "local"}}
            """#,
        ]
    }

    @Test("a proxy stub forwards method, path, query, headers and body, and returns the origin's answer")
    func forwards() async throws {
        try await withServer { origin, direct in
            try await withStubs(Self.proxyStubs(to: origin.baseURL.absoluteString), heroes: false) {
                _, client in
                let expected = try direct.get("/v1/heroes/0007")
                let since = origin.lastSequence
                let proxied = try client.patient.get(
                    "/v1/heroes/0007?fields=all",
                    headers: [("X-Mock-Fault", "status:500"), ("Accept", "*/*")])
                #expect(proxied.status == 500, "this server's own fault header still applies here")
                let answer = try client.patient.get(
                    "/v1/heroes/0007?x=1", headers: [("Accept", "application/json")])
                #expect(answer.status == 200)
                #expect(answer.body == expected.body)
                #expect(answer.header("ETag") == expected.header("ETag"))
                #expect(
                    answer.headers.filter { $0.name.lowercased() == "date" }.count == 1, "\(answer.headers)")
                #expect(answer.header("Content-Length") == String(expected.body.count))
                let created = try client.patient.send(
                    "POST", "/v1/heroes",
                    json: #"{"code_name": "Proxied Owl", "powers": ["flight"], "team_id": null}"#)
                #expect(created.status == 201, "\(created.text)")
                let seen = try await origin.waitForRequests(count: 2, since: since)
                #expect(seen.count == 2)
                #expect(seen[0].path == "/v1/heroes/0007" && seen[0].query == "x=1")
                #expect(seen[0].value("X-Proxied-By") == "mock")
                #expect(seen[0].value("Accept") == "application/json")
                #expect(seen[0].value("X-Mock-Fault") == nil, "this server's controls are not forwarded")
                #expect(seen[1].method == "POST" && seen[1].text?.contains("Proxied Owl") == true)
                #expect(seen[1].value("Authorization") != nil)
                // A fault's delivery applies to the proxied answer: the head, then 10 bytes, then close.
                let truncated = try RawConnection(port: client.port)
                try truncated.send(
                    "GET /v1/heroes/0007 HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: truncate-body:10\r\n\r\n")
                let wire = String(decoding: truncated.readToEnd(), as: UTF8.self)
                let parts = wire.components(separatedBy: "\r\n\r\n")
                #expect(parts.first?.contains("Content-Length: \(expected.body.count)") == true, "\(wire)")
                #expect(parts.count == 2 && parts[1].utf8.count == 10)
                let local = try client.patient.get("/v1/heroes/0001")
                #expect(local.text == "local", "a stub of higher priority answers instead of the proxy")
                #expect(origin.lastSequence == since + 3)
            }
        }
    }

    @Test("an origin's 401 with a challenge reaches the client as a 401 with its challenge, not a 502")
    func challengePassesThrough() async throws {
        try await withServer { origin, _ in
            try await withStubs(Self.proxyStubs(to: origin.baseURL.absoluteString), heroes: false) {
                _, client in
                let refused = try client.patient.send(
                    "POST", "/v1/heroes", json: #"{"code_name": "No Key", "powers": []}"#, authorization: nil)
                #expect(refused.status == 401, "\(refused.status) \(refused.text)")
                #expect(refused.header("WWW-Authenticate")?.lowercased().hasPrefix("basic") == true)
            }
        }
    }

    @Test("--proxy-all sends what no stub matches to the origin, before the hero routes")
    func proxyAll() async throws {
        try await withServer { origin, _ in
            let root = try stubRoot([
                "local.json": #"{"request": {"url": "/local"}, "response": {"body": "here"}}"#
            ])
            defer { try? FileManager.default.removeItem(at: root) }
            try await withServer(
                .test {
                    $0.rootDirectory = root
                    $0.proxyAll = origin.baseURL
                }
            ) { _, client in
                #expect(try client.patient.get("/local").text == "here")
                let hero = try client.patient.get("/v1/heroes/0007")
                #expect(hero.status == 200 && hero.json["code_name"] != nil)
                #expect(try client.patient.get("/nowhere").status == 404)
                let seen = try await origin.waitForRequests(count: 2)
                #expect(seen.map(\.path) == ["/v1/heroes/0007", "/nowhere"])
            }
            // Without a root directory too.
            try await withServer(.test { $0.proxyAll = origin.baseURL }) { _, client in
                let teams = try client.patient.get("/v1/teams")
                #expect(teams.status == 200)
                #expect(origin.requests().last?.path == "/v1/teams")
            }
        }
    }

    @Test("a redirect is passed to the client, not followed")
    func redirect() async throws {
        let origin = try RawOrigin { _ in
            .bytes(RawOrigin.response(302, [("Location", "/elsewhere")], body: Array("moved".utf8)))
        }
        defer { origin.stop() }
        try await withServer(.test { $0.proxyAll = URL(string: origin.baseURL) }) { _, client in
            let answer = try client.patient.get("/start")
            #expect(answer.status == 302)
            #expect(answer.header("Location") == "/elsewhere")
            #expect(answer.text == "moved")
            #expect(origin.received.count == 1)
        }
    }

    @Test("a gzip answer arrives decoded, without Content-Encoding and with its own length")
    func gzip() async throws {
        let compressed: [UInt8] = [
            31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 202, 72, 205, 201, 201, 87, 178, 82, 80, 74, 175, 202,
            44, 80, 40, 207, 47, 202, 73, 81, 170, 5, 0, 106, 13, 109, 134, 23, 0, 0, 0,
        ]
        let origin = try RawOrigin { _ in
            .bytes(
                RawOrigin.response(
                    200, [("Content-Encoding", "gzip"), ("Content-Type", "application/json")],
                    body: compressed))
        }
        defer { origin.stop() }
        try await withServer(.test { $0.proxyAll = URL(string: origin.baseURL) }) { _, client in
            let answer = try client.patient.get("/data", headers: [("Accept-Encoding", "gzip")])
            #expect(answer.status == 200)
            #expect(answer.text == #"{"hello": "gzip world"}"#)
            #expect(answer.header("Content-Encoding") == nil)
            #expect(answer.header("Content-Length") == String(answer.body.count))
            #expect(answer.header("Content-Type") == "application/json")
        }
    }

    @Test("an origin that refuses, sends too much, or answers nothing gets the client a 502 naming it")
    func failures() async throws {
        let large = try RawOrigin { _ in
            .bytes(RawOrigin.response(200, body: [UInt8](repeating: 65, count: 5 * 1024 * 1024 + 1)))
        }
        defer { large.stop() }
        // A port that was free a moment ago: nothing listens there now.
        let closed = try RawOrigin { _ in .silence }
        closed.stop()
        try await withStubs([
            "large.json":
                #"{"request": {"url": "/large"}, "response": {"proxyBaseUrl": "\#(large.baseURL)"}}"#,
            "closed.json":
                #"{"request": {"url": "/closed"}, "response": {"proxyBaseUrl": "\#(closed.baseURL)"}}"#,
        ]) { server, client in
            let tooLarge = try client.patient.get("/large")
            #expect(tooLarge.status == 502)
            #expect(
                tooLarge.text.contains(large.baseURL) && tooLarge.text.contains("limit"), "\(tooLarge.text)")
            let refused = try client.patient.get("/closed")
            #expect(refused.status == 502)
            #expect(
                refused.text.contains(closed.baseURL) && refused.text.contains("refused"), "\(refused.text)")
            #expect(try client.patient.get("/v1/heroes/0007").status == 200, "the server keeps serving")
            let statuses = server.requests().map(\.status)
            #expect(statuses.filter { $0 == 502 }.count == 2)
        }
    }

    @Test("a silent or endless origin costs the loop nothing, and its client gets a 502 after the timeout")
    func slowOrigin() async throws {
        let silent = try RawOrigin { _ in .silence }
        let endless = try RawOrigin { _ in
            // No length: a body read until the origin closes, which it never does.
            .endless(head: "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", milliseconds: 20)
        }
        defer {
            silent.stop()
            endless.stop()
        }
        let root = try stubRoot([
            "silent.json":
                #"{"request": {"url": "/silent"}, "response": {"proxyBaseUrl": "\#(silent.baseURL)"}}"#,
            "endless.json":
                #"{"request": {"url": "/endless"}, "response": {"proxyBaseUrl": "\#(endless.baseURL)"}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let timeout = TestTime.budget(.seconds(2))
        try await withServer(
            .test {
                $0.rootDirectory = root
                $0.proxyTimeout = timeout
            }
        ) { _, client in
            let waiting = try RawConnection(port: client.port)
            try waiting.send("GET /silent HTTP/1.1\r\nHost: x\r\n\r\n")
            let trickled = try RawConnection(port: client.port)
            try trickled.send("GET /endless HTTP/1.1\r\nHost: x\r\n\r\n")
            // Both wait on their origins; other requests answer at once meanwhile.
            for _ in 0..<5 {
                let clock = ContinuousClock()
                let started = clock.now
                #expect(try client.patient.get("/health").status == 200)
                // Blocked by the origins, it would wait their whole timeout.
                #expect(clock.now - started < timeout / 2)
            }
            let clock = ContinuousClock()
            let started = clock.now
            let silentAnswer = try waiting.readResponse()
            let endlessAnswer = try trickled.readResponse()
            #expect(silentAnswer.status == 502 && silentAnswer.text.contains(silent.baseURL))
            #expect(endlessAnswer.status == 502 && endlessAnswer.text.contains("did not answer"))
            #expect(clock.now - started < timeout + TestTime.budget(.seconds(1)))
        }
    }

    @Test("a proxied answer is sent as soon as it comes, not at a timer's tick")
    func prompt() async throws {
        try await withServer { origin, _ in
            try await withServer(.test { $0.proxyAll = origin.baseURL }) { _, client in
                _ = try client.patient.get("/v1/teams")  // the session's first connection
                let clock = ContinuousClock()
                var times: [Duration] = []
                for _ in 0..<7 {
                    let started = clock.now
                    #expect(try client.patient.get("/v1/teams").status == 200)
                    times.append(clock.now - started)
                }
                // Without the loop's nudge each waits for the next sweep, about a second; the
                // median keeps one slow turn of a loaded machine from deciding.
                #expect(times.sorted()[3] < TestTime.budget(.milliseconds(400)), "\(times)")
            }
        }
    }

    @Test("a proxyBaseUrl that is not an absolute http or https URL is refused at load")
    func badBaseURL() async throws {
        let error = try await startError([
            "bad.json": #"{"request": {"url": "/x"}, "response": {"proxyBaseUrl": "ftp://example.com"}}"#
        ])
        #expect(
            error?.description.contains("$.response.proxyBaseUrl") == true, "\(String(describing: error))")
    }
}
