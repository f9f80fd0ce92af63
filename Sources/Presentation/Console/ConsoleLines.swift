/// Where a console view's lines go, and their style.
struct ConsoleLines {
    private var output: any TextOutputStream
    let style: ConsoleStyle

    init(_ output: any TextOutputStream, _ style: ConsoleStyle) {
        self.output = output
        self.style = style
    }

    mutating func write(_ line: String) { output.write(line + "\n") }

    mutating func write(_ lines: [String]) {
        for line in lines { write(line) }
    }
}
