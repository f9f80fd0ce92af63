import Domain

/// Shows a sync as a summary line of counts, then the ids of each kind of change.
@MainActor
public final class ConsoleSyncView: SyncView {
    private var output: any TextOutputStream
    private let style: ConsoleStyle

    /// A view writing to `output` in `style`.
    public init(output: any TextOutputStream, style: ConsoleStyle = .plain) {
        self.output = output
        self.style = style
    }

    /// Writes `synced: N inserted, N updated, N unchanged, N deleted` (or `already up to date`)
    /// and a line of ids per kind.
    public func showChanges(_ changes: HeroChangeSet) {
        let kinds = [
            ("inserted", changes.inserted), ("updated", changes.updated), ("unchanged", changes.unchanged),
            ("deleted", changes.deleted),
        ]
        let counts = kinds.map { "\($0.1.count) \($0.0)" }.joined(separator: ", ")
        let summary = changes.isEmpty ? "already up to date, \(changes.unchanged.count) unchanged" : counts
        write(style.paint("synced:", .bold) + " " + summary.truncated(toWidth: max(1, style.width - 8)))
        for (kind, ids) in kinds where !ids.isEmpty {
            let label = "  " + kind.fitted(toWidth: 10)
            let list = ids.map(\.rawValue).joined(separator: ", ")
            write(
                style.paint(label, .dim) + list.truncated(toWidth: max(1, style.width - label.displayWidth)))
        }
    }

    private func write(_ line: String) { output.write(line + "\n") }
}
