/// A bearer token and when to stop using it. Held in memory only; never printed.
public struct AccessToken: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// Sent as `Authorization: Bearer <value>`.
    public let value: String
    /// nil when the server gave no lifetime: used until a 401.
    public let refreshAt: ContinuousClock.Instant?

    public init(value: String, refreshAt: ContinuousClock.Instant?) {
        self.value = value
        self.refreshAt = refreshAt
    }

    /// Refreshed `margin` before `expiresIn` runs out, but never before half its lifetime.
    public init(
        value: String, expiresIn: Duration?, obtained: ContinuousClock.Instant = .now,
        margin: Duration = .seconds(30)
    ) {
        self.value = value
        refreshAt = expiresIn.map { lifetime in obtained + max(lifetime - margin, lifetime / 2) }
    }

    public func isFresh(at now: ContinuousClock.Instant = .now) -> Bool {
        refreshAt.map { now < $0 } ?? true
    }

    public var description: String { "AccessToken(value: <redacted>)" }

    public var debugDescription: String { description }

    /// `dump()` and debuggers see no token.
    public var customMirror: Mirror { Mirror(self, children: ["value": Redaction.placeholder]) }
}
