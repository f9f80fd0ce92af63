import Foundation
import MockServerKit
import Testing

/// Issue 40, finding 2: one client's many connections of costly requests hold a concurrent
/// request for at most one of them, whether it is a hero route or a cheap stub.
@Suite(
    "Hostile connections: many costly requests take turns with the others",
    .enabled(if: LoopLatency.scale == 1, "a load test, run without a sanitizer"))
struct HostileConnectionsTests {
    /// Seconds for one `GET target` on a fresh connection, or `timeout` when it gives up.
    static func time(_ target: String, port: Int, timeout: Double = 2 * LoopLatency.bound) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let connection = try RawConnection(port: port, timeout: timeout)
            try connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            guard try connection.readResponse().status == 200 else { return timeout }
        } catch {
            return timeout
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("64 connections of requests that each use up the matching budget hold /health and a stub briefly")
    func manyCostlyConnections() async throws {
        var mappings = ["cheap.json": #"{"request": {"url": "/cheap"}, "response": {"status": 200}}"#]
        for number in 1...5 {
            mappings["r\(number).json"] =
                #"{"request": {"urlPattern": "/r/(a+)+b\#(number)"}, "response": {"status": 200}}"#
        }
        try await withStubs(mappings) { server, _ in
            let port = server.port
            let costly = "GET /r/\(String(repeating: "a", count: 32))c HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            let quiet = (0..<10).map { _ in
                (Self.time("/health", port: port), Self.time("/cheap", port: port))
            }
            let answered = Tally()
            let finished = DispatchSemaphore(value: 0)
            Thread {
                let connections = (0..<64).compactMap { _ in try? RawConnection(port: port, timeout: 120) }
                for connection in connections { try? connection.send(costly) }
                for connection in connections where (try? connection.readResponse().status) == 404 {
                    answered.add()
                }
                finished.signal()
            }.start()
            var loaded: [(Double, Double)] = []
            repeat {
                loaded.append((Self.time("/health", port: port), Self.time("/cheap", port: port)))
                usleep(20_000)
            } while finished.wait(timeout: .now()) == .timedOut
            let worstQuiet = quiet.map { max($0.0, $0.1) }.max() ?? 0
            let health = loaded.map(\.0).max() ?? 0
            let cheap = loaded.map(\.1).max() ?? 0
            print(
                String(
                    format:
                        "64 costly connections: worst %.1f ms quiet; beside them /health %.1f ms, a stub %.1f ms",
                    worstQuiet * 1000, health * 1000, cheap * 1000))
            #expect(answered.value == 64, "every costly request is answered, in turn")
            // Served one request per connection per turn, they held /health 64 × 50 ms = 3.2 s
            // of the loop's CPU; taking turns, about one of them. Half the suite's loose bound
            // tells the two apart on a loaded machine without spending more of its CPU.
            #expect(health - worstQuiet < LoopLatency.bound / 2, "/health waited \(health) s")
            #expect(cheap - worstQuiet < LoopLatency.bound / 2, "a cheap stub waited \(cheap) s")
        }
    }
}

/// A count shared with the hostile client's thread.
private final class Tally: @unchecked Sendable {
    // Safe: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
