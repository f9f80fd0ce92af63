/// What the person at the console did next: typed a line, pressed Ctrl-C, or closed the input.
enum ConsoleEvent: Sendable, Equatable {
    /// A line, without its newline.
    case line(String)
    /// Ctrl-C (SIGINT) while the console waited for a line.
    case interrupt
    /// The end of standard input (Ctrl-D on a terminal, the end of a script on a pipe).
    case end
}
