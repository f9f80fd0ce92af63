import Domain

/// `deleted hero ID`, saying so when it is pending.
@MainActor
public final class ConsoleDeleteHeroView: DeleteHeroView {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }

    public init(output: any TextOutputStream, style: ConsoleStyle = .plain) {
        lines = ConsoleLines(output, style)
    }

    public func showDeleted(_ id: Hero.ID) {
        lines.write(
            style.paint("deleted", .green) + " hero \(id)".truncated(toWidth: max(1, style.width - 7)))
    }

    public func showDeletionPending(_ id: Hero.ID) {
        let line = " hero \(id) (pending: on the server at the next sync)"
        lines.write(style.paint("deleted", .yellow) + line.truncated(toWidth: max(1, style.width - 7)))
    }
}
