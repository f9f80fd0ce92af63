import Foundation
import Locking

/// What answered a journalled request.
enum JournalMatch: Sendable {
    case stub(String)
    case route
    /// No stub matched and no route had the path.
    case unmatched

    var stubID: String? {
        if case .stub(let id) = self { return id }
        return nil
    }

    var wasMatched: Bool {
        if case .unmatched = self { return false }
        return true
    }
}

/// The request journal: a bounded ring with sequence numbers, so tests wait instead of
/// sleeping and memory stays flat.
final class Journal: Sendable {
    private struct Waiter {
        let id: Int
        let since: Int
        let count: Int
        let continuation: CheckedContinuation<[RecordedRequest], any Error>
    }

    /// A kept request, sharing the parsed request's arrays; credentials are redacted on read
    /// (`recorded`). A class, so the ring moves a reference.
    private final class Entry {
        let sequence: Int
        let method: HTTPMethod
        let path: Substring
        let query: Substring?
        let fields: [HTTPField]
        /// At most the first 16 KiB.
        let body: [UInt8]
        let bodyLength: Int
        let status: Int
        let fault: String?
        let receivedAt: Date
        let match: JournalMatch
        /// A proxied request's answer, for a snapshot.
        let proxied: ProxiedAnswer?
        /// About the memory held, counted against `Journal.maximumBytes`.
        let size: Int

        init(
            sequence: Int, method: HTTPMethod, path: Substring, query: Substring?, fields: [HTTPField],
            body: [UInt8], bodyLength: Int, status: Int, fault: String?, receivedAt: Date,
            match: JournalMatch, proxied: ProxiedAnswer?, size: Int
        ) {
            self.sequence = sequence
            self.method = method
            self.path = path
            self.query = query
            self.fields = fields
            self.body = body
            self.bodyLength = bodyLength
            self.status = status
            self.fault = fault
            self.receivedAt = receivedAt
            self.match = match
            self.proxied = proxied
            self.size = size
        }

        /// As it came, credentials and all, for matching a request pattern.
        var request: ServerRequest {
            ServerRequest(method: method, path: path, query: query, fields: fields, body: body)
        }

        /// Redacted, `extra` (lowercased names) being secret too.
        func recorded(_ extra: Set<String>) -> RecordedRequest {
            RecordedRequest(
                sequence: sequence, method: method.description, path: String(path),
                query: query.map(Journal.redactedQuery),
                fields: fields.map { Journal.redacted($0, extra: extra) }, body: Data(body),
                bodyLength: bodyLength,
                status: status,
                fault: fault, receivedAt: receivedAt, stubID: match.stubID, wasMatched: match.wasMatched)
        }
    }

    private struct State {
        var ring: [Entry?]
        var nextSequence = 1
        var oldest = 1
        /// The first sequence number that may still be held, and the bytes held.
        var firstHeld = 1
        var bytes = 0
        var waiters: [Waiter] = []
        var nextWaiter = 0
        /// Waits that timed out or were cancelled before registering.
        var expired: Set<Int> = []

        /// Lets the oldest go beyond the entry count or `maximumBytes`.
        mutating func keep(_ entry: Entry) {
            let slot = (nextSequence - 1) % ring.count
            bytes += entry.size - (ring[slot]?.size ?? 0)
            ring[slot] = entry
            nextSequence += 1
            firstHeld = max(firstHeld, nextSequence - ring.count)
            while bytes > Journal.maximumBytes, firstHeld < nextSequence - 1 {
                let old = (firstHeld - 1) % ring.count
                bytes -= ring[old]?.size ?? 0
                ring[old] = nil
                firstHeld += 1
            }
            oldest = max(oldest, firstHeld)
        }

        func entries(since: Int, _ extra: Set<String>) -> [RecordedRequest] {
            let first = max(since + 1, oldest)
            guard first < nextSequence else { return [] }
            return (first..<nextSequence).compactMap { ring[($0 - 1) % ring.count]?.recorded(extra) }
        }
    }

    private let state: Locked<State>
    let capacity: Int
    private static let keptBodyBytes = 16_384
    /// Beyond it the oldest go, whatever the entry count.
    static let maximumBytes = 8 << 20

    /// Header names redacted besides the usual ones (`--redact-header`), lowercased.
    let extraSecrets: Set<String>

    init(capacity: Int, redacting extra: [String] = []) {
        self.capacity = max(1, capacity)
        extraSecrets = Set(extra.map { $0.lowercased() })
        state = Locked(State(ring: Array(repeating: nil, count: max(1, capacity))))
    }

