/// The CPU time one request may spend matching (near miss included), so none holds the loop.
/// Used on the thread that made it.
final class MatchBudget {
    static let defaultNanoseconds = TurnBudget.requestNanoseconds
    /// The most stubs a near miss compares.
    static let nearMissComparisons = 200

    private let start: UInt64
    private let deadline: UInt64
    /// Set once the deadline has passed; stays set.
    private(set) var wasSpent = false

    init(nanoseconds: UInt64 = defaultNanoseconds) {
        start = Monotonic.threadCPU()
        deadline = start &+ nanoseconds
    }

    /// CPU time used since it was made.
    var used: UInt64 {
        let now = Monotonic.threadCPU()
        return now > start ? now - start : 0
    }

    /// Checked against the clock; once up, always up.
    var isSpent: Bool {
        if !wasSpent, Monotonic.threadCPU() >= deadline { wasSpent = true }
        return wasSpent
    }

    /// The near-miss line when matching stopped short.
    static let spentLine = "matching stopped: this request used up its 50 ms matching budget"
}
