import Domain

/// Deletes a hero and says so.
@MainActor
public final class DeleteHeroPresenter {
    private let deleteHero: DeleteHero

    public init(deleteHero: DeleteHero) { self.deleteHero = deleteHero }

    /// Errors are rethrown.
    public func delete(with view: any DeleteHeroView, id: Hero.ID, expectedVersion: Int? = nil) async throws {
        switch try await deleteHero(id, expectedVersion: expectedVersion) {
        case .confirmed: view.showDeleted(id)
        case .pending: view.showDeletionPending(id)
        }
    }
}
