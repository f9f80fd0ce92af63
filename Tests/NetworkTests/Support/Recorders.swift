import Locking
import Network
import TestSupport

/// Collects progress reports from any thread.
final class ProgressLog: Sendable {
    private let reports = Locked<[TransferReport]>([])

    /// Records one report; pass this as the progress handler.
    var record: ProgressHandler { { report in self.reports.withLock { $0.append(report) } } }

    var all: [TransferReport] { reports.withLock { $0 } }
    var fractions: [Double?] { all.map(\.fractionCompleted) }
}

/// Counts calls from any thread.
final class Counter: Sendable {
    private let value = Locked(0)

    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}
