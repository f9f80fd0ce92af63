/// A stable code, one line for a person, and the fields at fault.
public struct ErrorViewModel: Sendable, Hashable {
    public let code: ErrorCode
    /// A server's text as sent (views escape it).
    public let message: String
    /// For `validation_failed`: the Domain's field name and its problem.
    public let fields: [String: String]

    /// The CLI builds its own `usage` and `config` errors this way.
    public init(code: ErrorCode, message: String, fields: [String: String] = [:]) {
        self.code = code
        self.message = message
        self.fields = fields
    }
}
