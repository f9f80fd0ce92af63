/// Compares a stub's JSON with a real answer by shape: each stub member present with its type;
/// `null` matches any; a stub array's first element shapes every answer element.
struct JSONShape {
    /// Where the answer does not fit the stub (`$.a: expected an object, got a string`).
    private(set) var differences: [String] = []
    /// Members the answer has and the stub does not: not drift, but worth a look. Once per
    /// member of an array's elements.
    private(set) var additions: [String] = []
    private var added: Set<String> = []

    init(expected: StubJSON, actual: StubJSON) {
        compare(expected, actual, at: "$", every: "$")
    }

    /// `every`: the path with `[*]` for array positions, for additions.
    private mutating func compare(_ expected: StubJSON, _ actual: StubJSON, at path: String, every: String) {
        if expected == .null || actual == .null { return }
        guard Self.type(of: expected) == Self.type(of: actual) else {
            differences.append("\(path): expected \(Self.type(of: expected)), got \(Self.type(of: actual))")
            return
        }
        switch (expected, actual) {
        case (.object(let wanted), .object(let got)):
            for key in wanted.keys.sorted() {
                let place = JSONCursor.join(path, key)
                guard let value = got[key], let shape = wanted[key] else {
                    differences.append("\(place): missing, expected \(Self.type(of: wanted[key] ?? .null))")
                    continue
                }
                compare(shape, value, at: place, every: JSONCursor.join(every, key))
            }
            for key in got.keys.sorted() where wanted[key] == nil {
                let place = JSONCursor.join(every, key)
                if added.insert(place).inserted { additions.append(place) }
            }
        case (.array(let wanted), .array(let got)):
            guard let shape = wanted.first else { return }
            for (index, value) in got.enumerated() {
                compare(shape, value, at: "\(path)[\(index)]", every: "\(every)[*]")
            }
        default:
            return
        }
    }

    /// JSON's own type names; integers and decimals are both numbers.
    static func type(of value: StubJSON) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
