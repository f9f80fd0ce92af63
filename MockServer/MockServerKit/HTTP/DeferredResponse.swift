/// A response the application gives later: once `isReady` says so, or when the timeout ends.
struct DeferredResponse: Sendable {
    /// The longest wait, in milliseconds.
    var timeoutMilliseconds: Int
    /// Whether the response can be given now; asked again whenever the handler's generation changes.
    var isReady: @Sendable () -> Bool
    /// Builds the response when it is given.
    var render: @Sendable () -> ServerResponse
}
