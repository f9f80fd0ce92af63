import Foundation
import Testing

extension CLITests {
    @Suite("Against a hostile server: a typed error and one line, never a crash or a hang")
    struct HostileServerTests {
        static let cases: [(String, String, Data, Int)] = [
            (
                "HTML with 200", "HTTP/1.1 200 OK\nContent-Type: text/html\nContent-Length: LENGTH\n\n",
                Data("<html><body>proxy error</body></html>".utf8), 1
            ),
            (
                "an empty 200", "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: LENGTH\n\n",
                Data(), 1
            ),
            (
                "wrong types", "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: LENGTH\n\n",
                Data(#"{"items":[{"id":7}],"page":"1","total":1}"#.utf8), 1
            ),
            (
                "a redirect loop", "HTTP/1.1 302 Found\nLocation: /v1/heroes\nContent-Length: LENGTH\n\n",
                Data(), 1
            ),
            (
                "a 50 MB body",
                "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: LENGTH\n\n",
                Data(repeating: 0x20, count: 65_536), 800
            ),
            ("a 500", "HTTP/1.1 500 Internal Server Error\nContent-Length: LENGTH\n\n", Data(), 1),
        ]

        @Test("list ends in exit 65 or 69 within 30 s", arguments: cases.indices)
        func hostile(index: Int) async throws {
            let (name, head, body, repeats) = Self.cases[index]
            let server = try CannedServer(head: head, body: body, repeats: repeats)
            let start = ContinuousClock.now
            let run = try await CLI(environment: ["HEROES_SERVER": server.url.absoluteString])
                .run(["list"], timeout: .seconds(40))
            #expect(ContinuousClock.now - start < .seconds(30), "\(name)")
            #expect([65, 69].contains(run.status), "\(name): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(name): \(run)")
            #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("Backtrac"), "\(name)")
        }
    }
}
