import Foundation
import MockServerKit
import Testing

/// Issue 40, finding 6: many mapping files load in linear time, and a reset of them holds the
/// loop briefly.
@Suite(
    "Many mappings", .enabled(if: LoopLatency.scale == 1, "a load test, run without a sanitizer"))
struct ManyMappingsTests {
    @Test("20,000 mappings start in seconds, and resetting them holds /health briefly")
    func manyMappings() async throws {
        // One file: adding each mapping was the quadratic part, whichever file it came from.
        let stubs = (0..<20_000).map {
            #"{"request": {"urlPath": "/api/item\#($0)"}, "response": {"status": 200}}"#
        }
        let root = try stubRoot(["many.json": #"{"mappings": ["# + stubs.joined(separator: ",") + "]}"])
        defer { try? FileManager.default.removeItem(at: root) }
        let start = ContinuousClock.now
        try await withRecording(root) { server, client async throws in
            let started = ContinuousClock.now - start
            print("20,000 mappings: started in \(started)")
            // Quadratic, this took minutes in a debug build; linear, seconds.
            #expect(started < TestTime.budget(.seconds(15)))
            #expect(try client.get("/api/item19999").status == 200)
            let port = server.port
            let unloaded = LoopLatency.unloaded(port: port)
            let loaded = LoopLatency.worst(port: port) {
                for _ in 0..<3 {
                    _ = try? TestClient(port: port).request("POST", "/__admin/mappings/reset")
                }
            }
            print(String(format: "reset of 20,000: /health worst %.1f ms beside it", loaded * 1000))
            #expect(loaded - unloaded < LoopLatency.bound)
            #expect(try client.get("/api/item0").status == 200)
        }
    }
}
