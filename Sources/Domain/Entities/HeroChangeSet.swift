/// What a sync changed, hero by hero: pushed, inserted, updated, kept, deleted, refused.
public struct HeroChangeSet: Sendable, Hashable {
    /// Heroes the store did not have.
    public let inserted: [Hero.ID]
    /// Heroes the store had in an older version.
    public let updated: [Hero.ID]
    /// Heroes the store already had as the server does.
    public let unchanged: [Hero.ID]
    /// Heroes the store had and the server no longer does.
    public let deleted: [Hero.ID]
    /// Records the server sent that break a rule, skipped; the rest were kept.
    public let rejected: [RejectedRecord]
    /// Fields that a pending local edit and the server both changed.
    public let conflicts: [SyncConflict]
    /// Heroes whose pending local changes the server confirmed.
    public let pushed: [Hero.ID]
    /// Heroes whose pending change was dropped because the server no longer has them.
    public let dropped: [Hero.ID]

    /// Stores the lists as given.
    public init(
        inserted: [Hero.ID],
        updated: [Hero.ID],
        unchanged: [Hero.ID],
        deleted: [Hero.ID],
        rejected: [RejectedRecord] = [],
        conflicts: [SyncConflict] = [],
        pushed: [Hero.ID] = [],
        dropped: [Hero.ID] = []
    ) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
        self.deleted = deleted
        self.rejected = rejected
        self.conflicts = conflicts
        self.pushed = pushed
        self.dropped = dropped
    }

    /// Whether the sync changed nothing and had nothing to report.
    public var isEmpty: Bool {
        inserted.isEmpty && updated.isEmpty && deleted.isEmpty && rejected.isEmpty && conflicts.isEmpty
            && pushed.isEmpty && dropped.isEmpty
    }
}
