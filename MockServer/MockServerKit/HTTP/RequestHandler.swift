/// The application behind the server: a pure function from a request to a response and its delivery.
protocol RequestHandler: Sendable {
    /// Answers one request. Called on the event loop thread: it must not block.
    func handle(_ request: ServerRequest) -> (ServerResponse, Delivery)

    /// A number that changes whenever a deferred response may have become ready.
    var generation: Int { get }
}
