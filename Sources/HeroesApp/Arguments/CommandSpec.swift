/// One command: its words, arguments, options and help lines.
struct CommandSpec: Sendable {
    let id: CommandID
    let arguments: [ArgumentSpec]
    /// Not the global ones, which are in `CommandTable.globalOptions`.
    let options: [OptionSpec]
    let summary: String
    /// Two or three, ending its help and its man page section.
    let examples: [Example]
    /// Left out of help, man page and completion.
    let isHidden: Bool

    /// `options` as typed keys: `options: .page, .perPage`.
    init<each Value>(
        _ id: CommandID,
        arguments: [ArgumentSpec] = [],
        options: repeat Option<each Value>,
        summary: String,
        examples: [Example] = [],
        hidden: Bool = false
    ) {
        self.id = id
        self.arguments = arguments
        self.options = OptionSpec.of(repeat each options)
        self.summary = summary
        self.examples = examples
        self.isHidden = hidden
    }

    struct Example: Sendable {
        /// `heroes-cli` included; it may be inside `<(…)` or before `&&`, `|` or `>`.
        let line: String
        let effect: String

        init(_ line: String, _ effect: String) {
            self.line = line
            self.effect = effect
        }
    }

    var words: [String] { id.words }

    /// `demo reset`.
    var name: String { words.joined(separator: " ") }

    /// `heroes-cli show ID`, optional parts in brackets.
    var synopsis: String {
        let arguments = arguments.map(\.synopsis)
        let options = options.map { "[\($0.synopsis)]" }
        return (["heroes-cli", name] + arguments + options).joined(separator: " ")
    }
}

enum CommandID: String, Sendable, CaseIterable {
    case list, search, show, create, update, delete, picture, uploadPicture, teams, sync
    case demo, demoReset, serve, lint, help, completion
    /// `__complete teams`: cached team ids, for the completion scripts.
    case complete

    /// `["demo", "reset"]`.
    var words: [String] {
        switch self {
        case .uploadPicture: ["upload-picture"]
        case .demoReset: ["demo", "reset"]
        case .complete: ["__complete"]
        default: [rawValue]
        }
    }

    init?(words: [String]) {
        guard let id = Self.allCases.first(where: { $0.words == words }) else { return nil }
        self = id
    }

    /// Whether the command may send a request (unless `--offline`).
    var mayUseNetwork: Bool {
        switch self {
        case .list, .search, .show, .create, .update, .delete, .picture, .uploadPicture, .teams, .sync, .demo:
            true
        case .demoReset, .serve, .lint, .help, .completion, .complete: false
        }
    }
}
