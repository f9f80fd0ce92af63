/// A header field as a client sent it.
public struct HTTPField: Sendable, Equatable {
    /// In the client's spelling.
    public let name: String
    /// Without surrounding whitespace.
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
