/// Reads a command line against `CommandTable`. Global options go before or after the command
/// words; `--name=value` and `--name value` both work; `--` ends the options.
struct CommandLineParser {
    private let globalOptions = CommandTable.globalOptions
    private var commands: [CommandSpec] { CommandTable.commands }

    func parse(_ words: [String]) throws(UsageError) -> Invocation {
        var commandWords: [String] = []
        var command: CommandSpec?
        var arguments: [String] = []
        var options: [String: [String]] = [:]
        var remaining = words[...]
        var optionsEnded = false

        while let word = remaining.popFirst() {
            if !optionsEnded, word == "--" {
                optionsEnded = true
            } else if !optionsEnded, word.hasPrefix("-"), word != "-" {
                let (name, inline) = Self.split(word)
                let spec = try option(named: name, word: word, command: command)
                options[spec.name, default: []].append(
                    try value(of: spec, inline: inline, from: &remaining, command: command))
            } else if let longer = command.flatMap({ longerCommand($0.words + [word]) }), arguments.isEmpty {
                command = longer
                commandWords.append(word)
            } else if command == nil {
                commandWords.append(word)
                command = try resolve(commandWords)
            } else {
                arguments.append(word)
            }
        }
        if let command { try check(arguments, options: options, for: command) }
        return Invocation(command: command, arguments: arguments, options: options)
    }

    private static func split(_ word: String) -> (name: String, inline: String?) {
        let body = word.hasPrefix("--") ? word.dropFirst(2) : word.dropFirst()
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }

    private func option(named name: String, word: String, command: CommandSpec?) throws(UsageError)
        -> OptionSpec
    {
        if name == "password" {
            throw UsageError(
                "--password is not accepted: a password on the command line leaks into the shell history "
                    + "and the process list; set HEROES_PASSWORD instead, or omit it to be asked",
                command: command?.id)
        }
        let canonical = name == "h" ? Option.help.spec.name : name
        if let spec = command?.options.first(where: { $0.name == canonical }) { return spec }
        if let spec = globalOptions.first(where: { $0.name == canonical }) { return spec }
        let owner = commands.first { $0.options.contains { $0.name == canonical } }
        if command == nil, let owner {
            throw UsageError("\(word) belongs after the command `\(owner.name)`")
        }
        let known = ((command?.options ?? []) + globalOptions).map(\.name)
        let nearest = NearestSpelling.suggestion(for: canonical, among: known).map {
            "; did you mean `--\($0)`?"
        }
        throw UsageError(
            "unknown option \(word)" + (command.map { " for `\($0.name)`" } ?? "") + (nearest ?? ""),
            command: command?.id)
    }

    private func value(
        of spec: OptionSpec, inline: String?, from remaining: inout ArraySlice<String>, command: CommandSpec?
    ) throws(UsageError) -> String {
        if case .none = spec.value {
            guard inline == nil else {
                throw UsageError("--\(spec.name) takes no value", command: command?.id)
            }
            return ""
        }
        guard let text = inline ?? remaining.popFirst() else {
            throw UsageError("\(spec.synopsis): the value is missing", command: command?.id)
        }
        if case .choice(let placeholder, let choices) = spec.value, !choices.contains(text) {
            let nearest = NearestSpelling.suggestion(for: text, among: choices)
            throw UsageError(
                "--\(spec.name) \(placeholder) must be \(Self.alternatives(choices)), not '\(text)'"
                    + (nearest.map { "; did you mean `\($0)`?" } ?? ""),
                command: command?.id)
        }
        if case .integer(let placeholder, let range) = spec.value {
            guard let number = Int(text), range.contains(number) else {
                let bounds =
                    range.upperBound == Int.max
                    ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
                throw UsageError(
                    "--\(spec.name) \(placeholder) must be a whole number \(bounds), not '\(text)'",
                    command: command?.id)
            }
        }
        return text
    }

    func command(named words: [String]) throws(UsageError) -> CommandSpec {
        if let exact = CommandID(words: words) { return CommandTable.spec(exact) }
        let typed = words.joined(separator: " ")
        let visible = commands.filter { !$0.isHidden }.map(\.name)
        let nearest = NearestSpelling.suggestion(for: typed, among: visible)
        throw UsageError(
            "unknown command '\(typed)'" + (nearest.map { "; did you mean `\($0)`?" } ?? ""), command: .help)
    }

    private func longerCommand(_ words: [String]) -> CommandSpec? {
        CommandID(words: words).map(CommandTable.spec)
    }

    private func resolve(_ words: [String]) throws(UsageError) -> CommandSpec {
        if let exact = CommandID(words: words) { return CommandTable.spec(exact) }
        let typed = words.joined(separator: " ")
        let visible = commands.filter { !$0.isHidden }.map(\.name).filter { !$0.contains(" ") }
        if let nearest = NearestSpelling.suggestion(for: typed, among: visible) {
            throw UsageError("unknown command '\(typed)'; did you mean `\(nearest)`?")
        }
        throw UsageError("unknown command '\(typed)'; the commands are \(visible.joined(separator: ", "))")
    }

    private static func alternatives(_ words: [String]) -> String {
        let quoted = words.map { "`\($0)`" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }

    private func check(_ arguments: [String], options: [String: [String]], for command: CommandSpec)
        throws(UsageError)
    {
        if options[Option.help.spec.name] != nil { return }
        let required = command.arguments.filter { !$0.isOptional }
        if arguments.count < required.count {
            let missing = required[arguments.count...].map(\.name).joined(separator: " ")
            throw UsageError("`\(command.name)` needs \(missing)", command: command.id)
        }
        if arguments.count > command.arguments.count, command.arguments.last?.isRepeated != true {
            let extra = arguments[command.arguments.count]
            // `demo rest` reads as `demo` and an argument; the longer command was probably meant.
            let longer = commands.filter { !$0.isHidden && $0.words.dropLast() == command.words }
            let nearest = NearestSpelling.suggestion(for: extra, among: longer.compactMap(\.words.last))
            throw UsageError(
                "unexpected argument '\(extra)' for `\(command.name)`"
                    + (nearest.map { "; did you mean `\(command.name) \($0)`?" } ?? ""),
                command: command.id)
        }
        for (spec, given) in zip(command.arguments, arguments) where !spec.choices.isEmpty {
            guard !spec.choices.contains(given) else { continue }
            let nearest = NearestSpelling.suggestion(for: given, among: spec.choices)
            throw UsageError(
                "`\(command.name)` \(spec.name) must be \(Self.alternatives(spec.choices)), not '\(given)'"
                    + (nearest.map { "; did you mean `\($0)`?" } ?? ""),
                command: command.id)
        }
        for spec in command.options + globalOptions {
            guard let given = options[spec.name], given.count > 1 else { continue }
            if case .repeated = spec.value { continue }
            if case .none = spec.value { continue }
            throw UsageError(
                "--\(spec.name) is given \(given.count) times; give it once", command: command.id)
        }
    }
}
