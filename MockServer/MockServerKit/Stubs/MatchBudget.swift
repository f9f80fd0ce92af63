/// The time one request may spend being matched against the stubs, shared by every pattern it
/// is tested against (regular expressions included) and by its near miss, so no request can hold
/// the event loop for long whatever the stubs and the request are. Used on one thread at a time.
final class MatchBudget {
    /// How long matching one request may take: 50 ms.
    static let defaultNanoseconds: UInt64 = 50_000_000
    /// How many stubs a near miss compares the request with at most.
    static let nearMissComparisons = 200

    private let deadline: UInt64
    /// Set once the deadline has passed; stays set.
    private(set) var wasSpent = false

    /// A budget of `nanoseconds` from now.
    init(nanoseconds: UInt64 = defaultNanoseconds) {
        deadline = Monotonic.now() &+ nanoseconds
    }

    /// Whether the time is up (checked against the clock; once up, always up).
    var isSpent: Bool {
        if !wasSpent, Monotonic.now() >= deadline { wasSpent = true }
        return wasSpent
    }

    /// The near-miss line when matching stopped short.
    static let spentLine = "matching stopped: this request used up its 50 ms matching budget"
}
