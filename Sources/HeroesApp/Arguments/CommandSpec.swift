/// One command as the table declares it: the words that name it, its arguments and options,
/// and the lines its help shows.
struct CommandSpec: Sendable {
    /// Which command this is, for the runner to dispatch on.
    let id: CommandID
    /// The words that name it on the command line: `["demo", "reset"]`.
    let words: [String]
    /// Its positional arguments, in order.
    let arguments: [ArgumentSpec]
    /// Its own options (the global ones are declared once, in `CommandTable.globalOptions`).
    let options: [OptionSpec]
    /// One line saying what it does.
    let summary: String

    /// A command taking `options`, given as typed keys (`options: .page, .perPage`).
    init<each Value>(
        _ id: CommandID,
        _ words: [String],
        arguments: [ArgumentSpec] = [],
        options: repeat Option<each Value>,
        summary: String
    ) {
        self.id = id
        self.words = words
        self.arguments = arguments
        self.options = OptionSpec.of(repeat each options)
        self.summary = summary
    }

    /// The command's name as typed: `demo reset`.
    var name: String { words.joined(separator: " ") }

    /// The usage line: `heroes-cli show ID`, optional parts in brackets.
    var synopsis: String {
        let arguments = arguments.map { $0.isOptional ? "[\($0.name)]" : $0.name }
        let options = options.map { "[\($0.synopsis)]" }
        return (["heroes-cli", name] + arguments + options).joined(separator: " ")
    }
}

/// Every command heroes-cli runs.
enum CommandID: String, Sendable, CaseIterable {
    case list, search, show, create, update, delete, picture, uploadPicture, teams, sync
    case demo, demoReset, serve, lint
}
