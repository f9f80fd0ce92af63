/// What an error view shows: a stable code, one line for a person, and the fields at fault.
public struct ErrorViewModel: Sendable, Hashable {
    /// The stable code, such as `not_found`.
    public let code: ErrorCode
    /// What went wrong and, where there is something to do, what to do next, exactly as said: a
    /// server's text is kept as sent. A console view makes it one harmless line; a JSON view
    /// leaves escaping to JSON.
    public let message: String
    /// For `validation_failed`: each field at fault (the Domain's field name) and its problem.
    public let fields: [String: String]

    /// A view model as given; the CLI builds its own `usage` and `config` errors this way.
    public init(code: ErrorCode, message: String, fields: [String: String] = [:]) {
        self.code = code
        self.message = message
        self.fields = fields
    }
}
