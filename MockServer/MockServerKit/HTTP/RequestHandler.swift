/// The application behind the server: a request to a response and its delivery.
protocol RequestHandler: Sendable {
    /// Called on the event loop thread: must not block. Spends `turn`'s matching time; nil when
    /// the request would need more than a trial (`held` false), to be asked again in a later
    /// turn with `held` true, which always answers.
    func handle(_ request: ServerRequest, turn: TurnBudget, held: Bool) -> (ServerResponse, Delivery)?

    /// Changes whenever a deferred response may have become ready.
    var generation: Int { get }
}
