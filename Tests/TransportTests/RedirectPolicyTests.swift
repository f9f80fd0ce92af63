import Foundation
import Testing

@testable import Transport

@Suite("RedirectPolicy")
struct RedirectPolicyTests {
    static func decide(_ method: String, _ target: String, hop: Int = 1) throws -> RedirectPolicy.Decision {
        let from = try #require(URL(string: "https://api.example.com/v1/a"))
        let to = try #require(URL(string: target))
        return RedirectPolicy().decision(method: method, from: from, to: to, hop: hop)
    }

    @Test("only same-origin GET and HEAD redirects within 5 hops are followed")
    func decisions() throws {
        #expect(try Self.decide("GET", "https://api.example.com/b") == .follow)
        #expect(try Self.decide("HEAD", "https://api.example.com/b", hop: 5) == .follow)
        #expect(try Self.decide("GET", "https://api.example.com/b", hop: 6) == .tooMany)
        #expect(try Self.decide("PUT", "https://api.example.com/b") == .refuse)
        #expect(try Self.decide("POST", "https://api.example.com/b") == .refuse)
    }

    @Test(
        "a downgrade to http, another host, another port or another scheme is refused",
        arguments: [
            "http://api.example.com/v1/a", "https://evil.example.com/v1/a",
            "https://api.example.com:8443/v1/a",
            "ftp://api.example.com/v1/a",
        ])
    func origins(target: String) throws {
        #expect(try Self.decide("GET", target) == .refuse)
    }

    @Test("an explicit default port and a host in capitals are the same origin")
    func sameOrigin() throws {
        #expect(try Self.decide("GET", "https://API.example.com:443/b") == .follow)
    }
}
