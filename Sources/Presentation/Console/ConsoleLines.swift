/// Where a console view's lines go, their style, and the one way a line is written.
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
