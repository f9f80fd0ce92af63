/// WireMock's `limit` and `offset` on an admin listing, so a client can read a large journal
/// or set of mappings a page at a time.
struct AdminPage: Sendable {
    /// The most items in the page.
    var limit = Int.max
    /// How many items are skipped first.
    var offset = 0

    /// The page `limit` and `offset` in `query` ask for (everything when absent); nil when
    /// either is not a non-negative integer.
    init?(query: Substring?) {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == "limit" || parts[0] == "offset" else { continue }
            guard parts.count == 2, let value = Framing.decimal(parts[1]) else { return nil }
            if parts[0] == "limit" { limit = value } else { offset = value }
        }
    }

    /// A page of `limit` items after `offset`.
    init(limit: Int = Int.max, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }

    /// About the most bytes of items a page holds, whatever its `limit`, so that one listing
    /// costs a bounded time to build and memory to send; `meta.total` tells of the rest.
    static let maximumBytes = 128 << 10

    /// The items of the page: at most `limit`, and as many as fit in `maximumBytes` by `size`
    /// (one at least).
    func apply<T>(_ items: [T], size: (T) -> Int = { _ in 0 }) -> [T] {
        let start = min(offset, items.count)
        var end = start + min(limit, items.count - start)
        var bytes = 0
        for index in start..<end {
            bytes += size(items[index])
            if bytes > Self.maximumBytes, index > start {
                end = index
                break
            }
        }
        return Array(items[start..<end])
    }
}
