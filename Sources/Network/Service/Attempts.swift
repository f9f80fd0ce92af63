/// Sends a request until it succeeds, fails for good, or runs out of attempts or time.
struct Attempts {
    let policy: RetryPolicy
    /// The first included.
    let limit: Int
    let retryAllowed: Bool
    /// A retry could meet the precondition its first attempt changed.
    var conditional = false
    let deadline: Duration
    let logger: NetworkLogger?

    @TaskLocal static var sharedEnd: ContinuousClock.Instant?

    /// `send` gets the attempt number, from 1.
    func run<Value: Sendable>(
        _ send: @escaping @Sendable (Int) async throws -> (Value, HTTPResponseHead)
    ) async throws -> Value {
        // Fixed here, so a child task that starts late cannot outlive it.
        let own = ContinuousClock.now + deadline
        let end = Self.sharedEnd.map { min($0, own) } ?? own
        // Past the shared deadline, a request would only be cut.
        guard ContinuousClock.now < end else { throw NetworkError.timedOut }
        return try await withDeadline(end) { try await self.retrying(send, until: end) }
    }

    private func retrying<Value: Sendable>(
        _ send: @Sendable (Int) async throws -> (Value, HTTPResponseHead), until end: ContinuousClock.Instant
    ) async throws -> Value {
        var attempt = 1
        while true {
            if Task.isCancelled { throw NetworkError.cancelled }
            let canRetry = retryAllowed && attempt < limit
            do {
                let (value, head): (Value, HTTPResponseHead)
                do {
                    (value, head) = try await send(attempt)
                } catch {
                    throw NetworkError.from(error) ?? error
                }
                guard canRetry, policy.retryableStatuses.contains(head.status) else { return value }
                var wait = policy.backoff(after: attempt)
                if let header = head.headers["Retry-After"], let asked = policy.wait(forRetryAfter: header) {
                    // Asked to wait longer than we would: the error now.
                    guard asked <= policy.maximumRetryAfter else { return value }
                    wait = asked
                }
                // Waiting past the deadline would only end in `.timedOut`: answer now.
                guard ContinuousClock.now + wait < end else { return value }
                try await pause(wait, before: attempt + 1, reason: "status \(head.status)")
            } catch let error as NetworkError
                where canRetry && error.isTransient && (!conditional || error.wasNotSent)
            {
                let wait = policy.backoff(after: attempt)
                guard ContinuousClock.now + wait < end else { throw error }
                try await pause(wait, before: attempt + 1, reason: error.description)
            }
            attempt += 1
        }
    }

    private func pause(_ wait: Duration, before attempt: Int, reason: String) async throws {
        logger?.log(.retrying(attempt: attempt, of: limit, after: wait, reason: reason))
        do {
            try await policy.sleeper.sleep(for: wait)
        } catch {
            throw NetworkError.cancelled
        }
    }

    private func withDeadline<Value: Sendable>(
        _ end: ContinuousClock.Instant, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        return try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                do {
                    try await Task.sleep(until: end, clock: .continuous)
                } catch {
                    throw NetworkError.cancelled
                }
                throw NetworkError.timedOut
            }
            defer { group.cancelAll() }
            do {
                guard let first = try await group.next() else { throw NetworkError.cancelled }
                return first
            } catch is CancellationError {
                throw NetworkError.cancelled
            }
        }
    }
}
