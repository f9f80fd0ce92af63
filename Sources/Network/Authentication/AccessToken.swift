/// A bearer token and when to stop using it, as a token endpoint handed it out.
///
/// Held in memory only: nothing in this module writes a token to disk or to a log, and its
/// `description` never shows it.
public struct AccessToken: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The token, sent as `Authorization: Bearer <value>`.
    public let value: String
    /// When to ask for a new one instead of sending this one; nil when the server gave no
    /// lifetime, so the token is used until the server refuses it with a 401.
    public let refreshAt: ContinuousClock.Instant?

    /// A token to be refreshed at `refreshAt` (nil: only when refused).
    public init(value: String, refreshAt: ContinuousClock.Instant?) {
        self.value = value
        self.refreshAt = refreshAt
    }

    /// A token that the server says lasts `expiresIn` from `obtained`, refreshed `margin` before
    /// then, but never sooner than half its lifetime: a token of a second is used for half a
    /// second, not refreshed on every request.
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
