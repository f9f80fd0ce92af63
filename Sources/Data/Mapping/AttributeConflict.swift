import Domain

/// An attribute both a local edit and the server changed.
public struct AttributeConflict: Sendable, Hashable {
    /// The record's id.
    public let id: String
    /// The attribute's field.
    public let field: Field
    /// The local value, as text.
    public let local: String
    /// The incoming value, as text.
    public let incoming: String
    /// Whether the picker chose a value.
    public let isResolved: Bool

    /// Stores the values as given.
    public init(id: String, field: Field, local: String, incoming: String, isResolved: Bool) {
        self.id = id
        self.field = field
        self.local = local
        self.incoming = incoming
        self.isResolved = isResolved
    }
}
