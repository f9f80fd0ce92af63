import Foundation
import MockServerKit
import Testing

/// Issue 32's memory bounds, over TCP: clients that do not read, and admin listings, take a
/// bounded share of the server's memory and time.
@Suite(
    "Hostile clients: bounded memory",
    // Under a sanitizer every thread is ten times slower, and these clients' load starves the
    // rest of the suite; they run in the plain suite, where their bounds mean something.
    .enabled(if: LoopLatency.scale == 1, "a load test, run without a sanitizer"))
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
            #expect(unloaded < LoopLatency.bound)
            // A reader still gets the whole body.
            let reader = try RawConnection(port: port)
            try reader.send("GET /big3 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try reader.readResponse().body.count == size)
            withExtendedLifetime(idle) {}
        }
    }
}

extension HostileMemoryTests {
    @Test(
        "9: admin listings are paged and bounded; a full journal is bounded in bytes; slow readers stall nothing"
    )
    func adminListings() async throws {
        try await withServer { server, client in
            let port = server.port
            // 700 requests with 16 KiB bodies: 11 MB, over the journal's 8 MiB.
            let body = [UInt8](repeating: UInt8(ascii: "x"), count: 16_384)
            let writer = try RawConnection(port: port, timeout: 30)
            let one =
                Array("POST /nothing HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
                + body
            for _ in 0..<10 {
                try writer.send(Array([[UInt8]](repeating: one, count: 70).joined()))
                for _ in 0..<70 { _ = try writer.readResponse() }
            }
            let page = try client.get("/__admin/requests?limit=3&offset=1")
            #expect((page.json["requests"] as? [Any])?.count == 3)
            let total = (page.json["meta"] as? [String: Any])?["total"] as? Int ?? 0
            print("admin listings: the journal kept \(total) of 700 requests of 16 KiB")
            #expect(total > 0 && total < 700)
            let unpaged = try client.get("/__admin/requests")
            print("admin listings: GET /__admin/requests without a limit is \(unpaged.body.count) bytes")
            #expect(unpaged.body.count < 1_000_000)
            let large = try client.get("/__admin/requests?limit=1000")
            #expect(large.body.count < 1_000_000)
            let unmatched = try client.get("/__admin/requests/unmatched")
            #expect(unmatched.status == 200)
            #expect(unmatched.body.count < 1_000_000)
            // Mappings: one over 1 MiB is refused; a listing pages.
            let big =
                #"{"request": {"urlPath": "/l"}, "response": {"body": ""#
                + String(repeating: "y", count: 1_100_000) + #""}}"#
            #expect(try client.send("POST", "/__admin/mappings", json: big).status == 422)
            for number in 0..<5 {
                let mapping = #"{"request": {"urlPath": "/m\#(number)"}, "response": {"body": "m"}}"#
                #expect(try client.send("POST", "/__admin/mappings", json: mapping).status == 201)
            }
            let mappings = try client.get("/__admin/mappings?limit=2&offset=1")
            #expect((mappings.json["mappings"] as? [Any])?.count == 2)
            #expect((mappings.json["meta"] as? [String: Any])?["total"] as? Int == 5)
            // Ten clients that ask for the journal and never read stall nobody.
            let unloaded = LoopLatency.unloaded(port: port)
            var idle: [RawConnection] = []
            for _ in 0..<10 {
                let connection = try RawConnection(port: port)
                try connection.send("GET /__admin/requests HTTP/1.1\r\nHost: x\r\n\r\n")
                idle.append(connection)
            }
            let beside = LoopLatency.unloaded(port: port)
            print(
                String(
                    format:
                        "admin listings: GET /health worst %.1f ms unloaded, %.1f ms beside 10 non-reading readers",
                    unloaded * 1000, beside * 1000))
            #expect(beside - unloaded < LoopLatency.bound)
            withExtendedLifetime(idle) {}
        }
    }

    @Test("7: a mapping added through the admin API naming a body file over 64 MiB is refused with 422")
    func oversizedBodyFileThroughAdmin() async throws {
        try await withStubs([:]) { server, client in
            let folder = try #require(server.configuration.rootDirectory).appendingPathComponent("__files")
            let file = folder.appendingPathComponent("big.bin")
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            #expect(truncate(file.path, 65 * 1024 * 1024) == 0)
            let mapping = #"{"request": {"urlPath": "/big"}, "response": {"bodyFileName": "big.bin"}}"#
            let answer = try client.send("POST", "/__admin/mappings", json: mapping)
            #expect(answer.status == 422)
            #expect(answer.text.contains("larger than 64 MiB"))
        }
    }
}
