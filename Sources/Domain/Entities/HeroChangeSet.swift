/// What a sync changed, hero by hero.
public struct HeroChangeSet: Sendable, Hashable {
    /// The store did not have them.
    public let inserted: [Hero.ID]
    /// The store had an older version.
    public let updated: [Hero.ID]
    /// The store already had them as the server does.
    public let unchanged: [Hero.ID]
    /// The server no longer has them.
    public let deleted: [Hero.ID]
    /// Records breaking a rule, skipped; the rest were kept.
    public let rejected: [RejectedRecord]
    public let conflicts: [SyncConflict]
    /// Pending local changes the server confirmed.
    public let pushed: [Hero.ID]
    /// Pending changes dropped because the server no longer has the hero.
    public let dropped: [Hero.ID]

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

    /// Nothing changed and nothing to report.
    public var isEmpty: Bool {
        inserted.isEmpty && updated.isEmpty && deleted.isEmpty && rejected.isEmpty && conflicts.isEmpty
            && pushed.isEmpty && dropped.isEmpty
    }
}
