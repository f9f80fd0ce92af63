/// A value that may have come from the local store instead of the server.
public struct Cached<Value: Sendable>: Sendable {
    public let value: Value
    /// The server could not be reached; the value is the last one stored.
    public let isStale: Bool

    public init(_ value: Value, isStale: Bool) {
        self.value = value
        self.isStale = isStale
    }

    /// Keeps the freshness.
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Cached<Other> {
        Cached<Other>(try transform(value), isStale: isStale)
    }
}

extension Cached: Equatable where Value: Equatable {}
extension Cached: Hashable where Value: Hashable {}
