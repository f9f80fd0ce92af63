import Foundation
import MockServerKit
import Testing

/// Issue 32's memory bounds, over TCP: clients that do not read, and admin listings, take a
/// bounded share of the server's memory and time.
@Suite("Hostile clients: bounded memory")
struct HostileMemoryTests {
    @Test("2: clients that do not read a 10 MB stub body share its one copy")
    func nonReadingClients() async throws {
        let size = 10_000_000
        var mappings: [String: String] = [:]
        for number in 0..<10 {
            mappings["big\(number).json"] =
                #"{"request": {"urlPath": "/big\#(number)"}, "response": {"bodyFileName": "big.bin"}}"#
        }
        try await withStubs(mappings, files: ["big.bin": [UInt8](repeating: 7, count: size)]) { server, _ in
            let port = server.port
            let before = ResidentMemory.bytes()
            var idle: [RawConnection] = []
            for number in 0..<60 {
                let connection = try RawConnection(port: port)
                try connection.send("GET /big\(number % 10) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                idle.append(connection)
            }
            let unloaded = LoopLatency.unloaded(port: port)
            let after = ResidentMemory.bytes()
            if let before, let after {
                let growth = (after - before) / 1_000_000
                print("non-reading clients: 60 connections to a 10 MB body grew the process by \(growth) MB")
                #expect(growth < 200, "60 non-reading clients took \(growth) MB")
            }
            print(
                String(format: "non-reading clients: GET /health worst %.1f ms beside them", unloaded * 1000))
            #expect(unloaded < 1.0)
            // A reader still gets the whole body.
            let reader = try RawConnection(port: port)
            try reader.send("GET /big3 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try reader.readResponse().body.count == size)
            withExtendedLifetime(idle) {}
        }
    }
}
