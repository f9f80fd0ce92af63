import Foundation
import Testing

extension CLITests {
    /// heroes-cli reads `http_proxy` and `no_proxy` as curl does (docs/CLI.md), but never sends
    /// the bundled server's loopback requests through a proxy.
    @Suite("The proxy variables: honoured as curl reads them, never for a loopback server")
    struct ProxyVariableTests {
        static let hero =
            #"{"code_name":"Copper Kestrel","id":"0001","powers":["Flight"],"#
            + #""updated_at":"2026-11-02T09:07:00Z","version":2}"#

        /// A proxy that answers every request with the hero, whatever its target.
        static func proxy() throws -> CannedServer {
            try CannedServer(
                head: "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: LENGTH\n\n",
                body: Data(hero.utf8))
        }

        @Test(
            "http_proxy carries a request to a server only the proxy can reach; no_proxy bypasses it",
            .enabled(if: CLITests.libcurlIsDefault, "curl's proxy variables"))
        func throughTheProxy() async throws {
            let proxy = try Self.proxy()
            // `.invalid` never resolves (RFC 6761): only the proxy can answer for it.
            let server = "http://heroes.invalid/v1"
            let through = try await CLI(environment: [
                "HEROES_SERVER": server, "http_proxy": proxy.url.absoluteString,
            ]).run("show", "0001", "--json")
            #expect(through.status == 0, "\(through)")
            #expect(try through.json()["code_name"] as? String == "Copper Kestrel", "\(through)")

            let bypassed = try await CLI(environment: [
                "HEROES_SERVER": server, "http_proxy": proxy.url.absoluteString, "no_proxy": "heroes.invalid",
            ]).run("show", "0001")
            #expect(bypassed.status == 69, "\(bypassed)")
        }

        @Test("a proxy that does not exist is not used for the bundled server on loopback")
        func loopbackGoesDirect() async throws {
            // Port 9 (discard) on loopback: nothing listens, so a proxied request would fail.
            let run = try await CLI(environment: [
                "http_proxy": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9",
            ]).run("show", "0007", "--json")
            #expect(run.status == 0, "\(run)")
            #expect(try run.json()["id"] as? String == "0007", "\(run)")
        }
    }
}
