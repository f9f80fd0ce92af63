import Foundation
import Testing

extension CLITests {
    @Suite("authentication token in the app plist")
    struct TokenAuthenticationTests {
        /// The bundled app plist with every service's `authentication` set to `token`.
        static func tokenPlist(in cli: CLI) throws -> URL {
            let text = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
            let basic = "<key>authentication</key>\n                            <string>basic</string>"
            #expect(
                text.components(separatedBy: basic).count == 3,
                "the bundled plist keeps Basic on both services")
            let file = cli.home.appendingPathComponent("Token.plist")
            try text.replacingOccurrences(
                of: basic,
                with: "<key>authentication</key>\n                            <string>token</string>"
            ).write(to: file, atomically: true, encoding: .utf8)
            return file
        }

        @Test("writes trade the password for one bearer token per process, shared by both services")
        func writesWithToken() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let plist = try Self.tokenPlist(in: cli)
                let created = try await cli.run(
                    "--config", plist.path, "create", "--code-name", "Token Wren", "--json")
                #expect(created.status == 0, "\(created)")
                let id = try #require(try created.json()["id"] as? String)
                var entries = server.requests()
                let tokens = entries.filter { $0.path == "/v1/token" }
                #expect(tokens.count == 1, "\(entries.map(\.path))")
                #expect(tokens.first?.value("authorization") == "Basic editor:<redacted>")
                let post = try #require(entries.first { $0.method == "POST" && $0.path == "/v1/heroes" })
                #expect(post.value("authorization") == "Bearer <redacted>")
                #expect(post.status == 201)
                #expect(post.sequence > (tokens.first?.sequence ?? .max))

                // Both services of one process share the token: one more token request, not two.
                let mark = server.lastSequence
                let picture = cli.home.appendingPathComponent("p.png")
                try fixturePicture("0007").write(to: picture)
                let upload = try await cli.run("--config", plist.path, "upload-picture", id, picture.path)
                #expect(upload.status == 0, "\(upload)")
                entries = server.requests(since: mark)
                #expect(entries.filter { $0.path == "/v1/token" }.count == 1, "\(entries.map(\.path))")
                #expect(entries.last?.value("authorization") == "Bearer <redacted>")

                // The bundled plist keeps Basic: no token request at all.
                let basicMark = server.lastSequence
                #expect(try await cli.run("delete", id).status == 0)
                entries = server.requests(since: basicMark)
                #expect(!entries.contains { $0.path == "/v1/token" })
                #expect(entries.last?.value("authorization") == "Basic editor:<redacted>")
            }
        }

        @Test("a wrong password ends a token write in one refused token request and exit 77")
        func wrongPassword() async throws {
            try await withMockServer { server in
                var cli = try CLI.editor(of: server.baseURL)
                cli.environment["HEROES_PASSWORD"] = "wrong"
                let plist = try Self.tokenPlist(in: cli)
                let run = try await cli.run("--config", plist.path, "delete", "0001")
                #expect(run.status == 77, "\(run)")
                let entries = server.requests()
                #expect(
                    entries.filter { $0.path == "/v1/token" }.map(\.status) == [401], "\(entries.map(\.path))"
                )
                #expect(!entries.contains { $0.method == "DELETE" }, "nothing is sent without a token")
            }
        }
    }
}
