/// The roff manual page, read off `CommandTable` as the help is. No date, so the same table
/// gives the same page (a test compares it with `docs/heroes-cli.1`).
enum ManPage {
    static func text() -> String {
        var lines = [
            ".TH HEROES-CLI 1 \"\" \"\(HelpText.version)\" \"User Commands\"",
            ".SH NAME",
            "heroes-cli \\- browse, search and edit a roster of heroes over the Heroes API",
            ".SH SYNOPSIS",
            ".B heroes-cli",
            ".I command",
            "[\\fIarguments\\fR] [\\fIoptions\\fR]",
            ".br",
            ".B heroes-cli",
            ".RB [ \\-\\-help | \\-\\-version ]",
            ".SH DESCRIPTION",
            escaped(
                "With no --server, heroes-cli starts its bundled demo server in-process, with the demo editor "
                    + "account and clearance key; heroes-cli demo tours every feature. With no command, on a "
                    + "terminal, it opens the interactive console (? for help). Global options go before or "
                    + "after the command words. heroes-cli help COMMAND, or heroes-cli COMMAND --help, "
                    + "explains one command."),
            ".SH COMMANDS",
        ]
        for command in CommandTable.visibleCommands { lines += section(for: command) }
        lines += [".SH GLOBAL OPTIONS"]
        for option in CommandTable.globalOptions { lines += item(for: option) }
        lines += [".SH ENVIRONMENT"]
        for (name, meaning) in environment {
            lines += [".TP", ".B \(name)", escaped(meaning)]
        }
        lines += [
            ".SH FILES",
            ".TP", ".I $XDG_CACHE_HOME/heroes", escaped("the offline cache (default ~/.cache/heroes)"),
            ".TP", ".I $XDG_DATA_HOME/heroes",
            escaped("the bundled server's state between runs (default ~/.local/share/heroes)"),
            ".SH EXIT STATUS",
        ]
        for status in ExitStatus.documented {
            lines += [".TP", ".B \(status.rawValue)", escaped(status.meaning)]
        }
        lines += [
            ".SH SEE ALSO",
            escaped("heroes-cli completion bash|zsh|fish prints a shell completion script."),
        ]
        return lines.joined(separator: "\n")
    }

    private static var environment: [(String, String)] {
        CommandTable.globalOptions.compactMap { option in
            option.environment.map { ($0, "the same as \(option.synopsis) when that is not given") }
        } + [
            ("HEROES_PASSWORD", "the editor's password; without it, a write asks for it on the terminal"),
            ("NO_COLOR", "when set and not empty, no colour under --color=auto"),
            ("XDG_CACHE_HOME, XDG_DATA_HOME", "where the cache and the bundled server's state live"),
        ]
    }

    private static func section(for command: CommandSpec) -> [String] {
        var lines = [".SS \"\(escaped(command.synopsis))\"", escaped(sentence(command.summary))]
        for argument in command.arguments {
            lines += [".TP", "\\fI\(escaped(argument.name))\\fR", escaped(argument.help)]
        }
        for option in command.options { lines += item(for: option) }
        if !command.examples.isEmpty {
            lines += [".PP", "Examples:"]
            for example in command.examples {
                lines += [".TP", "\\fB\(escaped(example.line))\\fR", escaped(example.effect)]
            }
        }
        return lines
    }

    private static func item(for option: OptionSpec) -> [String] {
        let name = "\\fB\(escaped("--" + option.name))\\fR"
        let value: String =
            switch option.value {
            case .none: ""
            case .text(let placeholder), .integer(let placeholder, _), .choice(let placeholder, _):
                " \\fI\(escaped(placeholder))\\fR"
            case .repeated(let placeholder): " \\fI\(escaped(placeholder))\\fR..."
            }
        return [".TP", name + value, escaped(HelpText.help(of: option))]
    }

    private static func sentence(_ summary: String) -> String {
        summary.prefix(1).uppercased() + summary.dropFirst() + "."
    }

    /// `text` as roff shows it literally: hyphens as minus signs, so options paste as typed;
    /// non-ASCII as a `\[u…]` code point escape (`é` is `\[u00E9]`); a leading `.` or `'` escaped.
    static func escaped(_ text: String) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": body += "\\e"
            case "-": body += "\\-"
            case _ where scalar.isASCII: body.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                body += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}
