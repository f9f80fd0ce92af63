/// How a repository uses the server, chosen by the composition root (heroes-cli's `--offline`).
public enum CachePolicy: Sendable, Equatable {
    /// Ask the server first; the cache answers, marked stale, when it cannot be reached.
    case networkFirst
    /// Never ask: reads come from the cache, writes are kept as pending changes. `reason` is what
    /// a read that the cache cannot answer says.
    case cacheOnly(reason: String)
}
