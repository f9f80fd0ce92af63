/// Decodes a `Decodable` value from a `JSONValue` tree that `JSONParser` read in one pass: the
/// store's quick read. `JSONDecoder` builds its generic machinery anew in every process, which
/// costs a short command more than the rest of its work (docs/PERFORMANCE.md).
///
/// It is stricter than `JSONDecoder` on purpose: an integer must be written as one (`2`, not
/// `2.0` or `2e0`), and a `JSONValue` holding a whole number written with a fraction or an
/// exponent is refused. So whatever it decodes, `JSONDecoder` decodes the same way; on
/// anything else it throws, and the store asks `JSONDecoder`, whose answer (or error) stands.
struct JSONTreeDecoder: Decoder {
    /// The value being decoded.
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(JSONTreeKeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return JSONTreeUnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The tree itself, for `JSONValue`'s own decoding, unless it holds a number `JSONDecoder`
    /// would read as an integer where the tree has a fraction (`2.0`).
    func verbatim() throws -> JSONValue {
        guard !value.holdsWholeFraction else { throw mismatch("a tree JSONDecoder reads the same way") }
        return value
    }

    /// The scalar `T` at this value, or a type mismatch.
    func scalar<T: JSONTreeScalar>(_ type: T.Type = T.self) throws -> T {
        guard let scalar = T(tree: value) else { throw mismatch("\(T.self)") }
        return scalar
    }

    func mismatch(_ wanted: String) -> DecodingError {
        DecodingError.typeMismatch(
            Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(wanted)"))
    }
}

extension JSONTreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    func decode(_ type: String.Type) throws -> String { try scalar() }
    func decode(_ type: Double.Type) throws -> Double { try scalar() }
    func decode(_ type: Float.Type) throws -> Float { try scalar() }
    func decode(_ type: Int.Type) throws -> Int { try scalar() }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// A scalar the tree decoder reads straight from a `JSONValue`, or refuses.
protocol JSONTreeScalar {
    init?(tree: JSONValue)
}

extension Bool: JSONTreeScalar {
    init?(tree: JSONValue) {
        guard case .bool(let value) = tree else { return nil }
        self = value
    }
}

extension String: JSONTreeScalar {
    init?(tree: JSONValue) {
        guard case .string(let value) = tree else { return nil }
        self = value
    }
}

extension Double: JSONTreeScalar {
    init?(tree: JSONValue) {
        switch tree {
        case .integer(let value): self = Double(value)
        case .number(let value): self = value
        default: return nil
        }
    }
}

extension Float: JSONTreeScalar {
    init?(tree: JSONValue) {
        guard let double = Double(tree: tree), let value = Float(exactly: double) else { return nil }
        self = value
    }
}

// Integers only from integers written as such; `JSONDecoder` also reads `2.0`, which the
// quick read leaves to it.
extension Int: JSONTreeScalar {}
extension Int8: JSONTreeScalar {}
extension Int16: JSONTreeScalar {}
extension Int32: JSONTreeScalar {}
extension Int64: JSONTreeScalar {}
extension UInt: JSONTreeScalar {}
extension UInt8: JSONTreeScalar {}
extension UInt16: JSONTreeScalar {}
extension UInt32: JSONTreeScalar {}
extension UInt64: JSONTreeScalar {}

extension JSONTreeScalar where Self: FixedWidthInteger {
    init?(tree: JSONValue) {
        guard case .integer(let value) = tree, let exact = Self(exactly: value) else { return nil }
        self = exact
    }
}

extension JSONValue {
    /// Whether a number anywhere in the tree has a fraction or exponent yet a whole value that
    /// fits an `Int` (`2.0`, `1e3`): `JSONDecoder` reads those as integers.
    var holdsWholeFraction: Bool {
        switch self {
        case .number(let value): Int(exactly: value) != nil
        case .array(let elements): elements.contains { $0.holdsWholeFraction }
        case .object(let members): members.values.contains { $0.holdsWholeFraction }
        case .null, .bool, .integer, .string: false
        }
    }
}
