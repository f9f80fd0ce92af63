/// What every console view holds: where its lines go, the style they are laid out in, and the
/// one way a line is written, with its newline.
struct ConsoleLines {
    private var output: any TextOutputStream
    /// The width, colour and terminal the lines are for.
    let style: ConsoleStyle

    init(_ output: any TextOutputStream, _ style: ConsoleStyle) {
        self.output = output
        self.style = style
    }

    /// Writes `line`, then a newline.
    mutating func write(_ line: String) { output.write(line + "\n") }

    /// Writes each of `lines`.
    mutating func write(_ lines: [String]) {
        for line in lines { write(line) }
    }
}
