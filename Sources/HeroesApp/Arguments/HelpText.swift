/// The help text, made from the declarations the parser reads, so the two cannot disagree.
enum HelpText {
    static let version = "heroes-cli 1.0.0"

    static func overview() -> String {
        var lines = [
            "heroes-cli: browse, search and edit a roster of heroes over the Heroes API.",
            "",
            "USAGE: heroes-cli <command> [arguments] [options]",
            "",
            "COMMANDS:",
        ]
        lines += table(CommandTable.visibleCommands.map { ($0.name, $0.summary) })
        lines += ["", "GLOBAL OPTIONS (before or after the command):"]
        lines += table(CommandTable.globalOptions.map(row))
        lines += [
            "",
            "With no --server, heroes-cli starts its bundled demo server in-process, with the demo",
            "editor account and clearance key. Try `heroes-cli demo`. `heroes-cli help <command>` (or",
            "`heroes-cli <command> --help`) explains one command; `heroes-cli help --man` prints the manual.",
        ]
        return lines.joined(separator: "\n")
    }

    static func help(for command: CommandSpec) -> String {
        var lines = [
            "USAGE: \(command.synopsis)", "",
            command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".",
        ]
        if !command.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"] + table(command.arguments.map { ($0.name, $0.help) })
        }
        if !command.options.isEmpty {
            lines += ["", "OPTIONS:"] + table(command.options.map(row))
        }
        lines += ["", "GLOBAL OPTIONS:"] + table(CommandTable.globalOptions.map(row))
        if !command.examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            for example in command.examples { lines += ["  " + example.line, "      " + example.effect] }
        }
        return lines.joined(separator: "\n")
    }

    /// The short usage shown after a usage error: the command's line, or a pointer to `--help`.
    static func usage(for command: CommandID?) -> String {
        guard let spec = command.map(CommandTable.spec) else {
            return "USAGE: heroes-cli <command> [options]; `heroes-cli --help` lists the commands"
        }
        return "USAGE: \(spec.synopsis)"
    }

    static func help(of option: OptionSpec) -> String {
        option.help + (option.environment.map { " [env \($0)]" } ?? "")
    }

    private static func row(_ option: OptionSpec) -> (String, String) {
        (option.synopsis, help(of: option))
    }

    private static func table(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { name, help in
            "  " + name + String(repeating: " ", count: width - name.count + 2) + help
        }
    }
}
