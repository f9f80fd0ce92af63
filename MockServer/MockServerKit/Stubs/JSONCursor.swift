/// A JSON value and its place in its file, so each decoding error names file and JSONPath.
struct JSONCursor {
    let value: StubJSON
    /// JSONPath from the file's root.
    let path: String
    let file: String

    func error(_ reason: String) -> MappingError {
        MappingError(file: file, path: path, reason: reason)
    }

    /// Nil when absent or `null`.
    func member(_ key: String) -> JSONCursor? {
        guard let found = value[key], found != .null else { return nil }
        return JSONCursor(value: found, path: Self.join(path, key), file: file)
    }

    /// Sorted by key, so errors do not depend on hashing.
    func members() throws(MappingError) -> [(key: String, cursor: JSONCursor)] {
        guard case .object(let members) = value else {
            throw error("expected an object, found \(value.kind)")
        }
        return members.keys.sorted().compactMap { key in
            guard let found = members[key] else { return nil }
            return (key, JSONCursor(value: found, path: Self.join(path, key), file: file))
        }
    }

    func elements() throws(MappingError) -> [JSONCursor] {
        guard case .array(let values) = value else { throw error("expected an array, found \(value.kind)") }
        return values.enumerated().map { JSONCursor(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    func string() throws(MappingError) -> String {
        guard case .string(let text) = value else { throw error("expected a string, found \(value.kind)") }
        return text
    }

    func bool() throws(MappingError) -> Bool {
        guard case .bool(let flag) = value else { throw error("expected true or false, found \(value.kind)") }
        return flag
    }

    func integer(in range: ClosedRange<Int>) throws(MappingError) -> Int {
        guard case .integer(let number) = value, range.contains(number) else {
            throw error("expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// Refuses unknown keys: a misspelt one, ignored, would make the stub match too much.
    func onlyKeys(_ known: Set<String>) throws(MappingError) {
        guard case .object(let members) = value else { return }
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw MappingError(
                file: file, path: Self.join(path, unknown), reason: "unknown or unsupported key \(unknown)")
        }
    }

    /// `base.key`, or `base['key']` when the key is not a plain name.
    static func join(_ base: String, _ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
                    || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            }
        return plain ? "\(base).\(key)" : "\(base)['\(key)']"
    }
}
