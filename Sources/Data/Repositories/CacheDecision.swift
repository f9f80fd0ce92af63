/// What `OfflineFirstHeroRepository` did with one read: the server's new copy, the stored one
/// confirmed by a 304, or the stored one served because the server could not be reached. A
/// composition root can show these (heroes-cli's `--verbose`), so an answer that came from the
/// cache says why.
public enum CacheDecision: Sendable, Equatable, CustomStringConvertible {
    /// The server sent a new copy of `what` (such as `hero 0007`), now stored.
    case fresh(String)
    /// The server answered 304: the stored copy of `what` is current.
    case revalidated(String)
    /// The server could not be reached (`reason`), so the stored copy of `what` was served.
    case stale(String, reason: String)

    /// One line, such as `cache: hero 0007 revalidated (304)`.
    public var description: String {
        switch self {
        case .fresh(let what): "cache: \(what) fresh from the server, stored"
        case .revalidated(let what): "cache: \(what) revalidated (304), the stored copy is current"
        case .stale(let what, let reason): "cache: \(what) served stale from the store: \(reason)"
        }
    }
}
