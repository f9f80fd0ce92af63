/// What a read or write did with the cache, for `--verbose`; `notKept` is a warning to show
/// always.
public enum CacheDecision: Sendable, Equatable, CustomStringConvertible {
    /// The server sent a new copy, now stored.
    case fresh(String)
    /// A 304: the stored copy is current.
    case revalidated(String)
    /// Offline (`reason`): the stored copy was served.
    case stale(String, reason: String)
    /// The server answered, but the store could not keep it: the command still succeeds.
    case notKept(String, reason: String)

    /// One line, such as `cache: hero 0007 revalidated (304)…`.
    public var description: String {
        switch self {
        case .fresh(let what): "cache: \(what) fresh from the server, stored"
        case .revalidated(let what): "cache: \(what) revalidated (304), the stored copy is current"
        case .stale(let what, let reason): "cache: \(what) served stale from the store: \(reason)"
        case .notKept(let what, let reason): "the offline cache could not keep \(what): \(reason)"
        }
    }
}
