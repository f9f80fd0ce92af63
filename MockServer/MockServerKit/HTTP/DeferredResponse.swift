/// A response given once `isReady` says so, or when the timeout ends.
struct DeferredResponse: Sendable {
    var timeoutMilliseconds: Int
    /// Asked again whenever the handler's generation changes or the loop is nudged.
    var isReady: @Sendable () -> Bool
    var render: @Sendable () -> ServerResponse
    /// How the rendered response travels (a fault's trickle, a stub's delay).
    var mode = Delivery.Mode.normal
    var delayMilliseconds = 0
}
