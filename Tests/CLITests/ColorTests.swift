import Foundation
import Testing

extension CLITests {
    /// `--color=auto|always|never`: auto colours a terminal only and honours NO_COLOR; always
    /// colours a pipe too; never, and `--no-color`, never do.
    @Suite("Colour: --color=auto|always|never, and --no-color")
    struct ColorTests {
        static let escape = "\u{1B}["

        @Test(
            "on a pipe, auto is plain and always is coloured, NO_COLOR or not; never and --no-color are plain"
        )
        func pipe() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let list = ["list", "--per-page", "2"]
                let auto = try await cli.run(list)
                #expect(auto.status == 0, "\(auto)")
                #expect(!auto.stdout.contains(Self.escape), "a pipe is not a terminal: \(auto)")
                #expect(try await cli.run(list + ["--color=auto"]).stdout == auto.stdout)
                for always in [
                    try await cli.run(list + ["--color=always"]),
                    try await cli.run(["--color", "always"] + list, environment: ["NO_COLOR": "1"]),
                ] {
                    #expect(always.status == 0, "\(always)")
                    #expect(always.stdout.contains("\u{1B}[1m"), "bold headers, asked for: \(always)")
                }
                for plain in [
                    try await cli.run(list + ["--color=never"]), try await cli.run(list + ["--no-color"]),
                ] {
                    #expect(plain.stdout == auto.stdout, "\(plain)")
                }
                let error = try await cli.run("show", "9999", "--color=always")
                #expect(error.status == 66, "\(error)")
                #expect(error.stderr.contains(Self.escape), "the error line is coloured too: \(error)")
            }
        }

        @Test(
            "on a terminal, auto colours unless NO_COLOR is set, and never or --no-color take every escape away",
            .enabled(if: PseudoTerminal.python != nil, "python3 runs the pseudo-terminal"))
        func terminal() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let list = ["list", "--per-page", "2"]
                for coloured in [
                    try await PseudoTerminal.run(cli, list),
                    try await PseudoTerminal.run(cli, list + ["--color=auto"]),
                    try await PseudoTerminal.run(
                        cli, list + ["--color=always"], environment: ["NO_COLOR": "1"]),
                ] {
                    #expect(coloured.status == 0, "\(coloured)")
                    #expect(coloured.stdout.contains("\u{1B}[1m"), "\(coloured)")
                }
                for plain in [
                    try await PseudoTerminal.run(cli, list, environment: ["NO_COLOR": "1"]),
                    try await PseudoTerminal.run(cli, list + ["--color=never"]),
                    try await PseudoTerminal.run(cli, ["--color", "never"] + list),
                    try await PseudoTerminal.run(cli, list + ["--no-color"]),
                ] {
                    #expect(plain.status == 0, "\(plain)")
                    #expect(plain.stdout.contains("Aurora Thistle"), "\(plain)")
                    #expect(!plain.stdout.contains(Self.escape), "\(plain)")
                }
            }
        }
    }
}
