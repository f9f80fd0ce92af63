import Foundation

/// Answers of creates with an `Idempotency-Key`, so a retry gets the first answer, not a second
/// hero. In memory; oldest evicted first past `lifetime`, `capacity` keys or `byteBudget` bytes.
struct IdempotencyLedger {
    enum Lookup {
        /// New or expired: run the create.
        case absent
        /// Same body: send this answer again.
        case replay(ServerResponse)
        case mismatch
    }

    private struct Entry {
        let requestBody: [UInt8]
        let response: ServerResponse
        let expires: ContinuousClock.Instant
        var bytes: Int { requestBody.count + response.body.count }
    }

    let lifetime: Duration
    let capacity: Int
    let byteBudget: Int
    private var entries: [String: Entry] = [:]
    /// Oldest first; one lifetime for all makes this the expiry order too.
    private var order: [String] = []
    private var bytes = 0

    init(lifetime: Duration = .seconds(24 * 60 * 60), capacity: Int = 1000, byteBudget: Int = 16 << 20) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    var count: Int { entries.count }

    /// The answer for `key` if used with the same JSON value, whatever key order and white space
    /// (another client need not encode it byte for byte the same).
    mutating func lookUp(_ key: String, body: [UInt8], at now: ContinuousClock.Instant) -> Lookup {
        expire(at: now)
        guard let entry = entries[key] else { return .absent }
        let same =
            entry.requestBody == body
            || Self.canonical(entry.requestBody).map { $0 == Self.canonical(body) } == true
        return same ? .replay(entry.response) : .mismatch
    }

    /// Sorted keys, no white space; nil when not JSON.
    private static func canonical(_ body: [UInt8]) -> Data? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        else {
            return nil
        }
        return try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }

    mutating func record(
        _ key: String, body: [UInt8], response: ServerResponse, at now: ContinuousClock.Instant
    ) {
        let entry = Entry(requestBody: body, response: response, expires: now + lifetime)
        guard entry.bytes <= byteBudget else { return }
        remove(key)
        while !order.isEmpty, order.count >= capacity || bytes + entry.bytes > byteBudget {
            remove(order[0])
        }
        entries[key] = entry
        order.append(key)
        bytes += entry.bytes
    }

    mutating func removeAll() {
        entries.removeAll()
        order.removeAll()
        bytes = 0
    }

    private mutating func expire(at now: ContinuousClock.Instant) {
        while let oldest = order.first, let entry = entries[oldest], entry.expires <= now {
            remove(oldest)
        }
    }

    private mutating func remove(_ key: String) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        bytes -= entry.bytes
        order.removeAll { $0 == key }
    }
}
