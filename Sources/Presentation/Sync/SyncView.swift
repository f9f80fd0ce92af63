import Domain

/// Shows what a sync changed in the offline copy.
@MainActor
public protocol SyncView {
    func showChanges(_ changes: HeroChangeSet)
}
