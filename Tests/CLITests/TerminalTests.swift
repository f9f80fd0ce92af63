import Foundation
import Testing

extension CLITests {
    @Suite(
        "At a terminal: colour, progress redrawn in place, a password asked without echo",
        .enabled(if: PseudoTerminal.python != nil, "python3 runs the pseudo-terminal"))
    struct TerminalTests {
        @Test("picture draws a progress bar in place, in colour, and NO_COLOR takes the colour away")
        func progress() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let run = try await PseudoTerminal.run(cli, ["picture", "0007"])
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.contains("\r"), "redrawn in place: \(run)")
                #expect(run.stdout.contains("100%"), "\(run)")
                #expect(run.stdout.contains("\u{1B}["), "colour on a terminal")
                let plain = try await PseudoTerminal.run(
                    cli, ["picture", "0007"], environment: ["NO_COLOR": "1"])
                #expect(plain.status == 0)
                #expect(!plain.stdout.contains("\u{1B}[3"), "no colour with NO_COLOR: \(plain)")
            }
        }

        @Test("list is coloured on a terminal, and --no-color or TERM=dumb takes every escape away")
        func listColour() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let coloured = try await PseudoTerminal.run(cli, ["list", "--per-page", "2"])
                #expect(coloured.status == 0, "\(coloured)")
                #expect(coloured.stdout.contains("\u{1B}[1m"), "bold headers on a terminal: \(coloured)")
                for plain in [
                    try await PseudoTerminal.run(cli, ["list", "--per-page", "2", "--no-color"]),
                    try await PseudoTerminal.run(
                        cli, ["list", "--per-page", "2"], environment: ["TERM": "dumb"]),
                ] {
                    #expect(plain.status == 0, "\(plain)")
                    #expect(plain.stdout.contains("Aurora Thistle"))
                    #expect(!plain.stdout.contains("\u{1B}["), "\(plain)")
                }
            }
        }

        @Test("sync draws its pages as a progress bar in place, then the change set")
        func syncProgress() async throws {
            try await withMockServer { server in
                let run = try await PseudoTerminal.run(
                    try CLI.editor(of: server.baseURL), ["sync", "--no-color"])
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.contains("\rsync  ["), "\(run)")
                #expect(run.stdout.contains("100%  1 / 1 pages"), "\(run)")
                #expect(run.stdout.contains("synced: 44 inserted"), "\(run)")
            }
        }

        @Test("a write asks for the password on the terminal, and what is typed is not echoed")
        func passwordPrompt() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let run = try await PseudoTerminal.run(
                    cli, ["delete", "0003", "--no-color"], prompt: "Password for editor: ",
                    answer: "editor-demo-password", environment: ["HEROES_PASSWORD": ""])
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.contains("Password for editor: "))
                #expect(!run.stdout.contains("editor-demo-password"), "echo was off: \(run)")
                #expect(try await cli.run("show", "0003").status == 66, "the delete went through")
                let reads = try await PseudoTerminal.run(
                    cli, ["show", "0007"], prompt: "Password", answer: "x",
                    environment: ["HEROES_PASSWORD": ""])
                #expect(!reads.stdout.contains("Password"), "a read never asks: \(reads)")
            }
        }
    }
}
