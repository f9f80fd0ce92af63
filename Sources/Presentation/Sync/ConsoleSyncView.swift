import Domain

/// A line of counts, the ids per kind, then each rejected record and conflict.
@MainActor
public final class ConsoleSyncView: SyncView {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }
    private let listsEveryID: Bool

    /// Per kind, unless `listsEveryID`; the rest are counted.
    public static let listedIDs = 10

    /// `listsEveryID` (`--verbose`) lists every id; otherwise at most `listedIDs` a kind and no
    /// unchanged ones, so a sync with nothing new is one line.
    public init(output: any TextOutputStream, style: ConsoleStyle = .plain, listsEveryID: Bool = false) {
        lines = ConsoleLines(output, style)
        self.listsEveryID = listsEveryID
    }

    /// `synced: N inserted, …` or `already up to date`, then a line of ids per kind.
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
