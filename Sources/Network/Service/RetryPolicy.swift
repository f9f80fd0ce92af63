import Foundation

/// When and how long to wait before trying again. The sleeper, random source and clock are
/// injected, so tests check the timing without waiting.
public struct RetryPolicy: Sendable {
    /// Attempts (the first included) for endpoints whose descriptor has no `retry`.
    public var attempts: Int
    /// The wait before the first retry, before jitter; it doubles for each retry after that.
    public var baseDelay: Duration
    /// The longest computed wait.
    public var maximumDelay: Duration
    /// The longest `Retry-After` honoured; a server asking for more gets no retry.
    public var maximumRetryAfter: Duration
    /// Statuses worth another try.
    public var retryableStatuses: Set<Int>
    /// Waits between attempts.
    public var sleeper: any Sleeper
    /// Returns a number in `0..<1` for jitter.
    public var random: @Sendable () -> Double
    /// The current time, to read a `Retry-After` date.
    public var now: @Sendable () -> Date

    /// A policy; the defaults suit an interactive client.
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

    /// No retries at all.
    public static let never = RetryPolicy(attempts: 1)

    /// Exponential backoff with equal jitter, so clients that failed together spread out.
    func backoff(after attempt: Int) -> Duration {
        let doubled = baseDelay * (1 << min(attempt - 1, 30))
        let capped = min(doubled, maximumDelay)
        return capped / 2 + capped / 2 * random()
    }

    /// The wait a `Retry-After` asks for (seconds or an HTTP date), or nil.
    func wait(forRetryAfter value: String) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return .seconds(seconds) }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        return .milliseconds(Int64(max(0, date.timeIntervalSince(now())) * 1000))
    }
}
