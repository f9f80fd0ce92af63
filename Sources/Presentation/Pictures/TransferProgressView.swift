import Domain

/// Shows progress. Reports come on any thread, so it is `Sendable`, not on the main actor.
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
