/// How a repository uses the server (`--offline` chooses `.cacheOnly`).
public enum CachePolicy: Sendable, Equatable {
    /// Ask the server first; offline, the cache answers, marked stale.
    case networkFirst
    /// Never ask; writes stay pending. `reason` is the error for a read the cache cannot answer.
    case cacheOnly(reason: String)
}
