import Foundation
import Locking

/// The bearer tokens `POST /v1/token` hands out: each names a user's role and expires after the
/// configured lifetime. They live in memory only, so a restart forgets them, as a real server
/// forgets sessions when its signing key changes.
final class TokenIssuer: Sendable {
    private struct Issued {
        let role: MockUser.Role
        let expires: ContinuousClock.Instant
    }

    /// How long a token is accepted.
    let lifetime: Duration
    /// At most this many tokens are kept; the one nearest its end goes first, so a client that
    /// asks in a loop cannot grow the server's memory.
    static let capacity = 10_000

    private let issued = Locked<[String: Issued]>([:])

    /// An issuer whose tokens last `lifetime`.
    init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    /// A new token for `role`: 32 random bytes, in hex.
    func issue(for role: MockUser.Role) -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
        let now = ContinuousClock.now
        issued.withLock { issued in
            if issued.count >= Self.capacity {
                issued = issued.filter { $0.value.expires > now }
                if issued.count >= Self.capacity,
                    let oldest = issued.min(by: { $0.value.expires < $1.value.expires })?.key
                {
                    issued[oldest] = nil
                }
            }
            issued[token] = Issued(role: role, expires: now + lifetime)
        }
        return token
    }

    /// The role of a token that was issued and has not expired; nil otherwise. A dictionary
    /// lookup, not a constant-time comparison: the tokens are random and this is a mock.
    func role(for token: String) -> MockUser.Role? {
        let now = ContinuousClock.now
        return issued.withLock { issued in
            guard let found = issued[token] else { return nil }
            guard found.expires > now else {
                issued[token] = nil
                return nil
            }
            return found.role
        }
    }

    /// Forgets every token, so the next request with one is answered 401 (for tests of a
    /// client's refresh).
    func revokeAll() {
        issued.withLock { $0.removeAll() }
    }
}
