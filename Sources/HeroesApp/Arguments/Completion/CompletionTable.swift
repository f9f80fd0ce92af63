/// What completion offers, read off `CommandTable`, so every shell completes a new option at once.
struct CompletionTable {
    enum Value: Equatable {
        case none
        case free
        case file
        case directory
        /// From the offline cache, by `heroes-cli __complete teams`.
        case teams
        case words([String])
    }

    struct Command {
        let words: [String]
        let summary: String
        let options: [OptionSpec]
        /// In order; the last one repeats when `repeats`.
        let arguments: [Value]
        /// `ID`, `FILE`, in the same order.
        let argumentNames: [String]
        let optionalArguments: Set<String>
        let repeats: Bool

        var name: String { words.joined(separator: " ") }
    }

    let commands: [Command]
    let globalOptions: [OptionSpec]

    init() {
        globalOptions = CommandTable.globalOptions
        commands = CommandTable.visibleCommands.map { spec in
            Command(
                words: spec.words, summary: spec.summary, options: spec.options,
                arguments: spec.arguments.map(Self.value), argumentNames: spec.arguments.map(\.name),
                optionalArguments: Set(spec.arguments.filter(\.isOptional).map(\.name)),
                repeats: spec.arguments.last?.isRepeated == true)
        }
    }

    /// Each once, in the table's order.
    var topLevelWords: [String] {
        var seen: Set<String> = []
        return commands.compactMap(\.words.first).filter { seen.insert($0).inserted }
    }

    var topLevelCommands: [Command] { commands.filter { $0.words.count == 1 } }

    /// `demo reset`, completed after `demo`.
    var subcommands: [Command] { commands.filter { $0.words.count == 2 } }

    /// A script skips the word after one when looking for the command.
    var valueOptionNames: [String] {
        var seen: Set<String> = []
        return (globalOptions + commands.flatMap(\.options))
            .filter { $0.value != .none }
            .map(\.name)
            .filter { seen.insert($0).inserted }
    }

    /// They say which cache `__complete teams` reads.
    static let forwardedToTeams = [
        Option.server.spec.name, Option.cacheDirectory.spec.name, Option.config.spec.name,
    ]

    static func value(of option: OptionSpec) -> Value {
        if option.name == Option.team.spec.name { return .teams }
        switch option.value {
        case .none: return .none
        case .choice(_, let choices): return .words(choices)
        case .text(let placeholder), .integer(let placeholder, _), .repeated(let placeholder):
            return kind(ofPlaceholder: placeholder)
        }
    }

    private static func value(_ argument: ArgumentSpec) -> Value {
        if !argument.choices.isEmpty { return .words(argument.choices) }
        if argument.name == "COMMAND" {
            return .words(CommandTable.visibleCommands.filter { $0.words.count == 1 }.map(\.name))
        }
        return kind(ofPlaceholder: argument.name)
    }

    private static func kind(ofPlaceholder placeholder: String) -> Value {
        switch placeholder {
        case "FILE": .file
        case "DIR": .directory
        default: .free
        }
    }
}
