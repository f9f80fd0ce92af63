import Domain

/// Shows what a sync changed in the offline copy.
@MainActor
public protocol SyncView {
    /// Shows the heroes inserted, updated, left unchanged and deleted.
    func showChanges(_ changes: HeroChangeSet)
}
