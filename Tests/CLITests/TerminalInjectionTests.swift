import Foundation
import Testing

extension CLITests {
    /// Text a hostile server or user sends that a terminal would act on: a colour change, a
    /// window title (OSC 0, ended by BEL), a one-character C1 CSI, a right-to-left override.
    enum Hostile {
        static let codeName = "Evil\u{1B}[31mRed\u{1B}]0;pwned\u{07}"
        static let power = "Fly\u{202E}eht"
        static let team = "Night\u{9B}2J"
        static let message = "no such hero\u{1B}]0;pwned\u{07}"

        /// A page of one hero holding all of them.
        static var page: Data {
            let hero: [String: Any] = [
                "id": "0666", "code_name": codeName, "encrypted_real_name": NSNull(), "powers": [power],
                "picture_url": NSNull(), "team": ["id": "night", "name": team],
                "updated_at": "2026-12-01T10:00:00Z", "version": 1,
            ]
            let page: [String: Any] = ["items": [hero], "page": 1, "per_page": 20, "total": 1]
            return (try? JSONSerialization.data(withJSONObject: page)) ?? Data()
        }

        static let okHead = "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: LENGTH\n\n"

        /// Every scalar a terminal acts on that the views never write themselves.
        static func raw(in text: String) -> [Unicode.Scalar] {
            text.unicodeScalars.filter { scalar in
                switch scalar.value {
                case 0x0A, 0x0D: false
                case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
                default: false
                }
            }
        }
    }

    @Suite("Terminal injection: data reaches the terminal escaped, and input refuses controls")
    struct TerminalInjectionTests {
        @Test("list shows a hostile server's code name, power and team escaped, with no raw control")
        func listEscapes() async throws {
            let server = try CannedServer(head: Hostile.okHead, body: Hostile.page)
            let run = try await CLI(environment: ["HEROES_SERVER": server.url.absoluteString]).run(["list"])
            #expect(run.status == 0, "\(run)")
            #expect(Hostile.raw(in: run.stdout).isEmpty, "\(run)")
            #expect(run.stdout.contains(#"Evil\e[31mRed\e]0;pwned\u{7}"#), "\(run)")
            #expect(run.stdout.contains(#"Fly\u{202E}eht"#), "\(run)")
            #expect(run.stdout.contains(#"Night\u{9B}2J"#), "\(run)")
        }

        @Test("--json keeps the exact strings, escaped as JSON, with no raw control on the line")
        func jsonKeepsStrings() async throws {
            let server = try CannedServer(head: Hostile.okHead, body: Hostile.page)
            let run = try await CLI(environment: ["HEROES_SERVER": server.url.absoluteString])
                .run(["list", "--json"])
            #expect(run.status == 0, "\(run)")
            #expect(Hostile.raw(in: run.stdout).isEmpty, "\(run)")
            let items = try #require(try run.json()["items"] as? [[String: Any]])
            let hero = try #require(items.first)
            #expect(hero["code_name"] as? String == Hostile.codeName)
            #expect(hero["powers"] as? [String] == [Hostile.power])
            #expect((hero["team"] as? [String: Any])?["name"] as? String == Hostile.team)
        }

        @Test("a server's error message reaches standard error escaped")
        func errorMessageEscapes() async throws {
            let body = Data(
                #"{"error":{"code":"not_found","message":"no such hero\u001b]0;pwned\u0007"}}"#.utf8)
            let server = try CannedServer(
                head: "HTTP/1.1 404 Not Found\nContent-Type: application/json\nContent-Length: LENGTH\n\n",
                body: body)
            let run = try await CLI(environment: ["HEROES_SERVER": server.url.absoluteString])
                .run(["show", "0666"])
            #expect(run.status == 66, "\(run)")
            #expect(Hostile.raw(in: run.stderr).isEmpty, "\(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
        }

        @Test("--json carries a server's error message exactly; only the terminal's line escapes it")
        func jsonErrorMessageIsExact() async throws {
            let body = Data(#"{"error":{"code":"conflict","message":"taken\u001b[2J here"}}"#.utf8)
            let server = try CannedServer(
                head: "HTTP/1.1 409 Conflict\nContent-Type: application/json\nContent-Length: LENGTH\n\n",
                body: body)
            let cli = try CLI.editor(of: server.url)
            let json = try await cli.run("--json", "create", "--code-name", "Taken")
            #expect(json.status != 0, "\(json)")
            #expect(Hostile.raw(in: json.stdout).isEmpty, "\(json)")
            let error = try #require(try json.json()["error"] as? [String: Any], "\(json)")
            #expect(error["message"] as? String == "conflict: taken\u{1B}[2J here", "\(json)")
            let text = try await cli.run("create", "--code-name", "Taken")
            #expect(text.stderr.contains(#"conflict: taken\e[2J here"#), "\(text)")
            #expect(Hostile.raw(in: text.stderr).isEmpty, "\(text)")
        }

        @Test(
            "on a terminal the views' own colours stay and the hostile ones show as text",
            .enabled(if: PseudoTerminal.python != nil, "python3 runs the pseudo-terminal"))
        func colourOnTerminal() async throws {
            let server = try CannedServer(head: Hostile.okHead, body: Hostile.page, repeats: 1)
            let cli = try CLI(environment: ["HEROES_SERVER": server.url.absoluteString])
            let run = try await PseudoTerminal.run(cli, ["list"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("\u{1B}[1m"), "bold headers: \(run)")
            #expect(run.stdout.contains(#"Evil\e[31mRed"#), "\(run)")
            #expect(!run.stdout.contains("\u{1B}[31mRed"), "the code name does not recolour: \(run)")
            #expect(!run.stdout.contains("\u{1B}]0;"), "the window keeps its title: \(run)")
            #expect(!run.stdout.unicodeScalars.contains("\u{202E}"))
        }

        @Test(
            "create and update refuse a control character in a code name or a power: 64, one line, no request",
            arguments: [
                ["create", "--code-name", Hostile.codeName],
                ["create", "--code-name", "Plain", "--power", Hostile.power],
                ["update", "0007", "--code-name", "Tab\there"],
            ])
        func inputRefused(arguments: [String]) async throws {
            try await withMockServer { server in
                let before = server.lastSequence
                let run = try await CLI.editor(of: server.baseURL).run(arguments)
                #expect(run.status == 64, "\(run)")
                #expect(run.stderr.contains("control characters"), "\(run)")
                #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
                #expect(run.stdout.isEmpty, "one problem is said once: \(run)")
                #expect(Hostile.raw(in: run.stderr).isEmpty, "\(run)")
                let writes = server.requests(since: before).filter { $0.method != "GET" }
                #expect(writes.isEmpty, "no write was sent: \(writes.map(\.method))")
            }
        }

        @Test("several problems are a header and one line each, on standard error, said once")
        func severalProblems() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run(
                    "create", "--code-name", Hostile.codeName, "--power", Hostile.power)
                #expect(run.status == 64, "\(run)")
                #expect(run.stdout.isEmpty, "\(run)")
                let lines = run.stderr.split(separator: "\n")
                #expect(lines.count == 3, "\(run)")
                #expect(lines.first == "error: invalid: 2 problems [validation_failed]", "\(run)")
                #expect(
                    lines.dropFirst().allSatisfy { $0.contains("must not contain control characters") },
                    "\(run)")
            }
        }
    }
}
