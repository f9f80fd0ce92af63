/// A JSON document as a tree, as the server sent it, for the mapping pipeline.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number within `exactIntegers`, however spelled (`3`, `3.0`, `3e0`).
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; key order is not kept.
    case object([String: JSONValue])

    /// The value at a dotted key path (`team.id`), or `nil`; an empty path is the value itself.
    public subscript(path path: String) -> JSONValue? { self[keys: Self.keys(of: path)] }

    /// The value at a key path already split, so a page does not split it per record.
    public subscript(keys keys: [String]) -> JSONValue? {
        var current = self
        for key in keys {
            guard case .object(let members) = current, let next = members[key] else { return nil }
            current = next
        }
        return current
    }

    /// The keys of a dotted key path (`team.id` → `["team", "id"]`).
    public static func keys(of path: String) -> [String] {
        path.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
    }

    /// The value's kind, for failure reasons.
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
