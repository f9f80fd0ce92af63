import Domain

/// Shows a sync as `{"inserted":[ids],"updated":[ids],"unchanged":[ids],"deleted":[ids]}`.
@MainActor
public final class JSONSyncView: SyncView {
    private var writer: JSONLineWriter

    /// A view writing one JSON line to `output`.
    public init(output: any TextOutputStream) { writer = JSONLineWriter(output: output) }

    /// Writes the change set.
    public func showChanges(_ changes: HeroChangeSet) {
        let ids = { (ids: [Hero.ID]) in JSONValue.strings(ids.map(\.rawValue)) }
        writer.write(
            .object([
                "inserted": ids(changes.inserted), "updated": ids(changes.updated),
                "unchanged": ids(changes.unchanged), "deleted": ids(changes.deleted),
            ]))
    }
}
