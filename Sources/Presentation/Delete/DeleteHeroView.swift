import Domain

/// Shows that a hero was deleted.
@MainActor
public protocol DeleteHeroView {
    func showDeleted(_ id: Hero.ID)
    /// Gone from this client; from the server at the next sync.
    func showDeletionPending(_ id: Hero.ID)
}

extension DeleteHeroView {
    /// Views that do not tell pending deletions apart show them as done.
    public func showDeletionPending(_ id: Hero.ID) { showDeleted(id) }
}
