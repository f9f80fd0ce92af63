/// One command: its words, arguments, options and help lines.
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
    /// Two or three command lines that show it in use, ending its help and its man page section.
    let examples: [Example]
    /// Left out of the help, the man page and completion: the plumbing completion scripts call.
    let isHidden: Bool

    /// A command taking `options`, given as typed keys (`options: .page, .perPage`).
    init<each Value>(
        _ id: CommandID,
        _ words: [String],
        arguments: [ArgumentSpec] = [],
        options: repeat Option<each Value>,
        summary: String,
        examples: [Example] = [],
        hidden: Bool = false
    ) {
        self.id = id
        self.words = words
        self.arguments = arguments
        self.options = OptionSpec.of(repeat each options)
        self.summary = summary
        self.examples = examples
        self.isHidden = hidden
    }

    /// One example of a command in use: the shell line as typed and what it does.
    struct Example: Sendable {
        /// The whole line, `heroes-cli` included (it may be inside `<(…)` or before `&&`, `|` or `>`).
        let line: String
        /// What the line does, in a few words.
        let effect: String

        init(_ line: String, _ effect: String) {
            self.line = line
            self.effect = effect
        }
    }

    /// The command's name as typed: `demo reset`.
    var name: String { words.joined(separator: " ") }

    /// The usage line: `heroes-cli show ID`, optional parts in brackets.
    var synopsis: String {
        let arguments = arguments.map(\.synopsis)
        let options = options.map { "[\($0.synopsis)]" }
        return (["heroes-cli", name] + arguments + options).joined(separator: " ")
    }
}

/// Every command heroes-cli runs.
enum CommandID: String, Sendable, CaseIterable {
    case list, search, show, create, update, delete, picture, uploadPicture, teams, sync
    case demo, demoReset, serve, lint, help, completion
    /// `__complete teams`: the team ids of the offline cache, for the completion scripts.
    case complete

    /// Whether the command may send a request (unless `--offline`).
    var mayUseNetwork: Bool {
        switch self {
        case .list, .search, .show, .create, .update, .delete, .picture, .uploadPicture, .teams, .sync, .demo:
            true
        case .demoReset, .serve, .lint, .help, .completion, .complete: false
        }
    }
}
