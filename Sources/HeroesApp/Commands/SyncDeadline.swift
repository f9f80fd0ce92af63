import Locking
import Presentation

/// `sync --deadline SECONDS`: one sync's bound on time, whatever pace the server keeps. Past it
/// the sync stops (69), keeping the heroes of the pages it pulled.
struct SyncDeadlineError: Error, Sendable, CustomStringConvertible {
    let seconds: Int
    /// The pages pulled and the pages there are, as last reported.
    let pages: ProgressFigures?

    var description: String {
        let done = pages.map { " after \($0.completed) of \($0.total ?? $0.completed) pages" } ?? ""
        return "sync stopped at its deadline of \(seconds) seconds\(done); the heroes of the pages pulled "
            + "are kept (allow longer with `sync --deadline SECONDS`)"
    }

    static let defaultSeconds = 300
}

/// Passes progress on and remembers the last figures, for the deadline's message.
final class RememberingProgress: TransferProgressView {
    private let shown: any TransferProgressView
    private let last = Locked<ProgressFigures?>(nil)

    init(_ shown: any TransferProgressView) { self.shown = shown }

    var figures: ProgressFigures? { last.withLock { $0 } }

    func begin(_ label: String) { shown.begin(label) }
    func report(_ figures: ProgressFigures) {
        last.withLock { $0 = figures }
        shown.report(figures)
    }
    func finish() { shown.finish() }
}
