import Domain

/// Deletes a hero and says so.
@MainActor
public final class DeleteHeroPresenter {
    private let deleteHero: DeleteHero

    /// A presenter over the delete use case.
    public init(deleteHero: DeleteHero) { self.deleteHero = deleteHero }

    /// Deletes hero `id` (at `expectedVersion`, if given) and shows it gone; errors are rethrown.
    public func delete(with view: any DeleteHeroView, id: Hero.ID, expectedVersion: Int? = nil) async throws {
        switch try await deleteHero(id, expectedVersion: expectedVersion) {
        case .confirmed: view.showDeleted(id)
        case .pending: view.showDeletionPending(id)
        }
    }
}
