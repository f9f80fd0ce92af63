/// Why a body or a record could not be mapped.
public struct MappingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in words a report can show.
    public let reason: String

    /// A failure for `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

extension MappingFailure {
    /// "is a number, not a string", or "is missing".
    static func expected(_ wanted: String, _ found: JSONValue?) -> MappingFailure {
        MappingFailure(found.map { "is \($0.kind), not \(wanted)" } ?? "is missing")
    }
}
