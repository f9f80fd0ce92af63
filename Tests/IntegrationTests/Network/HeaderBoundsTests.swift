import Foundation
import Network
import Testing

/// What a server may send before its body: a bounded header section, and a bounded number of
/// 1xx interim answers. Past either, the call ends at once in a transport error that is not
/// retried, instead of reading on.
@Suite("Transports against hostile servers: the header section")
struct HeaderBoundsTests {
    static let healthy = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n"
    static let body = #"{"status": "ok"}"#

    static func isUnparseable(_ error: any Error, saying words: String) -> Bool {
        guard case NetworkError.transport(let code, let message) = error else { return false }
        return code == URLError.cannotParseResponse.rawValue && message.contains(words)
    }

    // URLSession has no bound here: FoundationNetworking reads every interim answer.
    @Test("10,000 `100 Continue` answers end in a typed error", arguments: TransportKind.curlOnly)
    func interimFlood(kind: TransportKind) async throws {
        let flood = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 10_000)
        try await HostileAPI.withServer(on: kind) { _ in
            ScriptedServer.Reply(head: flood + Self.healthy + Self.body, raw: true)
        } _: { server, service in
            await #expect {
                try await service.call(HostileAPI.json)
            } throws: { error in
                Self.isUnparseable(error, saying: "more than 10 interim (1xx) answers")
            }
            #expect(server.requests.count == 1, "not retried")
        }
    }

    @Test("a few interim answers before the real one are read past", arguments: TransportKind.available)
    func someInterim(kind: TransportKind) async throws {
        let interim = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
        try await HostileAPI.withServer(on: kind) { _ in
            ScriptedServer.Reply(head: interim + Self.healthy + Self.body, raw: true)
        } _: { _, service in
            let health = try await service.call(HostileAPI.json).content
            #expect(health == TestAPI.Health(status: "ok"))
        }
    }

    @Test(
        "a 64 MB header line ends in a typed error, without reading it all", arguments: TransportKind.curlOnly
    )
    func endlessHeaderLine(kind: TransportKind) async throws {
        try await HostileAPI.withServer(on: kind) { _ in
            ScriptedServer.Reply(head: "HTTP/1.1 200 OK\r\nX-Long: ", filler: 64 << 20, raw: true)
        } _: { server, service in
            await #expect {
                try await service.call(HostileAPI.json)
            } throws: { error in
                guard case NetworkError.transport(let code, _) = error else { return false }
                return code == URLError.cannotParseResponse.rawValue
            }
            #expect(server.requests.count == 1, "not retried")
        }
    }

    @Test("many header lines past 64 KiB in all end in a typed error", arguments: TransportKind.curlOnly)
    func headerSection(kind: TransportKind) async throws {
        let lines = (0..<2_000).map { "X-Filler-\($0): \(String(repeating: "v", count: 60))\r\n" }.joined()
        try await HostileAPI.withServer(on: kind) { _ in
            ScriptedServer.Reply(head: "HTTP/1.1 200 OK\r\n" + lines + "Content-Length: 0\r\n\r\n", raw: true)
        } _: { _, service in
            await #expect {
                try await service.call(HostileAPI.json)
            } throws: { error in
                Self.isUnparseable(error, saying: "header section passed 65536 bytes")
            }
        }
    }
}
