import Domain

/// Shows how far a long task has come: an upload or a download in bytes, a sync in pages.
/// Reports may arrive on any thread (a transport's own), so a progress view is `Sendable` and
/// not tied to the main actor.
public protocol TransferProgressView: Sendable {
    /// A task called `label` starts.
    func begin(_ label: String)
    /// How far it has come, in its unit; called as often as the task likes.
    func report(_ figures: ProgressFigures)
    /// The task ended (done or failed): finish the line before anything else is printed.
    func finish()
}

extension TransferProgressView {
    /// A transfer's bytes moved.
    public func report(_ transfer: TransferProgress) { report(ProgressFigures(transfer)) }
}