    /// Wakes the tests waiting for it.
    func record(
        _ request: ServerRequest, status: Int, fault: String?, match: JournalMatch = .route,
        proxied: ProxiedAnswer? = nil
    ) {
        let ready: [(CheckedContinuation<[RecordedRequest], any Error>, [RecordedRequest])] = state.withLock {
            state in
            let body =
                request.body.count <= Self.keptBodyBytes
                ? request.body : Array(request.body.prefix(Self.keptBodyBytes))
            let size =
                256 + body.count + request.path.utf8.count + (request.query?.utf8.count ?? 0)
                + request.fields.reduce(0) { $0 + 32 + $1.name.utf8.count + $1.value.utf8.count }
                + (proxied?.size ?? 0)
            let entry = Entry(
                sequence: state.nextSequence, method: request.method, path: request.path,
                query: request.query, fields: request.fields, body: body, bodyLength: request.body.count,
                status: status, fault: fault, receivedAt: Date(), match: match, proxied: proxied, size: size)
            state.keep(entry)
            guard !state.waiters.isEmpty else { return [] }
            var woken: [(CheckedContinuation<[RecordedRequest], any Error>, [RecordedRequest])] = []
            var waiting: [Waiter] = []
            for waiter in state.waiters {
                let found = state.entries(since: waiter.since, extraSecrets)
                if found.count >= waiter.count {
                    woken.append((waiter.continuation, found))
                } else {
                    waiting.append(waiter)
                }
            }
            state.waiters = waiting
            return woken
        }
        for (continuation, entries) in ready { continuation.resume(returning: entries) }
    }

    func entries(since: Int) -> [RecordedRequest] {
        state.withLock { $0.entries(since: since, self.extraSecrets) }
    }

    /// One page after `since`, newest first, and the total; only the page is redacted.
    func page(since: Int, _ page: AdminPage) -> (entries: [RecordedRequest], total: Int) {
        state.withLock { state in
            let first = max(since + 1, state.oldest)
            guard first < state.nextSequence else { return ([], 0) }
            let kept = (first..<state.nextSequence).reversed().compactMap {
                state.ring[($0 - 1) % state.ring.count]
            }
            let chosen = page.apply(kept) { 512 + $0.body.count + $0.path.utf8.count }
            return (chosen.map { $0.recorded(extraSecrets) }, kept.count)
        }
    }

    /// Kept requests after `since`, as shown (redacted) and as they came (for matching).
    func matchable(since: Int = 0) -> [(recorded: RecordedRequest, request: ServerRequest)] {
        state.withLock { state in
            let first = max(since + 1, state.oldest)
            guard first < state.nextSequence else { return [] }
            return (first..<state.nextSequence).compactMap { sequence in
                state.ring[(sequence - 1) % state.ring.count].map { ($0.recorded(extraSecrets), $0.request) }
            }
        }
    }

    /// Kept proxied requests, as they came, with what the origin answered (for a snapshot).
    func proxied() -> [(request: ServerRequest, answer: ProxiedAnswer)] {
        state.withLock { state in
            let first = max(1, state.oldest)
            guard first < state.nextSequence else { return [] }
            return (first..<state.nextSequence).compactMap { sequence in
                guard let entry = state.ring[(sequence - 1) % state.ring.count], let answer = entry.proxied
                else { return nil }
                var request = entry.request
                request.body = answer.requestBody
                return (request, answer)
            }
        }
    }

    /// Without copying them.
    func count(since: Int) -> Int {
        state.withLock { max(0, $0.nextSequence - max(since + 1, $0.oldest)) }
    }

    /// 0 before any.
    var lastSequence: Int { state.withLock { $0.nextSequence - 1 } }

    /// Sequence numbers keep increasing.
    func clear() {
        state.withLock { state in
            state.ring = Array(repeating: nil, count: state.ring.count)
            state.bytes = 0
            state.oldest = state.nextSequence
            state.firstHeld = state.nextSequence
        }
    }

    /// Throws after `timeout`.
    func wait(count: Int, since: Int, timeout: Duration) async throws -> [RecordedRequest] {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task { [weak self] in
            try await Task.sleep(for: timeout)
            self?.expire(
                id, reason: "timed out after \(timeout) waiting for \(count) request(s) after #\(since)")
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let found: [RecordedRequest]?? = state.withLock { state in
                    if state.expired.remove(id) != nil { return .some(nil) }
                    let found = state.entries(since: since, extraSecrets)
                    if found.count >= count { return found }
                    state.waiters.append(
                        Waiter(id: id, since: since, count: count, continuation: continuation))
                    return nil
                }
                switch found {
                case .some(.some(let entries)): continuation.resume(returning: entries)
                case .some(.none): continuation.resume(throwing: MockServerError("journal wait timed out"))
                case .none: break
                }
            }
        } onCancel: {
            expire(id, reason: "cancelled")
        }
    }

    private func expire(_ id: Int, reason: String) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                state.expired.insert(id)
                return nil
            }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(throwing: MockServerError("journal wait \(reason)"))
    }
}
