/// The zsh completion script: a `#compdef` function over `_arguments`.
enum ZshCompletion {
    static func script(_ table: CompletionTable) -> String {
        let forwarded = CompletionTable.forwardedToTeams.map { "--" + $0 }
        var lines = [
            "#compdef heroes-cli",
            "# zsh completion for heroes-cli, written by `heroes-cli completion zsh` from its command table.",
            "# Save it as _heroes-cli in a folder of $fpath (before compinit runs), or load it with:",
            "#   source <(heroes-cli completion zsh)",
            "",
            "_heroes_cli_teams() {",
            "    local -a forwarded teams",
            "    local i",
            "    for (( i = 2; i < ${#_heroes_cli_words}; i++ )); do",
            "        case ${_heroes_cli_words[i]} in",
            "            \(forwarded.joined(separator: "|"))) forwarded+=(${_heroes_cli_words[i]} ${_heroes_cli_words[i+1]}) ;;",
            "            \(forwarded.map { $0 + "=*" }.joined(separator: "|"))) forwarded+=(${_heroes_cli_words[i]}) ;;",
            "        esac",
            "    done",
            "    teams=(${(f)\"$(${~_heroes_cli_words[1]} __complete teams $forwarded 2>/dev/null)\"})",
            "    compadd -a teams",
            "}",
            "",
            "_heroes_cli() {",
            "    local curcontext=$curcontext state line ret=1",
            "    # The words as typed, before _arguments shifts them, for the team ids' global options.",
            "    local -a _heroes_cli_words",
            "    _heroes_cli_words=(\"${words[@]}\")",
            "    local -a globals commands",
            "    globals=(",
        ]
        lines += table.globalOptions.map { "        " + quoted(spec($0)) }
        lines += ["    )", "    commands=("]
        lines += table.topLevelCommands.map { "        " + quoted($0.name + ":" + $0.summary) }
        lines += [
            "    )",
            "    _arguments -C $globals ': :->command' '*:: :->arguments' && ret=0",
            "    case $state in",
            "        command) _describe -t commands 'heroes-cli command' commands && ret=0 ;;",
            "        arguments)",
            "            case $words[1] in",
        ]
        for command in table.topLevelCommands {
            var specs = command.options.map { quoted(spec($0)) }
            let subwords = table.subcommands.filter { $0.words[0] == command.name }.map { $0.words[1] }
            if !subwords.isEmpty {
                specs.append(quoted("1:: :(\(subwords.joined(separator: " ")))"))
            } else {
                for (index, (argument, value)) in zip(command.argumentNames, command.arguments).enumerated() {
                    let isLast = index == command.arguments.count - 1
                    let position = isLast && command.repeats ? "*" : "\(index + 1)"
                    let optional = command.optionalArguments.contains(argument) ? ":" : ""
                    specs.append(quoted("\(position):\(optional)\(argument):\(action(value))"))
                }
            }
            lines.append(
                "                \(command.name)) _arguments " + (["$globals"] + specs).joined(separator: " ")
                    + " && ret=0 ;;")
        }
        lines += [
            "            esac ;;",
            "    esac",
            "    return ret",
            "}",
            "",
            "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
            "    _heroes_cli \"$@\"",
            "else",
            "    compdef _heroes_cli heroes-cli",
            "fi",
        ]
        return lines.joined(separator: "\n")
    }

    /// `_arguments`' spec of `option`, such as `--team=[help]:ID:_heroes_cli_teams`.
    private static func spec(_ option: OptionSpec) -> String {
        let help = "[\(escapedDescription(HelpText.help(of: option)))]"
        switch option.value {
        case .none:
            return "--\(option.name)\(help)"
        case .text(let placeholder), .integer(let placeholder, _), .choice(let placeholder, _):
            return "--\(option.name)=\(help):\(placeholder):\(action(CompletionTable.value(of: option)))"
        case .repeated(let placeholder):
            return "*--\(option.name)=\(help):\(placeholder):\(action(CompletionTable.value(of: option)))"
        }
    }

    private static func action(_ value: CompletionTable.Value) -> String {
        switch value {
        case .none, .free: " "
        case .file: "_files"
        case .directory: "_files -/"
        case .teams: "_heroes_cli_teams"
        case .words(let words): "(\(words.joined(separator: " ")))"
        }
    }

    /// Help text as `_arguments` reads it between brackets: brackets and backslashes escaped.
    private static func escapedDescription(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "[]\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
