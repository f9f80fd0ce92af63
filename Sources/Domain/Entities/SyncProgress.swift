/// How far a sync's pull has come, page by page.
public struct SyncProgress: Sendable, Hashable {
    /// Pages pulled so far.
    public let pagesPulled: Int
    /// How many pages the server said there are.
    public let pageCount: Int

    /// Stores the values as given.
    public init(pagesPulled: Int, pageCount: Int) {
        self.pagesPulled = pagesPulled
        self.pageCount = pageCount
    }
}
