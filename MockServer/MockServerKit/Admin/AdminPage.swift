/// WireMock's `limit` and `offset` on an admin listing, to read a large one page by page.
struct AdminPage: Sendable {
    var limit = Int.max
    var offset = 0

    /// Everything when absent; nil when either is not a non-negative integer.
    init?(query: Substring?) {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == "limit" || parts[0] == "offset" else { continue }
            guard parts.count == 2, let value = Framing.decimal(parts[1]) else { return nil }
            if parts[0] == "limit" { limit = value } else { offset = value }
        }
    }

    init(limit: Int = Int.max, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }

    /// About the most bytes of items per page, whatever `limit`, so a listing costs bounded
    /// time and memory; `meta.total` tells of the rest.
    static let maximumBytes = 128 << 10

    /// At most `limit` items, as many as fit `maximumBytes` by `size` (one at least).
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
