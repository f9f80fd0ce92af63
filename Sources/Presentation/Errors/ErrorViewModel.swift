/// What an error view shows: a stable code, one line for a person, and the fields at fault.
public struct ErrorViewModel: Sendable, Hashable {
    /// The stable code, such as `not_found`.
    public let code: ErrorCode
    /// What went wrong and what to do next; a server's text as sent (views escape it).
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
