import Domain

/// Shows that a hero was deleted.
@MainActor
public protocol DeleteHeroView {
    /// Shows that hero `id` is gone.
    func showDeleted(_ id: Hero.ID)
}
