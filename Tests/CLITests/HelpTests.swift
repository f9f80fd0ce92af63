import Foundation
import Testing

extension CLITests {
    /// `help CMD`, the examples that end each command's help, and the manual page, all read off
    /// the same command table.
    @Suite("Help: help CMD, examples and the manual page")
    struct HelpTests {
        /// Every command, multi-word ones included, as the overview lists them.
        static let commands = ArgumentTests.commands + ["demo reset", "help", "completion"]

        @Test("heroes-cli help CMD prints exactly what heroes-cli CMD --help prints", arguments: commands)
        func helpCommand(command: String) async throws {
            let cli = try CLI()
            let words = command.split(separator: " ").map(String.init)
            let flag = try await cli.run(words + ["--help"])
            let help = try await cli.run(["help"] + words)
            #expect(flag.status == 0, "\(flag)")
            #expect(help.status == 0, "\(help)")
            #expect(help.stdout.hasPrefix("USAGE: heroes-cli \(command)"), "\(help)")
            #expect(help.stdout == flag.stdout)
        }

        @Test("help alone is the overview, and help of an unknown command suggests the nearest")
        func helpTopics() async throws {
            let cli = try CLI()
            #expect(try await cli.run("help").stdout == (try await cli.run("--help").stdout))
            let typo = try await cli.run("help", "uplaod-picture")
            #expect(typo.status == 64, "\(typo)")
            #expect(
                typo.stderr.contains("unknown command 'uplaod-picture'; did you mean `upload-picture`?"),
                "\(typo)")
        }

        @Test("each command's help ends with two or three examples, and each one parses", arguments: commands)
        func examples(command: String) async throws {
            let cli = try CLI()
            let words = command.split(separator: " ").map(String.init)
            let help = try await cli.run(words + ["--help"]).stdout
            let sections = help.components(separatedBy: "\n\nEXAMPLES:\n")
            #expect(sections.count == 2, "an EXAMPLES section: \(help)")
            let lines = sections.last?.split(separator: "\n").map(String.init) ?? []
            let examples = stride(from: 0, to: lines.count, by: 2).map { lines[$0] }
            #expect((2...3).contains(examples.count), "\(lines)")
            #expect(lines.count == 2 * examples.count, "each example has its line of explanation: \(lines)")
            for example in examples {
                let invocation = try #require(Self.invocation(in: example), "\(example) runs heroes-cli")
                let commandWords = invocation.drop { $0.hasPrefix("-") || !words.contains($0) }
                #expect(commandWords.starts(with: words), "\(example) shows \(command)")
                // --help after the words runs the parser over them and stops before doing anything.
                let parsed = try await cli.run(invocation + ["--help"])
                #expect(parsed.status == 0, "\(example): \(parsed)")
            }
        }

        /// The words after `heroes-cli` in a shell line, quotes removed, up to an operator
        /// (`|`, `&&`, `>`, `)`); `nil` if it does not run heroes-cli.
        static func invocation(in line: String) -> [String]? {
            var words: [String] = []
            var word: String?
            var quote: Character?
            for character in line.trimmingCharacters(in: .whitespaces) + " " {
                if let open = quote {
                    if character == open { quote = nil } else { word?.append(character) }
                } else if character == "'" || character == "\"" {
                    quote = character
                    word = word ?? ""
                } else if character == " " {
                    if let done = word { words.append(done) }
                    word = nil
                } else {
                    word = (word ?? "") + String(character)
                }
            }
            guard let start = words.firstIndex(where: { $0 == "heroes-cli" || $0.hasSuffix("(heroes-cli") })
            else { return nil }
            let rest = words[(start + 1)...]
            let end =
                rest.firstIndex { ["|", "&&", ">", ";"].contains($0) || $0.hasSuffix(")") } ?? rest.endIndex
            var invocation = Array(rest[..<end])
            if end < rest.endIndex, rest[end].hasSuffix(")"), rest[end] != ")" {
                invocation.append(String(rest[end].dropLast()))
            }
            return invocation
        }

        @Test("help --man is the checked-in docs/heroes-cli.1, and lists every command and option")
        func manPage() async throws {
            let run = try await CLI().run("help", "--man")
            #expect(run.status == 0, "\(run)")
            let checkedIn = try String(contentsOf: SourceTree.manPage, encoding: .utf8)
            #expect(
                run.stdout == checkedIn,
                "docs/heroes-cli.1 is out of date: run `swift run heroes-cli help --man > docs/heroes-cli.1`")
            #expect(run.stdout.hasPrefix(".TH HEROES-CLI 1 "))
            for command in Self.commands {
                #expect(
                    run.stdout.contains(
                        ".SS \"heroes\\-cli \(command.replacingOccurrences(of: "-", with: "\\-"))"))
            }
            for option in ["server", "color", "no-color", "page", "team", "man", "output"] {
                #expect(
                    run.stdout.contains("\\fB\\-\\-\(option.replacingOccurrences(of: "-", with: "\\-"))\\fR"))
            }
            #expect(run.stdout.contains(".SH EXIT STATUS"))
        }

        @Test(
            "groff reads the manual page without a warning",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff is installed")
        )
        func manPageRenders() async throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
            process.arguments = ["-man", "-Tutf8", "-ww", "-z", SourceTree.manPage.path]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(warnings.isEmpty, "\(warnings)")
        }
    }
}
