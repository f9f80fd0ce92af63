import Domain

/// Counts, id lists, `rejected` and `conflicts`.
@MainActor
public final class JSONSyncView: SyncView {
    private var writer: JSONLineWriter

    public init(output: any TextOutputStream) { writer = JSONLineWriter(output: output) }

    public func showChanges(_ changes: HeroChangeSet) {
        let ids = { (ids: [Hero.ID]) in JSONDocument.strings(ids.map(\.rawValue)) }
        let rejected = changes.rejected.map { record in
            JSONDocument.object([
                "id": .string(record.id), "index": .int(record.index), "reason": .string(record.reason),
            ])
        }
        let conflicts = changes.conflicts.map { conflict in
            JSONDocument.object([
                "id": .string(conflict.id.rawValue), "field": .string(conflict.field.rawValue),
                "local": .string(conflict.local), "server": .string(conflict.incoming),
                "outcome": .string(conflict.outcome == .localKept ? "local_kept" : "still_pending"),
            ])
        }
        writer.write(
            .object([
                "pushed": ids(changes.pushed), "dropped": ids(changes.dropped),
                "inserted": ids(changes.inserted), "updated": ids(changes.updated),
                "unchanged": ids(changes.unchanged), "deleted": ids(changes.deleted),
                "rejected": .array(rejected), "conflicts": .array(conflicts),
            ]))
    }
}
