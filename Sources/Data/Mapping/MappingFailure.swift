/// Why a body or a record could not be mapped: the reason, in words a report can show.
public struct MappingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, such as `updated_at: '30/11/2026' is not an RFC 3339 time`.
    public let reason: String

    /// A failure for `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

extension MappingFailure {
    /// "is a number, not a string" and the like; a missing key says so.
    static func expected(_ wanted: String, _ found: JSONValue?) -> MappingFailure {
        MappingFailure(found.map { "is \($0.kind), not \(wanted)" } ?? "is missing")
    }
}
