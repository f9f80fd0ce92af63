/// A header field exactly as a client sent it.
public struct HTTPField: Sendable, Equatable {
    /// The field name, in the client's spelling.
    public let name: String
    /// The field value, without surrounding whitespace.
    public let value: String

    /// Makes a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
