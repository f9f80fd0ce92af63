/// What the person at the console did next.
enum ConsoleEvent: Sendable, Equatable {
    case line(String)
    /// Ctrl-C (SIGINT) while the console waited for a line.
    case interrupt
    /// The end of standard input (Ctrl-D on a terminal, the end of a script on a pipe).
    case end
}
