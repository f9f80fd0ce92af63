/// A JSON document as a tree: what one decode of a body gives the mapping pipeline, and what
/// the store keeps of each record, exactly as the server sent it.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits an `Int`, however it is spelled (`3`, `3.0`, `3e0`): `JSONDecoder`
    /// does not say.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; key order is not kept (JSON gives it no meaning).
    case object([String: JSONValue])

    /// The value at a dotted key path into nested objects (`team.id`); `nil` when a key is
    /// missing or a step is not an object. An empty path is the value itself.
    public subscript(path path: String) -> JSONValue? { self[keys: Self.keys(of: path)] }

    /// The value at a key path already split into its keys (what `Attribute` keeps, so a page
    /// of records does not split the same path again for each one).
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

    /// A short name of the value's kind, for failure reasons.
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
