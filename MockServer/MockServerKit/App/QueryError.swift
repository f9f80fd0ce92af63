/// The message of a 400 for a bad query.
struct QueryError: Error {
    /// A sentence naming the parameter.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
