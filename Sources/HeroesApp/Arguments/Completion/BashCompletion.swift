/// The bash completion script: one `complete -F` function over the table.
enum BashCompletion {
    static func script(_ table: CompletionTable) -> String {
        let globals = table.globalOptions.map { "--" + $0.name }.joined(separator: " ")
        let valueOptions = table.valueOptionNames.map { "--" + $0 }.joined(separator: "|")
        let forwarded = CompletionTable.forwardedToTeams.map { "--" + $0 }
        var lines = [
            "# bash completion for heroes-cli, written by `heroes-cli completion bash` from its command table.",
            "# Load it with: source <(heroes-cli completion bash)",
            "",
            "# The team ids of the cache that the typed --server, --cache-dir and --config name.",
            "_heroes_cli_teams() {",
            "    local forwarded=() i",
            "    for ((i = 1; i < count - 1; i++)); do",
            "        case \"${words[i]}\" in",
            "            \(forwarded.joined(separator: "|"))) forwarded+=(\"${words[i]}\" \"${words[i+1]}\"); i=$((i + 1)) ;;",
            "            \(forwarded.map { $0 + "=*" }.joined(separator: "|"))) forwarded+=(\"${words[i]}\") ;;",
            "        esac",
            "    done",
            "    \"${words[0]/#\\~/$HOME}\" __complete teams \"${forwarded[@]}\" 2>/dev/null",
            "}",
            "",
            "_heroes_cli() {",
            "    # The words before the cursor, split at blanks only: COMP_WORDS is also split at '=' and",
            "    # ':', which cuts a --server URL apart. Its last word is still what bash replaces.",
            "    local typed=\"${COMP_LINE:0:COMP_POINT}\" words=() cur=\"${COMP_WORDS[COMP_CWORD]}\"",
            "    local prev=\"\" command=\"\" word current count i",
            "    read -ra words <<< \"$typed\"",
            "    [[ -z \"$typed\" || \"$typed\" == *[[:space:]] ]] && words+=(\"\")",
            "    count=${#words[@]}",
            "    current=\"${words[count-1]}\"",
            "    (( count > 1 )) && prev=\"${words[count-2]}\"",
            "    # --name=value: the value is being completed.",
            "    [[ \"$current\" == --*=* ]] && prev=\"${current%%=*}\"",
            "    [[ \"$cur\" == \"=\" ]] && cur=\"\"",
            "    COMPREPLY=()",
            "    for ((i = 1; i < count - 1; i++)); do",
            "        word=\"${words[i]}\"",
            "        case \"$word\" in",
            "            \(valueOptions)) i=$((i + 1)) ;;",
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
            "    if [[ \"$current\" == -* && \"$current\" != *=* ]]; then",
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

    /// Fills `COMPREPLY` with what `value` offers for `$cur`.
    private static func reply(_ value: CompletionTable.Value) -> String {
        switch value {
        case .none, .free: ""
        case .file: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .directory: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))"
        // Ids come from a server: matched as literal prefixes, never expanded by `compgen -W`.
        case .teams:
            "local team; while IFS= read -r team; do [[ \"$team\" == \"$cur\"* ]] && COMPREPLY+=(\"$team\"); "
                + "done < <(_heroes_cli_teams)"
        case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        }
    }
}
