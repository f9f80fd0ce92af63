/// Why a body or a record could not be mapped.
public struct MappingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// In words a report can show.
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

extension MappingFailure {
    /// "is a number, not a string", or "is missing".
    static func expected(_ wanted: String, _ found: JSONValue?) -> MappingFailure {
        MappingFailure(found.map { "is \($0.kind), not \(wanted)" } ?? "is missing")
    }
}
