/// The matching time one turn of the event loop allows, so one client cannot hold the loop
/// however many connections it opens (issue 40). A request held back from an earlier turn gets a
/// request's whole budget; a new one gets a trial of what the turn has left (between
/// `trialMinimum` and `trialMaximum`) and, should it need more, waits for a later turn, the
/// held ones going first, oldest first, while the turn has time. Loop thread only.
final class TurnBudget {
    /// A request's whole budget (`MatchBudget`'s).
    static let requestNanoseconds: UInt64 = 50_000_000
    /// What the held requests of one turn may spend together, then what trials draw from.
    static let turnNanoseconds: UInt64 = 50_000_000
    /// A new request's trial, whatever is left: a cheap request is served in the turn it came.
    static let trialMinimum: UInt64 = 500_000
    static let trialMaximum: UInt64 = 5_000_000

    private(set) var remaining = turnNanoseconds

    func startTurn() { remaining = Self.turnNanoseconds }

    /// Nanoseconds a request may spend matching now.
    func allowance(held: Bool) -> UInt64 {
        held ? Self.requestNanoseconds : min(Self.trialMaximum, max(Self.trialMinimum, remaining))
    }

    /// Whether a held request may go this turn; the first always may.
    var hasRoom: Bool { remaining > 0 }

    func spend(_ nanoseconds: UInt64) {
        remaining = remaining > nanoseconds ? remaining - nanoseconds : 0
    }
}
