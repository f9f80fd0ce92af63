import Domain

/// An attribute both a local edit and the server changed.
public struct AttributeConflict: Sendable, Hashable {
    public let id: String
    public let field: Field
    /// As text.
    public let local: String
    /// As text.
    public let incoming: String
    /// Whether the picker chose a value.
    public let isResolved: Bool

    public init(id: String, field: Field, local: String, incoming: String, isResolved: Bool) {
        self.id = id
        self.field = field
        self.local = local
        self.incoming = incoming
        self.isResolved = isResolved
    }
}
