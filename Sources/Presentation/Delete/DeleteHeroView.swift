import Domain

/// Shows that a hero was deleted.
@MainActor
public protocol DeleteHeroView {
    /// Shows that hero `id` is gone.
    func showDeleted(_ id: Hero.ID)
    /// Shows that hero `id` is gone from this client, and goes from the server on the next sync.
    func showDeletionPending(_ id: Hero.ID)
}

extension DeleteHeroView {
    /// Views that do not tell pending deletions apart show them as done.
    public func showDeletionPending(_ id: Hero.ID) { showDeleted(id) }
}
