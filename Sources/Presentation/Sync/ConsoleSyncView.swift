import Domain

/// Shows a sync as a summary line of counts, then the ids of each kind of change, then one
/// line per rejected record and per conflict.
@MainActor
public final class ConsoleSyncView: SyncView {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }
    private let listsEveryID: Bool

    /// The ids listed per kind of change, unless `listsEveryID`; the rest are counted.
    public static let listedIDs = 10

    /// A view writing to `output` in `style`. `listsEveryID` (`--verbose`) lists every id of
    /// every kind, the unchanged included; otherwise a kind lists at most `listedIDs`, and the
    /// unchanged none: a sync of 10,000 heroes with nothing new is one line.
    public init(output: any TextOutputStream, style: ConsoleStyle = .plain, listsEveryID: Bool = false) {
        lines = ConsoleLines(output, style)
        self.listsEveryID = listsEveryID
    }

    /// Writes `synced: N inserted, N updated, N unchanged, N deleted` (then the pushed, dropped,
    /// rejected and conflicting counts that are not zero), or `already up to date`, and a line
    /// of ids per kind.
    public func showChanges(_ changes: HeroChangeSet) {
        let kinds = [
            ("pushed", changes.pushed), ("dropped", changes.dropped), ("inserted", changes.inserted),
            ("updated", changes.updated), ("unchanged", changes.unchanged), ("deleted", changes.deleted),
        ]
        var counts = kinds.dropFirst(2).map { "\($0.1.count) \($0.0)" }
        counts = kinds.prefix(2).filter { !$0.1.isEmpty }.map { "\($0.1.count) \($0.0)" } + counts
        if !changes.rejected.isEmpty { counts.append("\(changes.rejected.count) rejected") }
        if !changes.conflicts.isEmpty {
            counts.append("\(changes.conflicts.count) conflict" + (changes.conflicts.count == 1 ? "" : "s"))
        }
        let summary =
            changes.isEmpty
            ? "already up to date, \(changes.unchanged.count) unchanged" : counts.joined(separator: ", ")
        write(style.paint("synced:", .bold) + " " + summary.truncated(toWidth: max(1, style.width - 8)))
        for (kind, ids) in kinds where !ids.isEmpty && (listsEveryID || kind != "unchanged") {
            let shown = listsEveryID ? ids : Array(ids.prefix(Self.listedIDs))
            let more = ids.count - shown.count
            line(kind, shown.map(\.rawValue).joined(separator: ", ") + (more > 0 ? ", and \(more) more" : ""))
        }
        for rejected in changes.rejected { line("rejected", rejected.description, paint: [.red]) }
        for conflict in changes.conflicts { line("conflict", conflict.description, paint: [.yellow]) }
    }

    private func line(_ kind: String, _ text: String, paint: [SGR] = []) {
        let label = "  " + kind.fitted(toWidth: 10)
        let cut = text.singleLine.truncated(toWidth: max(1, style.width - label.displayWidth))
        write(style.paint(label, .dim) + style.paint(cut, codes: paint))
    }

    private func write(_ line: String) { lines.write(line) }
}
