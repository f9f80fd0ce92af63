import Foundation
import MockServerKit
import Testing

@Suite("Request journal and reset")
struct JournalTests {
    @Test("each request is recorded with a sequence number, method, path, query, headers, body and status")
    func records() async throws {
        try await withServer { server, client async throws in
            _ = try client.get("/v1/heroes?page=2", headers: [("X-Trace", "abc")])
            _ = try client.send("POST", "/v1/heroes", json: #"{"code_name":"Journal"}"#)
            let entries = try await server.waitForRequests(count: 2)
            #expect(entries.map(\.sequence) == [1, 2])
            #expect(entries[0].method == "GET")
            #expect(entries[0].path == "/v1/heroes")
            #expect(entries[0].query == "page=2")
            #expect(entries[0].value("x-trace") == "abc")
            #expect(entries[0].status == 200)
            #expect(entries[1].text == #"{"code_name":"Journal"}"#)
            #expect(entries[1].status == 201)
            #expect(server.lastSequence == 2)
        }
    }

    @Test("a test waits for requests made elsewhere without sleeping")
    func waits() async throws {
        try await withServer { server, client async throws in
            let since = server.lastSequence
            async let entries = server.waitForRequests(count: 3, since: since)
            Task(executorPreference: BlockingExecutor.shared) {
                for _ in 0..<3 { _ = try client.get("/health") }
            }
            #expect(try await entries.count == 3)
        }
    }

    @Test("a wait that is never satisfied throws after its timeout")
    func waitTimesOut() async throws {
        try await withServer { server, _ async throws in
            await #expect(throws: MockServerError.self) {
                try await server.waitForRequests(count: 1, timeout: .milliseconds(50))
            }
        }
    }

    @Test("the journal is a bounded ring: old entries drop, sequence numbers keep growing")
    func bounded() async throws {
        try await withServer(.test { $0.journalCapacity = 5 }) { server, client async throws in
            for _ in 0..<8 { _ = try client.get("/health") }
            let entries = server.requests()
            #expect(entries.map(\.sequence) == [4, 5, 6, 7, 8])
            #expect(server.requests(since: 6).map(\.sequence) == [7, 8])
            server.clearRequests()
            #expect(server.requests().isEmpty)
            _ = try client.get("/health")
            #expect(server.requests().map(\.sequence) == [9])
        }
    }

    @Test("the journal over HTTP: GET since N, DELETE clears, admin calls are not recorded")
    func overHTTP() async throws {
        try await withServer { _, client async throws in
            _ = try client.get("/health")
            _ = try client.get("/v1/teams", headers: [("X-Mock-Fault", "delay:1ms")])
            let all = try client.get("/__admin/requests")
            let items = try #require(all.json["items"] as? [[String: Any]])
            #expect(items.compactMap { $0["path"] as? String } == ["/health", "/v1/teams"])
            #expect(items.last?["fault"] as? String == "delay:1ms")
            let since = try client.get("/__admin/requests?since=1")
            #expect((since.json["items"] as? [Any])?.count == 1)
            #expect(try client.request("DELETE", "/__admin/requests").status == 204)
            #expect((try client.get("/__admin/requests").json["items"] as? [Any])?.isEmpty == true)
            #expect(try client.get("/__admin/requests?since=x").status == 400)
        }
    }

    @Test("a long poll on the journal waits, then answers as soon as a request is recorded")
    func longPoll() async throws {
        try await withServer { server, client async throws in
            let since = server.lastSequence
            let waiting = try RawConnection(port: server.port, timeout: 0.3)
            try waiting.send("GET /__admin/requests?since=\(since)&wait=10000 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(throws: (any Error).self) { try waiting.readHead() }  // nothing yet: it waits
            // The answer itself may take a loaded machine longer than the 0.3 s of silence above.
            waiting.setReceiveTimeout(TestTime.budget(seconds: 5))
            _ = try client.get("/v1/teams")
            let response = try waiting.readResponse()
            let items = try #require(response.json["items"] as? [[String: Any]])
            #expect(items.compactMap { $0["path"] as? String } == ["/v1/teams"])
            try waiting.send("GET /__admin/requests?since=\(since + 1) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect((try waiting.readResponse().json["items"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a long poll that is not satisfied answers what there is when its wait ends")
    func longPollTimesOut() async throws {
        try await withServer { server, client async throws in
            _ = try client.get("/health")
            let clock = ContinuousClock()
            let start = clock.now
            let response = try client.get("/__admin/requests?since=0&wait=150&count=2")
            #expect(clock.now - start >= .milliseconds(150))
            #expect((response.json["items"] as? [Any])?.count == 1)
            #expect(try client.get("/__admin/requests?wait=x").status == 400)
        }
    }

    @Test("reset restores the fixtures, over HTTP and in-process")
    func reset() async throws {
        try await withServer { server, client async throws in
            #expect(try client.send("DELETE", "/v1/heroes/0001", json: "").status == 204)
            #expect(try client.request("POST", "/__admin/reset").status == 204)
            #expect(try client.get("/v1/heroes/0001").status == 200)
            #expect(try client.send("DELETE", "/v1/heroes/0001", json: "").status == 204)
            try server.reset()
            #expect(try client.get("/v1/heroes/0001").status == 200)
        }
    }
}
