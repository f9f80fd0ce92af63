import Foundation

/// When and how long to wait before trying again; sleeper, randomness and clock are injectable.
public struct RetryPolicy: Sendable {
    /// Attempts (the first included) for endpoints whose descriptor has no `retry`.
    public var attempts: Int
    /// The first retry's wait before jitter; it doubles for each retry after.
    public var baseDelay: Duration
    /// Caps the computed wait.
    public var maximumDelay: Duration
    /// A server asking to wait longer gets no retry.
    public var maximumRetryAfter: Duration
    public var retryableStatuses: Set<Int>
    public var sleeper: any Sleeper
    /// `0..<1`, for jitter.
    public var random: @Sendable () -> Double
    /// To read a `Retry-After` date.
    public var now: @Sendable () -> Date

    /// The defaults suit an interactive client.
    public init(
        attempts: Int = 3,
        baseDelay: Duration = .milliseconds(200),
        maximumDelay: Duration = .seconds(5),
        maximumRetryAfter: Duration = .seconds(30),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        sleeper: any Sleeper = TaskSleeper(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.attempts = max(1, attempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
        self.retryableStatuses = retryableStatuses
        self.sleeper = sleeper
        self.random = random
        self.now = now
    }

    public static let never = RetryPolicy(attempts: 1)

    /// Exponential backoff with equal jitter, so clients failing together spread out.
    func backoff(after attempt: Int) -> Duration {
        let doubled = baseDelay * (1 << min(attempt - 1, 30))
        let capped = min(doubled, maximumDelay)
        return capped / 2 + capped / 2 * random()
    }

    /// The wait a `Retry-After` (seconds or an HTTP date) asks for.
    func wait(forRetryAfter value: String) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return .seconds(seconds) }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        return .milliseconds(Int64(max(0, date.timeIntervalSince(now())) * 1000))
    }
}
