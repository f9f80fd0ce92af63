/// A command line the table refuses, naming the word at fault and the command to show.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    let description: String
    /// The command whose usage line helps, when the command was known.
    let command: CommandID?

    init(_ description: String, command: CommandID? = nil) {
        self.description = description
        self.command = command
    }
}
