/// The faults for one response, from `X-Mock-Fault` or a registered rule. Comma-separated,
/// case-insensitive: `status:NNN`, `delay:250ms` (or `2s`, or bare ms), `reset`,
/// `close-before-headers`, `truncate-body:N`, `malformed-json`, `stall`, `trickle[:250ms]`.
struct FaultPlan: Sendable {
    /// Answer this status and an error body instead of the endpoint.
    var status: Int?
    var delayMilliseconds = 0
    var mode = Delivery.Mode.normal
    /// Replace the body with broken JSON.
    var malformedJSON = false
    /// As given, for the journal.
    private(set) var items: [String] = []

    var isEmpty: Bool { items.isEmpty }

    var summary: String { items.joined(separator: ",") }

    var delivery: Delivery { Delivery(delayMilliseconds: delayMilliseconds, mode: mode) }

    /// The cap on a response's fault delays together: a minute.
    static let maximumDelayMilliseconds = 60_000

    static func parse(_ text: String) -> Result<FaultPlan, QueryError> {
        var plan = FaultPlan()
        for item in text.split(separator: ",").map({ $0.trimmingWhitespace().lowercased() })
        where !item.isEmpty {
            let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(
                String.init)
            let argument = parts.count > 1 ? parts[1] : nil
            switch (parts[0], argument) {
            case ("status", let value?):
                guard let code = Int(value), (200...599).contains(code) else {
                    return .failure(QueryError("fault status needs a code from 200 to 599"))
                }
                plan.status = code
            case ("delay", let value?):
                guard let milliseconds = duration(value),
                    (0...maximumDelayMilliseconds).contains(milliseconds)
                else {
                    return .failure(QueryError("fault delay needs a duration up to 60s, like 250ms or 2s"))
                }
                plan.delayMilliseconds += milliseconds
                // The cap holds for the delays together, or `delay:40s,delay:40s` would wait 80 s.
                guard plan.delayMilliseconds <= maximumDelayMilliseconds else {
                    return .failure(QueryError("fault delays add up to more than 60s"))
                }
            case ("truncate-body", let value?):
                guard let count = Int(value), count >= 0 else {
                    return .failure(QueryError("fault truncate-body needs a byte count"))
                }
                plan.mode = .truncateBody(count)
            case ("reset", nil): plan.mode = .reset
            case ("close-before-headers", nil): plan.mode = .closeBeforeHeaders
            case ("stall", nil): plan.mode = .stall
            case ("trickle", nil): plan.mode = .trickle(pauseMilliseconds: Delivery.tricklePauseMilliseconds)
            case ("trickle", let value?):
                guard let milliseconds = duration(value), (1...10_000).contains(milliseconds) else {
                    return .failure(QueryError("fault trickle needs a pause from 1ms to 10s, like 250ms"))
                }
                plan.mode = .trickle(pauseMilliseconds: milliseconds)
            case ("malformed-json", nil): plan.malformedJSON = true
            default:
                return .failure(QueryError("unknown fault \(item)"))
            }
            plan.items.append(item)
        }
        return .success(plan)
    }

    mutating func merge(_ other: FaultPlan) {
        status = other.status ?? status
        delayMilliseconds = min(delayMilliseconds + other.delayMilliseconds, Self.maximumDelayMilliseconds)
        if other.mode != .normal { mode = other.mode }
        malformedJSON = malformedJSON || other.malformedJSON
        items += other.items
    }

    /// Milliseconds from `250ms`, `2s` or `250`; nil when malformed or over a minute.
    private static func duration(_ text: String) -> Int? {
        if text.hasSuffix("ms") { return Int(text.dropLast(2)) }
        if text.hasSuffix("s") {
            guard let seconds = Int(text.dropLast()), (0...60).contains(seconds) else { return nil }
            return seconds * 1000
        }
        return Int(text)
    }
}
