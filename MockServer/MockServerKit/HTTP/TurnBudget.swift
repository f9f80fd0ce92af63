/// The matching time one loop turn allows, so no client can hold the loop. A new request gets
/// a trial and, needing more, waits for a later turn with a whole budget. Loop thread only.
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
