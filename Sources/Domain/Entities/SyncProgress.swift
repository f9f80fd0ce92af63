/// How far a sync's pull has come, page by page.
public struct SyncProgress: Sendable, Hashable {
    public let pagesPulled: Int
    /// As the server said.
    public let pageCount: Int

    public init(pagesPulled: Int, pageCount: Int) {
        self.pagesPulled = pagesPulled
        self.pageCount = pageCount
    }
}
