/// Shows an error as one line, `error: …`, with the code in brackets; red when colour is on.
@MainActor
public final class ConsoleErrorView: ErrorView {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }

    /// A view writing to `output` (usually standard error) in `style`.
    public init(output: any TextOutputStream, style: ConsoleStyle = .plain) {
        lines = ConsoleLines(output, style)
    }

    /// Writes `error: MESSAGE [CODE]`.
    public func showError(_ error: ErrorViewModel) {
        lines.write(
            style.paint("error:", .red, .bold) + " \(error.message.singleLine) "
                + style.paint("[\(error.code)]", .dim)
        )
    }
}
