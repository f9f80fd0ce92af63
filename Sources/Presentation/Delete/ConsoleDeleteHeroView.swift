import Domain

/// Shows a deletion as one line, `deleted hero ID`.
@MainActor
public final class ConsoleDeleteHeroView: DeleteHeroView {
    private var output: any TextOutputStream
    private let style: ConsoleStyle

    /// A view writing to `output` in `style`.
    public init(output: any TextOutputStream, style: ConsoleStyle = .plain) {
        self.output = output
        self.style = style
    }

    /// Writes `deleted hero ID`.
    public func showDeleted(_ id: Hero.ID) {
        output.write(
            style.paint("deleted", .green) + " hero \(id)".truncated(toWidth: max(1, style.width - 7)) + "\n")
    }
}
