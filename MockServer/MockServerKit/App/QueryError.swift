/// The message of a 400 for a bad query.
struct QueryError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
