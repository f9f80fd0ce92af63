/// A bearer token and when to stop using it. Held in memory only; `description` hides it.
public struct AccessToken: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The token, sent as `Authorization: Bearer <value>`.
    public let value: String
    /// When to fetch a new one; nil when the server gave no lifetime (used until a 401).
    public let refreshAt: ContinuousClock.Instant?

    /// A token to be refreshed at `refreshAt` (nil: only when refused).
    public init(value: String, refreshAt: ContinuousClock.Instant?) {
        self.value = value
        self.refreshAt = refreshAt
    }

    /// A token lasting `expiresIn` from `obtained`, refreshed `margin` before then but never
    /// before half its lifetime.
    public init(
        value: String, expiresIn: Duration?, obtained: ContinuousClock.Instant = .now,
        margin: Duration = .seconds(30)
    ) {
        self.value = value
        refreshAt = expiresIn.map { lifetime in obtained + max(lifetime - margin, lifetime / 2) }
    }

    /// Whether the token may still be sent at `now`.
    public func isFresh(at now: ContinuousClock.Instant = .now) -> Bool {
        refreshAt.map { now < $0 } ?? true
    }

    /// Never shows the token.
    public var description: String { "AccessToken(value: <redacted>)" }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// Shows `dump()` and debuggers no token.
    public var customMirror: Mirror { Mirror(self, children: ["value": Redaction.placeholder]) }
}
