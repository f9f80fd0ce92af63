import Domain

/// Refreshes the offline copy of the roster and shows what changed.
@MainActor
public final class SyncPresenter {
    private let syncHeroes: SyncHeroes

    /// A presenter over the sync use case.
    public init(syncHeroes: SyncHeroes) { self.syncHeroes = syncHeroes }

    /// Syncs and shows the change set; on failure the view is given nothing and the error is
    /// rethrown unchanged.
    public func activate(with view: any SyncView) async throws {
        view.showChanges(try await syncHeroes())
    }
}
