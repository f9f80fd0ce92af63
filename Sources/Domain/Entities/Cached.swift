/// A value that may have come from the local store instead of the server.
public struct Cached<Value: Sendable>: Sendable {
    /// The value.
    public let value: Value
    /// `true` when the server could not be reached and the value is the last one stored.
    public let isStale: Bool

    /// Wraps a value with its freshness.
    public init(_ value: Value, isStale: Bool) {
        self.value = value
        self.isStale = isStale
    }

    /// The same freshness around a transformed value.
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Cached<Other> {
        Cached<Other>(try transform(value), isStale: isStale)
    }
}

extension Cached: Equatable where Value: Equatable {}
extension Cached: Hashable where Value: Hashable {}
