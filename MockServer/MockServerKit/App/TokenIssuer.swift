import Foundation
import Locking

/// The bearer tokens of `POST /v1/token`, each with a role and a lifetime. In memory, so a
/// restart forgets them, as a real server does when its signing key changes.
final class TokenIssuer: Sendable {
    private struct Issued {
        let role: MockUser.Role
        let expires: ContinuousClock.Instant
    }

    let lifetime: Duration
    /// Past this, the token nearest its end goes first, so a looping client cannot grow memory.
    static let capacity = 10_000

    private let issued = Locked<[String: Issued]>([:])

    init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    /// 32 random bytes, in hex.
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

    /// Nil unless issued and unexpired. A plain look-up, not constant-time: tokens are random.
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

    /// Forgets every token, so the next use gets 401 (for tests of a client's refresh).
    func revokeAll() {
        issued.withLock { $0.removeAll() }
    }
}
