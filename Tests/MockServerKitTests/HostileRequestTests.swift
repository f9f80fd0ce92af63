import Foundation
import MockServerKit
import Testing

/// Issue 32's time bounds, over TCP: while one hostile client runs, a concurrent `GET /health`
/// answers within a bound of its unloaded time (asserted generously, `LoopLatency.bound`; printed).
@Suite(
    "Hostile requests: no request holds the event loop",
    // Under a sanitizer every thread is ten times slower, and these clients' load starves the
    // rest of the suite; they run in the plain suite, where their bounds mean something.
    .enabled(if: LoopLatency.scale == 1, "a load test, run without a sanitizer"))
struct HostileRequestTests {
    /// Prints the figures and checks the bound.
    static func check(_ name: String, unloaded: Double, loaded: Double) {
        print(
            String(
                format: "%@: GET /health worst %.1f ms unloaded, %.1f ms beside the hostile client", name,
                unloaded * 1000, loaded * 1000))
        #expect(loaded - unloaded < LoopLatency.bound, "\(name): the concurrent client waited \(loaded) s")
    }

    @Test("1: a body nested 500 deep is refused by JSON matchers before parsing, in bounded time")
    func deepJSON() async throws {
        let stub = #"""
            {"request": {"method": "POST", "urlPath": "/deep", "bodyPatterns": [{"equalToJson": {"a": 1}}]},
             "response": {"status": 200, "body": "ok"}}
            """#
        try await withStubs(["deep.json": stub]) { server, client in
            let one = String(repeating: #"{"a":"#, count: 500) + "1" + String(repeating: "}", count: 500)
            let body = Array(("[" + Array(repeating: one, count: 40).joined(separator: ",") + "]").utf8)
            let answer = try client.request("POST", "/deep", body: body)
            #expect(answer.status == 404)
            #expect(answer.text.contains("deeper than 64 levels"))
            let port = server.port
            let unloaded = LoopLatency.unloaded(port: port)
            let loaded = LoopLatency.worst(port: port) {
                for _ in 0..<20 {
                    _ = try? TestClient(port: port).request("POST", "/deep", body: body)
                }
            }
            Self.check("nested JSON", unloaded: unloaded, loaded: loaded)
        }
    }

    @Test(
        "5: a runaway regular expression stops at the request's budget; a closed client's pipeline is dropped"
    )
    func runawayRegex() async throws {
        var mappings: [String: String] = [:]
        for number in 1...5 {
            mappings["r\(number).json"] =
                #"{"request": {"urlPattern": "/r/(a+)+b\#(number)"}, "response": {"status": 200}}"#
        }
        try await withStubs(mappings) { server, client in
            let target = "/r/" + String(repeating: "a", count: 32) + "c"
            let start = Date()
            let answer = try client.get(target)
            let spent = Date().timeIntervalSince(start)
            print(String(format: "runaway regex: one request answered in %.1f ms", spent * 1000))
            #expect(answer.status == 404)
            #expect(answer.text.contains("matching budget"))
            #expect(spent < LoopLatency.bound)
            let port = server.port
            let before = server.lastSequence
            let unloaded = LoopLatency.unloaded(port: port)
            let loaded = LoopLatency.worst(port: port) {
                let pipeline = Array(
                    repeating: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 8
                ).joined()
                for _ in 0..<3 {
                    // Eight requests in one write, and the socket closed at once.
                    do {
                        let connection = try RawConnection(port: port)
                        try connection.send(pipeline)
                    } catch {}
                    usleep(300_000)
                }
            }
            Self.check("runaway regex", unloaded: unloaded, loaded: loaded)
            let served = server.requests(since: before).filter { $0.path.hasPrefix("/r/") }.count
            print("runaway regex: \(served) of 24 pipelined requests from closed clients served")
            #expect(served <= 6, "a closed client's pipelined requests were served: \(served)")
        }
    }

    @Test("6: a near miss against thousands of stubs costs a bounded number of comparisons")
    func nearMissBudget() async throws {
        let stubs = (0..<2_000).map {
            #"{"request": {"urlPath": "/api/x/item\#($0)"}, "response": {"status": 200}}"#
        }
        let patterns = (0..<2_000).map {
            #"{"request": {"urlPathPattern": "/api/[a-z]+/item\#($0)"}, "response": {"status": 200}}"#
        }
        let file = #"{"mappings": ["# + (stubs + patterns).joined(separator: ",") + "]}"
        try await withStubs(["many.json": file]) { server, client in
            let target = "/api/" + String(repeating: "a", count: 15_000) + "/nothing"
            let answer = try client.get(target)
            #expect(answer.status == 404)
            #expect(answer.text.contains("Closest stub"))
            let port = server.port
            let unloaded = LoopLatency.unloaded(port: port)
            let loaded = LoopLatency.worst(port: port) {
                let pipeline = Array(
                    repeating: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 30
                ).joined()
                guard let connection = try? RawConnection(port: port, timeout: 30) else { return }
                try? connection.send(pipeline)
                for _ in 0..<30 { _ = try? connection.readResponse() }
            }
            Self.check("near misses", unloaded: unloaded, loaded: loaded)
        }
    }

    @Test(
        "8: a flat JSON body over 1 MiB or 50,000 values is not parsed by JSON matchers; one under costs little"
    )
    func largeJSON() async throws {
        let stub = #"""
            {"request": {"method": "POST", "urlPath": "/todos", "bodyPatterns": [{"matchesJsonPath": "$.title"}]},
             "response": {"status": 201}}
            """#
        try await withStubs(["todos.json": stub]) { server, client in
            let large = Array(("[" + (0..<2_200_000).map { _ in "1" }.joined(separator: ",") + "]").utf8)
            #expect(large.count > 4_000_000)
            let answer = try client.request("POST", "/todos", body: large)
            #expect(answer.status == 404)
            #expect(answer.text.contains("over the 1048576-byte limit"))
            let many = Array(("[" + (0..<60_000).map { _ in "1" }.joined(separator: ",") + "]").utf8)
            #expect(try client.request("POST", "/todos", body: many).text.contains("over 50000 values"))
            let within = Array(("[" + (0..<40_000).map { _ in "1" }.joined(separator: ",") + "]").utf8)
            let start = Date()
            #expect(try client.request("POST", "/todos", body: within).status == 404)
            print(
                String(
                    format: "large JSON: a %d-byte flat array answered in %.1f ms", within.count,
                    Date().timeIntervalSince(start) * 1000))
            let port = server.port
            let unloaded = LoopLatency.unloaded(port: port)
            let loaded = LoopLatency.worst(port: port) {
                for _ in 0..<5 { _ = try? TestClient(port: port).request("POST", "/todos", body: large) }
            }
            Self.check("large JSON", unloaded: unloaded, loaded: loaded)
        }
    }

    @Test("leading empty lines count against the 16 KiB head limit")
    func leadingEmptyLines() async throws {
        try await withServer { server, _ in
            let few = try RawConnection(port: server.port)
            try few.send(String(repeating: "\r\n", count: 100) + "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try few.readResponse().status == 200)
            let many = try RawConnection(port: server.port)
            try many.send(
                String(repeating: "\r\n", count: 100_000) + "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try many.readResponse().status == 431)
        }
    }
}
