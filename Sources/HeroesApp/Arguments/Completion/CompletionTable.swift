/// What completion offers, read off `CommandTable`, so every shell completes a new option at once.
struct CompletionTable {
    /// What completes where a value or an argument goes.
    enum Value: Equatable {
        /// Nothing: a switch takes no value.
        case none
        /// Any text; nothing to offer.
        case free
        /// A path of a file.
        case file
        /// A path of a folder.
        case directory
        /// A team id, from the offline cache through `heroes-cli __complete teams`.
        case teams
        /// One of these words.
        case words([String])
    }

    /// A command as completion sees it.
    struct Command {
        /// The words that name it: `["demo", "reset"]`.
        let words: [String]
        /// One line of what it does.
        let summary: String
        /// Its own options (the global ones are in `globalOptions`).
        let options: [OptionSpec]
        /// What each positional argument may be, in order; the last one repeats when it is `repeats`.
        let arguments: [Value]
        /// The arguments' placeholders, in the same order (`ID`, `FILE`).
        let argumentNames: [String]
        /// The placeholders of the arguments the command runs without.
        let optionalArguments: Set<String>
        /// Whether the last argument takes every word left.
        let repeats: Bool

        /// The command's name as typed: `demo reset`.
        var name: String { words.joined(separator: " ") }
    }

    let commands: [Command]
    let globalOptions: [OptionSpec]

    /// The table of the visible commands of `CommandTable`.
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

    /// The first word of every command, each once, in the table's order.
    var topLevelWords: [String] {
        var seen: Set<String> = []
        return commands.compactMap(\.words.first).filter { seen.insert($0).inserted }
    }

    /// The commands of one word, in the table's order.
    var topLevelCommands: [Command] { commands.filter { $0.words.count == 1 } }

    /// The commands of two words: `demo reset`, completed after `demo`.
    var subcommands: [Command] { commands.filter { $0.words.count == 2 } }

    /// Every option taking a value; a script skips the word after one when looking for the command.
    var valueOptionNames: [String] {
        var seen: Set<String> = []
        return (globalOptions + commands.flatMap(\.options))
            .filter { $0.value != .none }
            .map(\.name)
            .filter { seen.insert($0).inserted }
    }

    /// The global options whose values say which cache `__complete teams` reads.
    static let forwardedToTeams = [
        Option.server.spec.name, Option.cacheDirectory.spec.name, Option.config.spec.name,
    ]

    /// What completes as the value of `option`.
    static func value(of option: OptionSpec) -> Value {
        if option.name == Option.team.spec.name { return .teams }
        switch option.value {
        case .none: return .none
        case .choice(_, let choices): return .words(choices)
        case .text(let placeholder), .integer(let placeholder, _), .repeated(let placeholder):
            return kind(ofPlaceholder: placeholder)
        }
    }

    /// What completes as `argument`: its choices, a path for `FILE`, a command for `COMMAND`.
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
