import Foundation
import Testing

extension CLITests {
    /// The interactive console driven through a pipe (`HEROES_CONSOLE=1`), each test against a
    /// fresh copy of the bundled server's fixtures; the transcript is compared with a golden file.
    @Suite("The interactive console, scripted on standard input")
    struct ConsoleTests {
        static let console = ["HEROES_CONSOLE": "1"]

        private func session(_ lines: String...) async throws -> CLI.Run {
            let run = try await CLI().run(
                [], environment: Self.console, input: lines.map { $0 + "\n" }.joined())
            #expect(run.status == 0, "\(run)")
            return run
        }

        @Test("paging, search, a team filter, a hero and back, help, quit")
        func browse() async throws {
            let run = try await session(
                "n", "n", "n", "p", "/wind", "2", "?", "b", "/", "t paper-moths", "t", "t -", "zz", "?", "q")
            ConsoleGolden.check(run.stdout, named: "console-browse")
            #expect(run.stderr.isEmpty, "\(run)")
        }

        @Test("an edit asks each field with its value as default, shows problems, then saves")
        func edit() async throws {
            let long = String(repeating: "x", count: 81)
            let run = try await session(
                "0005", "e", "", "", "", "", "e", long, "-", "Stone skin, Tremor step", "", "Basalt Prime",
                "", "",
                "", "b", "q")
            ConsoleGolden.check(run.stdout, named: "console-edit")
            let after = try await CLI().run("show", "0005")
            #expect(!after.stdout.contains("Basalt Prime"), "each CLI has its own server data")
        }

        @Test("delete asks first; no keeps the hero, yes removes it and goes back to the list")
        func delete() async throws {
            let run = try await session("0033", "d", "", "d", "y", "/bramble")
            ConsoleGolden.check(run.stdout, named: "console-delete")
        }

        @Test("the end of input quits with 0 anywhere: on the list, on a hero, inside the edit form")
        func endOfInput() async throws {
            for script in ["", "0007\n", "0007\ne\nNew Name\n"] {
                let run = try await CLI().run([], environment: Self.console, input: script)
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.hasPrefix("Heroes console: ? for help, q to quit.\nHeroes\n"), "\(run)")
                #expect(run.stdout.hasSuffix("> \n") || run.stdout.hasSuffix("removes): \n"), "\(run)")
            }
        }

        @Test(
            "an unknown hero id is an error line, a word without a digit an unknown command; the console goes on"
        )
        func unknownHero() async throws {
            let run = try await session("nobody-404", "clear", "q")
            #expect(run.stdout.contains("not found"), "\(run)")
            #expect(run.stdout.contains("unknown command 'clear'; ? lists the commands"), "\(run)")
            #expect(run.stdout.hasSuffix("heroes> q\n"), "\(run)")
        }

        @Test("s syncs from the list and shows the change set; i saves a hero's picture here")
        func syncAndSavePicture() async throws {
            let cli = try CLI()
            let run = try await cli.run([], environment: Self.console, input: "s\n0007\ni\nq\n")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("heroes> s\nsyncing… (Ctrl-C cancels)\nsynced: "), "\(run)")
            #expect(run.stdout.contains("hero 0007> i\n"), "\(run)")
            let saved = try Data(contentsOf: cli.home.appendingPathComponent("0007.png"))
            #expect(saved == (try fixturePicture("0007")), "\(run)")
        }

        @Test("a real name the key cannot open is kept by Enter and removed by '-'")
        func classifiedRealName() async throws {
            let wrongKey = [
                "HEROES_CONSOLE": "1", "HEROES_CLEARANCE_KEY": String(repeating: "A", count: 43) + "=",
            ]
            let cli = try CLI()
            let kept = try await cli.run([], environment: wrongKey, input: "0005\ne\nBasalt II\n\n\n\nq\n")
            #expect(kept.stdout.contains("  real name [classified: kept] ('-' removes): \n"), "\(kept)")
            #expect(kept.stdout.contains("Basalt II\n  id         0005\n  real name  classified"), "\(kept)")
            let removed = try await cli.run([], environment: wrongKey, input: "0005\ne\n\n-\n\n\nq\n")
            #expect(
                removed.stdout.contains("Basalt II\n  id         0005\n  real name  not recorded"),
                "\(removed)")
        }

        @Test("on a pipe, without HEROES_CONSOLE, no command still prints the usage")
        func pipeGetsUsage() async throws {
            let run = try await CLI().run([], input: "q\n")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("heroes-cli: browse"), "\(run)")
        }

        @Test("show --picture on a terminal that reports 0×0 draws within 80×24, not at the picture's size")
        func unknownTerminalSize() async throws {
            try await withMockServer { server in
                // Python's pty starts at 0×0; COLUMNS and LINES unset.
                let run = try await PseudoTerminal.run(
                    try CLI.editor(of: server.baseURL), ["show", "0007", "--picture"],
                    environment: ["COLUMNS": "", "LINES": ""])
                let drawn = run.stdout.split(whereSeparator: \.isNewline).filter { $0.contains("▀") }
                #expect(!drawn.isEmpty, "\(run)")
                #expect(drawn.count <= 24 - 10, "\(drawn.count) rows")
                #expect(
                    drawn.allSatisfy { $0.filter { $0 == "▀" }.count <= 80 },
                    "\(drawn.map { $0.filter { $0 == "▀" }.count })")
            }
        }

        @Test("show --picture on a pipe prints the card and says the picture needs a terminal")
        func pictureNeedsTerminal() async throws {
            let run = try await CLI().run("show", "0007", "--picture")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("quillfeather\n"), "\(run)")
            #expect(!run.stdout.contains("\u{1B}["), "\(run)")
            #expect(run.stderr.contains("drawn only on a terminal"), "\(run)")
        }
    }
}
