import Domain

/// Shows a deletion as `{"id","deleted":true}`, plus `"pending":true` when it waits for a sync.
@MainActor
public final class JSONDeleteHeroView: DeleteHeroView {
    private var writer: JSONLineWriter

    /// A view writing one JSON line to `output`.
    public init(output: any TextOutputStream) { writer = JSONLineWriter(output: output) }

    /// Writes the deletion.
    public func showDeleted(_ id: Hero.ID) {
        writer.write(.object(["id": .string(id.rawValue), "deleted": .bool(true)]))
    }

    /// Writes the deletion, marked pending.
    public func showDeletionPending(_ id: Hero.ID) {
        writer.write(.object(["id": .string(id.rawValue), "deleted": .bool(true), "pending": .bool(true)]))
    }
}
