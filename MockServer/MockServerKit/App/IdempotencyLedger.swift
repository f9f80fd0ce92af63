import Foundation

/// The answers of creates sent with an `Idempotency-Key`, kept so a retry gets the first answer
/// instead of a second hero. Bounded three ways, oldest evicted first: an answer lives `lifetime`
/// (24 hours), at most `capacity` keys are kept, and their bodies take at most `byteBudget` bytes.
/// A value type, kept behind the application's lock; it lives in memory only.
struct IdempotencyLedger {
    /// What a lookup found.
    enum Lookup {
        /// The key is new (or its answer expired): run the create.
        case absent
        /// The key was used with the same body: send this answer again.
        case replay(ServerResponse)
        /// The key was used with another body.
        case mismatch
    }

    private struct Entry {
        let requestBody: [UInt8]
        let response: ServerResponse
        let expires: ContinuousClock.Instant
        var bytes: Int { requestBody.count + response.body.count }
    }

    /// How long an answer is replayed.
    let lifetime: Duration
    /// How many keys are kept.
    let capacity: Int
    /// How many bytes of request and response bodies are kept.
    let byteBudget: Int
    private var entries: [String: Entry] = [:]
    /// The keys, oldest first: one lifetime for all makes this the order they expire in too.
    private var order: [String] = []
    private var bytes = 0

    /// An empty ledger.
    init(lifetime: Duration = .seconds(24 * 60 * 60), capacity: Int = 1000, byteBudget: Int = 16 << 20) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    /// How many keys are kept.
    var count: Int { entries.count }

    /// What `key` was answered with, if it was used with the same body: the same JSON value,
    /// whatever the key order and white space (a client in another process, or written in
    /// another language, need not encode it byte for byte the same).
    mutating func lookUp(_ key: String, body: [UInt8], at now: ContinuousClock.Instant) -> Lookup {
        expire(at: now)
        guard let entry = entries[key] else { return .absent }
        let same =
            entry.requestBody == body
            || Self.canonical(entry.requestBody).map { $0 == Self.canonical(body) } == true
        return same ? .replay(entry.response) : .mismatch
    }

    /// The JSON text of `body` with sorted keys and no white space; nil when it is not JSON.
    private static func canonical(_ body: [UInt8]) -> Data? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        else {
            return nil
        }
        return try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }

    /// Keeps the answer to a create sent with `key`.
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

    /// Forgets every key (reset).
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
