/// A response given once `isReady` says so, or when the timeout ends.
struct DeferredResponse: Sendable {
    var timeoutMilliseconds: Int
    /// Asked again whenever the handler's generation changes.
    var isReady: @Sendable () -> Bool
    var render: @Sendable () -> ServerResponse
}
