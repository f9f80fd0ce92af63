import Domain

/// Reports come on any thread, so it is `Sendable`, not on the main actor.
public protocol TransferProgressView: Sendable {
    func begin(_ label: String)
    /// Called as often as the task likes.
    func report(_ figures: ProgressFigures)
    /// Done or failed: finish the line before anything else is printed.
    func finish()
}

extension TransferProgressView {
    public func report(_ transfer: TransferProgress) { report(ProgressFigures(transfer)) }
}
