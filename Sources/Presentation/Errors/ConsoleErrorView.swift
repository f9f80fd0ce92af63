/// `error: MESSAGE [CODE]`, red when colour is on.
@MainActor
public final class ConsoleErrorView: ErrorView {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }

    /// Usually onto standard error.
    public init(output: any TextOutputStream, style: ConsoleStyle = .plain) {
        lines = ConsoleLines(output, style)
    }

    /// Several fields get a header and one line each.
    public func showError(_ error: ErrorViewModel) {
        let label = style.paint("error:", .red, .bold)
        let code = style.paint("[\(error.code)]", .dim)
        guard error.fields.count > 1 else {
            lines.write(label + " \(error.message.singleLine) " + code)
            return
        }
        lines.write(label + " invalid: \(error.fields.count) problems " + code)
        let problems = error.fields.sorted { $0.key < $1.key }.map {
            FieldProblem(field: $0.key, message: $0.value)
        }
        let table = TextTable(headers: ["FIELD", "PROBLEM"], rows: problems.map { [$0.label, $0.message] })
        for line in table.render(style: ConsoleStyle(width: style.width - 2, usesColor: style.usesColor))
            .dropFirst()
        {
            lines.write("  " + line)
        }
    }
}
