/// A JSON document as the server sent it, for the mapping pipeline.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// Within `exactIntegers`, however spelled (`3`, `3.0`, `3e0`).
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Key order is not kept.
    case object([String: JSONValue])

    /// A dotted key path (`team.id`); an empty path is the value itself.
    public subscript(path path: String) -> JSONValue? { self[keys: Self.keys(of: path)] }

    /// Already split, so a page does not split it per record.
    public subscript(keys keys: [String]) -> JSONValue? {
        var current = self
        for key in keys {
            guard case .object(let members) = current, let next = members[key] else { return nil }
            current = next
        }
        return current
    }

    /// `team.id` → `["team", "id"]`.
    public static func keys(of path: String) -> [String] {
        path.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
    }

    /// For failure reasons.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
