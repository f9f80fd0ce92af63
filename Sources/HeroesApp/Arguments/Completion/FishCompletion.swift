/// The fish completion script: one `complete` line per word, option and argument.
enum FishCompletion {
    static func script(_ table: CompletionTable) -> String {
        let forwarded = CompletionTable.forwardedToTeams.map { "--" + $0 }
        let topLevel = table.topLevelWords.joined(separator: " ")
        var lines = [
            "# fish completion for heroes-cli, written by `heroes-cli completion fish` from its command table.",
            "# Save it as ~/.config/fish/completions/heroes-cli.fish, or load it with:",
            "#   heroes-cli completion fish | source",
            "",
            "function __heroes_cli_teams",
            "    set -l tokens (commandline -opc)",
            "    set -l forwarded",
            "    for i in (seq 2 (count $tokens))",
            "        switch $tokens[$i]",
            "            case \(forwarded.joined(separator: " "))",
            "                set -l next (math $i + 1)",
            "                test $next -le (count $tokens); and set -a forwarded $tokens[$i] $tokens[$next]",
            "            case \(forwarded.map { "'\($0)=*'" }.joined(separator: " "))",
            "                set -a forwarded $tokens[$i]",
            "        end",
            "    end",
            "    $tokens[1] __complete teams $forwarded 2>/dev/null",
            "end",
            "",
            "function __heroes_cli_needs_command",
            "    not __fish_seen_subcommand_from \(topLevel)",
            "end",
            "",
            "complete -c heroes-cli -f",
        ]
        for command in table.topLevelCommands {
            lines.append(
                "complete -c heroes-cli -n __heroes_cli_needs_command -a \(command.name) -d "
                    + quoted(command.summary))
        }
        for sub in table.subcommands {
            lines.append(
                "complete -c heroes-cli -n '__fish_seen_subcommand_from \(sub.words[0]); and not "
                    + "__fish_seen_subcommand_from \(sub.words[1])' -a \(sub.words[1]) -d "
                    + quoted(sub.summary))
        }
        for option in table.globalOptions { lines.append(line(for: option, condition: nil)) }
        for command in table.topLevelCommands {
            let condition = "__fish_seen_subcommand_from \(command.name)"
            for option in command.options { lines.append(line(for: option, condition: condition)) }
            guard table.subcommands.allSatisfy({ $0.words[0] != command.name }) else { continue }
            var offered: [String] = []
            for argument in command.arguments.map(arguments)
            where !argument.isEmpty && !offered.contains(argument) {
                offered.append(argument)
                lines.append("complete -c heroes-cli -n '\(condition)' \(argument)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func line(for option: OptionSpec, condition: String?) -> String {
        var words = ["complete -c heroes-cli"]
        if let condition { words.append("-n '\(condition)'") }
        words.append("-l \(option.name)")
        switch CompletionTable.value(of: option) {
        case .none: break
        case .free: words.append("-x")
        case .file: words.append("-r -F")
        case .directory: words.append("-x -a '(__fish_complete_directories)'")
        case .teams: words.append("-x -a '(__heroes_cli_teams)'")
        case .words(let choices): words.append("-x -a " + quoted(choices.joined(separator: " ")))
        }
        words.append("-d " + quoted(HelpText.help(of: option)))
        return words.joined(separator: " ")
    }

    private static func arguments(_ value: CompletionTable.Value) -> String {
        switch value {
        case .none, .free, .teams: ""
        case .file: "-F"
        case .directory: "-a '(__fish_complete_directories)'"
        case .words(let choices): "-a " + quoted(choices.joined(separator: " "))
        }
    }

    /// `text` in fish's single quotes, where only `\` and `'` are escaped.
    private static func quoted(_ text: String) -> String {
        var escaped = "'"
        for character in text {
            if character == "\\" || character == "'" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "'"
    }
}
