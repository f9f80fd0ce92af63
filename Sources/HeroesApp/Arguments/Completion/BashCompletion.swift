/// The bash completion script, written from a `CompletionTable`: `complete -F` with one function
/// that finds the command among the words typed, then offers its options, an option's values
/// (team ids from the cache, files, the choices) or the next command word.
enum BashCompletion {
    static func script(_ table: CompletionTable) -> String {
        let globals = table.globalOptions.map { "--" + $0.name }.joined(separator: " ")
        let valueOptions = table.valueOptionNames.map { "--" + $0 }.joined(separator: "|")
        let forwarded = CompletionTable.forwardedToTeams.map { "--" + $0 }
        var lines = [
            "# bash completion for heroes-cli, written by `heroes-cli completion bash` from its command table.",
            "# Load it with: source <(heroes-cli completion bash)",
            "",
            "_heroes_cli_teams() {",
            "    local program=\"${COMP_WORDS[0]/#\\~/$HOME}\" forwarded=() i",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case \"${COMP_WORDS[i]}\" in",
            "            \(forwarded.joined(separator: "|")))",
            "                if [[ \"${COMP_WORDS[i+1]}\" == \"=\" ]]; then",
            "                    forwarded+=(\"${COMP_WORDS[i]}=${COMP_WORDS[i+2]}\")",
            "                else",
            "                    forwarded+=(\"${COMP_WORDS[i]}\" \"${COMP_WORDS[i+1]}\")",
            "                fi ;;",
            "            \(forwarded.map { $0 + "=*" }.joined(separator: "|"))) forwarded+=(\"${COMP_WORDS[i]}\") ;;",
            "        esac",
            "    done",
            "    \"$program\" __complete teams \"${forwarded[@]}\" 2>/dev/null",
            "}",
            "",
            "_heroes_cli() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" command=\"\" word i",
            "    (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    # bash splits --name=value at the '='.",
            "    if [[ \"$cur\" == \"=\" ]]; then",
            "        cur=\"\"",
            "    elif [[ \"$prev\" == \"=\" ]] && (( COMP_CWORD > 1 )); then",
            "        prev=\"${COMP_WORDS[COMP_CWORD-2]}\"",
            "    fi",
            "    COMPREPLY=()",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        word=\"${COMP_WORDS[i]}\"",
            "        case \"$word\" in",
            "            \(valueOptions))",
            "                [[ \"${COMP_WORDS[i+1]}\" == \"=\" ]] && i=$((i + 1))",
            "                i=$((i + 1)) ;;",
            "            -*) ;;",
            "            *)",
            "                if [[ -z \"$command\" ]]; then",
            "                    command=\"$word\"",
        ]
        for sub in table.subcommands {
            lines += [
                "                elif [[ \"$command\" == \(sub.words[0]) && \"$word\" == \(sub.words[1]) ]]; then",
                "                    command=\"\(sub.name)\"",
            ]
        }
        lines += [
            "                fi ;;",
            "        esac",
            "    done",
            "    case \"$prev\" in",
        ]
        var byValue: [(names: [String], value: CompletionTable.Value)] = []
        for option in table.globalOptions + table.commands.flatMap(\.options) {
            let value = CompletionTable.value(of: option)
            guard value != .none, !byValue.contains(where: { $0.names.contains(option.name) }) else {
                continue
            }
            if let index = byValue.firstIndex(where: { $0.value == value }) {
                byValue[index].names.append(option.name)
            } else {
                byValue.append(([option.name], value))
            }
        }
        for (names, value) in byValue {
            let pattern = names.map { "--" + $0 }.joined(separator: "|")
            let statement = reply(value)
            lines.append("        \(pattern)) " + (statement.isEmpty ? "" : statement + "; ") + "return ;;")
        }
        lines += [
            "    esac",
            "    if [[ \"$cur\" == -* ]]; then",
            "        local options=\"\(globals)\"",
            "        case \"$command\" in",
        ]
        for command in table.commands where !command.options.isEmpty {
            let options = command.options.map { "--" + $0.name }.joined(separator: " ")
            lines.append("            \"\(command.name)\") options+=\" \(options)\" ;;")
        }
        lines += [
            "        esac",
            "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case \"$command\" in",
            "        \"\") COMPREPLY=($(compgen -W \"\(table.topLevelWords.joined(separator: " "))\" -- \"$cur\")) ;;",
        ]
        for command in table.topLevelCommands {
            let subwords = table.subcommands.filter { $0.words[0] == command.name }.map { $0.words[1] }
            if !subwords.isEmpty {
                lines.append("        \(command.name)) \(reply(.words(subwords))) ;;")
            } else if let value = command.arguments.first(where: { $0 != .free && $0 != .none }) {
                lines.append("        \(command.name)) \(reply(value)) ;;")
            }
        }
        lines += [
            "    esac",
            "}",
            "",
            "complete -F _heroes_cli heroes-cli",
        ]
        return lines.joined(separator: "\n")
    }

    /// The statement that fills `COMPREPLY` with what `value` offers for `$cur`; nothing for
    /// free text.
    private static func reply(_ value: CompletionTable.Value) -> String {
        switch value {
        case .none, .free: ""
        case .file: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .directory: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .teams: "COMPREPLY=($(compgen -W \"$(_heroes_cli_teams)\" -- \"$cur\"))"
        case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        }
    }
}
