import Domain
import Locking
import Presentation
import TestSupport

/// A progress view that records every call, from any thread.
final class SpyProgressView: TransferProgressView {
    enum Event: Hashable, Sendable {
        case begin(String)
        case report(ProgressFigures)
        case finish
    }

    private let log = Locked<[Event]>([])

    var events: [Event] { log.withLock { $0 } }

    func begin(_ label: String) { log.withLock { $0.append(.begin(label)) } }
    func report(_ figures: ProgressFigures) { log.withLock { $0.append(.report(figures)) } }
    func finish() { log.withLock { $0.append(.finish) } }
}
