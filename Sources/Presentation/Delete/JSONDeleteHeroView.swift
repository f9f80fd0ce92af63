import Domain

/// `{"id","deleted":true}`, plus `"pending":true` when it waits for a sync.
@MainActor
public final class JSONDeleteHeroView: DeleteHeroView {
    private var writer: JSONLineWriter

    public init(output: any TextOutputStream) { writer = JSONLineWriter(output: output) }

    public func showDeleted(_ id: Hero.ID) {
        writer.write(.object(["id": .string(id.rawValue), "deleted": .bool(true)]))
    }

    public func showDeletionPending(_ id: Hero.ID) {
        writer.write(.object(["id": .string(id.rawValue), "deleted": .bool(true), "pending": .bool(true)]))
    }
}
