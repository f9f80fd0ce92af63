import Foundation
import Locking

/// The bearer tokens of `POST /v1/token`, each with a role and a lifetime. In memory, so a
/// restart forgets them, as a real server does when its signing key changes.
final class TokenIssuer: Sendable {
    private struct Issued {
        let role: MockUser.Role
        let expires: ContinuousClock.Instant
    }

    private struct State {
        var issued: [String: Issued] = [:]
        /// Each user's tokens, oldest first (some may be gone: expired or evicted).
        var byUser: [String: [String]] = [:]
    }

    let lifetime: Duration
    /// Past this, the token nearest its end goes first, so a looping client cannot grow memory.
    static let capacity = 10_000
    /// Past this many live tokens, a user's oldest goes: one user's loop evicts only its own.
    static let capacityPerUser = 100

    private let state = Locked(State())

    init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    /// 32 random bytes, in hex, for `user`.
    func issue(for role: MockUser.Role, user: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
        let now = ContinuousClock.now
        state.withLock { state in
            var mine = (state.byUser[user] ?? []).filter {
                state.issued[$0].map { $0.expires > now } ?? false
            }
            if mine.count >= Self.capacityPerUser { state.issued[mine.removeFirst()] = nil }
            mine.append(token)
            state.byUser[user] = mine
            Self.makeRoom(in: &state.issued, now: now)
            state.issued[token] = Issued(role: role, expires: now + lifetime)
        }
        return token
    }

    /// At `capacity`, the expired go, then the token nearest its end.
    private static func makeRoom(in issued: inout [String: Issued], now: ContinuousClock.Instant) {
        guard issued.count >= capacity else { return }
        issued = issued.filter { $0.value.expires > now }
        if issued.count >= capacity, let oldest = issued.min(by: { $0.value.expires < $1.value.expires })?.key
        {
            issued[oldest] = nil
        }
    }

    /// Nil unless issued and unexpired. A plain look-up, not constant-time: tokens are random.
    func role(for token: String) -> MockUser.Role? {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard let found = state.issued[token] else { return nil }
            guard found.expires > now else {
                state.issued[token] = nil
                return nil
            }
            return found.role
        }
    }

    /// Forgets every token: the next use gets 401.
    func revokeAll() {
        state.withLock { $0 = State() }
    }
}
