/// What a sync changed in the local store, hero by hero.
public struct HeroChangeSet: Sendable, Hashable {
    /// Heroes the store did not have.
    public let inserted: [Hero.ID]
    /// Heroes the store had in an older version.
    public let updated: [Hero.ID]
    /// Heroes the store already had as the server does.
    public let unchanged: [Hero.ID]
    /// Heroes the store had and the server no longer does.
    public let deleted: [Hero.ID]

    /// Stores the lists as given.
    public init(inserted: [Hero.ID], updated: [Hero.ID], unchanged: [Hero.ID], deleted: [Hero.ID]) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
        self.deleted = deleted
    }

    /// Whether the sync changed nothing.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}
