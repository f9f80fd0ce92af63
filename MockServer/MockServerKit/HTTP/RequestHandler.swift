/// The application behind the server: a request to a response and its delivery.
protocol RequestHandler: Sendable {
    /// Called on the event loop thread: must not block.
    func handle(_ request: ServerRequest) -> (ServerResponse, Delivery)

    /// Changes whenever a deferred response may have become ready.
    var generation: Int { get }
}
