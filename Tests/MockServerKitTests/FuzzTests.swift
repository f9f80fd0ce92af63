import Foundation
import MockServerKit
import Testing

/// A small deterministic generator (SplitMix64), so a failing case can be replayed from its seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("Fuzzing: mutated requests never take the server down")
struct FuzzTests {
    static let seeds: [String] = [
        "GET /v1/heroes?page=2&per_page=5&q=fl%20y&team=dawn-guard HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /v1/heroes/0001 HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"0001-2\", W/\"x\"\r\n\r\n",
        "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nAuthorization: \(TestUsers.editorAuthorization)\r\n"
            + "Content-Length: 56\r\n\r\n{\"code_name\":\"Fuzz\",\"powers\":[\"a\",\"b\"],\"team_id\":null}",
        "PUT /v1/heroes/0002 HTTP/1.1\r\nHost: x\r\nAuthorization: \(TestUsers.editorAuthorization)\r\n"
            + "If-Match: \"0002-3\"\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;a=b\r\n{\"cod\r\n12\r\ne_name\":\"Fuzzed\"}\r\n0\r\nT: 1\r\n\r\n",
        "GET /health HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: delay:1ms,truncate-body:3\r\n\r\n",
        "PUT /v1/heroes/0003/picture HTTP/1.1\r\nHost: x\r\nAuthorization: \(TestUsers.editorAuthorization)\r\n"
            + "Content-Type: image/png\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n\u{1}\u{2}\u{3}\u{4}",
        "POST /__admin/faults HTTP/1.1\r\nHost: x\r\nContent-Length: 60\r\n\r\n"
            + "{\"method\":\"*\",\"path\":\"/health\",\"fault\":\"status:500\",\"times\":1}",
    ]

    static let interesting: [UInt8] =
        Array("\r\n\0 :%;,\"=/?&+-0123456789abcdefXZ".utf8) + [0x7F, 0x80, 0xFF, 0x09]

    static func mutate(_ seed: [UInt8], using random: inout SplitMix) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = Int.random(in: 0...bytes.count, using: &random)
            let byte = interesting.randomElement(using: &random) ?? 0
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where position < bytes.count: bytes[position] = byte
            case 1: bytes.insert(byte, at: position)
            case 2 where position < bytes.count: bytes.remove(at: position)
            case 3: bytes = Array(bytes[..<position])
            default:
                let start = Int.random(in: 0...position, using: &random)
                bytes.insert(contentsOf: bytes[start..<position], at: position)
            }
        }
        return bytes
    }

    @Test("a thousand mutated requests get well-formed answers or a closed connection, and /health lives")
    func mutatedRequests() async throws {
        try await withServer(.test { $0.requestTimeout = .milliseconds(500) }) {
            server, client async throws in
            var random = SplitMix(state: 2026)
            for round in 0..<1000 {
                let seed = Array(Self.seeds[round % Self.seeds.count].utf8)
                let request = Self.mutate(seed, using: &random)
                let connection = try RawConnection(port: server.port, timeout: 2)
                try? connection.send(request)
                connection.shutdownWrite()
                let answer = connection.readToEnd()
                if !answer.isEmpty {
                    #expect(answer.starts(with: Array("HTTP/1.1 ".utf8)), "round \(round)")
                }
            }
            server.clearFaults()
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test("random fault headers and queries are answered, never crash")
    func randomHeaders() async throws {
        try await withServer { server, client async throws in
            var random = SplitMix(state: 7)
            let pieces = [
                "status:", "delay:", "ms", "s", "reset", "truncate-body:", "-", "9999999999999999999", ",",
                ":", "",
                "trickle", "malformed-json", "0", "%", "%2", "&", "=", "page=", "per_page=", "q=", "team=",
            ]
            for _ in 0..<300 {
                let fault = (0..<3).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
                let query = (0..<4).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
                let connection = try RawConnection(port: server.port, timeout: 2)
                try connection.send(
                    "GET /v1/heroes?\(query) HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: \(fault)\r\nConnection: close\r\n\r\n"
                )
                connection.shutdownWrite()
                _ = connection.readToEnd()
            }
            #expect(try client.get("/health").status == 200)
        }
    }
}
