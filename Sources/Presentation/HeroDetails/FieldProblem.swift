import Domain

/// One field that breaks the rules, and how.
public struct FieldProblem: Sendable, Hashable {
    /// The Domain's name, such as `codeName`.
    public let field: String
    /// The field in words, such as "code name".
    public let label: String
    /// Such as "must not be empty".
    public let message: String

    /// The label is derived from the name.
    public init(field: String, message: String) {
        self.field = field
        self.label = FieldLabel.words(field)
        self.message = message
    }

    /// Sorted by field.
    static func list(_ fields: [Field: String]) -> [FieldProblem] {
        fields.sorted { $0.key < $1.key }.map { FieldProblem(field: $0.key.rawValue, message: $0.value) }
    }
}
