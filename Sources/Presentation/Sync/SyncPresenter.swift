import Domain

/// Refreshes the offline copy of the roster and shows what changed.
@MainActor
public final class SyncPresenter {
    private let syncHeroes: SyncHeroes

    public init(syncHeroes: SyncHeroes) { self.syncHeroes = syncHeroes }

    /// Reports pages to `progress`; errors are rethrown.
    public func activate(with view: any SyncView, progress: (any TransferProgressView)? = nil) async throws {
        progress?.begin("sync")
        let changes: HeroChangeSet
        do {
            changes = try await syncHeroes { pulled in
                progress?.report(
                    ProgressFigures(
                        completed: Int64(pulled.pagesPulled), total: Int64(pulled.pageCount),
                        unit: .count("pages")))
            }
        } catch {
            progress?.finish()
            throw error
        }
        progress?.finish()
        view.showChanges(changes)
    }
}
