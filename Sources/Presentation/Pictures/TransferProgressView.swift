import Domain

/// Shows how far an upload or download has come. Reports may arrive on any thread (URLSession
/// delegate queues), so a progress view is `Sendable` and not tied to the main actor.
public protocol TransferProgressView: Sendable {
    /// A transfer called `label` starts.
    func begin(_ label: String)
    /// Bytes moved; called as often as the transport likes.
    func report(_ progress: TransferProgress)
    /// The transfer ended (done or failed): finish the line before anything else is printed.
    func finish()
}
