import Foundation

/// Encodes any `Encodable` value into a `JSONValue` tree, as `JSONEncoder` would encode it with
/// its default strategies (`Data` as Base64, `URL` as its absolute string, `Date` as itself), so
/// `JSONDecoder` reads the text of the tree back to the same value.
///
/// Why not `JSONEncoder`: a `JSONValue` met along the way is kept as it is, shared rather than
/// rebuilt. The store's records are already trees, so encoding a cache of 10,000 heroes builds
/// only the small objects around them, where `JSONEncoder` builds a second tree of everything.
/// The store writes the tree with `JSONTextWriter`; `JSONTreeDecoder` is the way back.
struct JSONTreeEncoder {
    /// The tree of `value`.
    func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        try SlotEncoder.tree(of: value, at: [])
    }
}

/// A place in the tree being built: a finished value, or a container still being filled (a
/// nested container is handed out before its members are encoded, so it must be a reference).
private final class Slot {
    enum Content {
        case empty
        case value(JSONValue)
        case object([String: Slot])
        case array([Slot])
    }

    var content = Content.empty

    init(_ content: Content = .empty) {
        self.content = content
    }

    /// The finished tree. A value that encoded nothing is an empty object, as with `JSONEncoder`.
    var tree: JSONValue {
        switch content {
        case .empty: .object([:])
        case .value(let value): value
        case .object(let members): .object(members.mapValues(\.tree))
        case .array(let elements): .array(elements.map(\.tree))
        }
    }

    /// The members of the object this slot holds, making it one if it is still empty.
    func members() throws -> [String: Slot] {
        switch content {
        case .empty: return [:]
        case .object(let members): return members
        default: throw SlotEncoder.failure("a keyed container where another kind was already encoded")
        }
    }

    /// The elements of the array this slot holds, making it one if it is still empty.
    func elements() throws -> [Slot] {
        switch content {
        case .empty: return []
        case .array(let elements): return elements
        default: throw SlotEncoder.failure("an unkeyed container where another kind was already encoded")
        }
    }
}

/// The `Encoder` handed to `encode(to:)`: it fills one slot.
private final class SlotEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let slot: Slot

    init(slot: Slot, codingPath: [any CodingKey]) {
        self.slot = slot
        self.codingPath = codingPath
    }

    /// The tree of one value, with the special cases `JSONEncoder` makes by default.
    static func tree(of value: some Encodable, at codingPath: [any CodingKey]) throws -> JSONValue {
        switch value {
        case let tree as JSONValue: return tree
        case let data as Data: return .string(data.base64EncodedString())
        case let url as URL: return .string(url.absoluteString)
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let number as Double: return try Self.number(number, at: codingPath)
        case let number as Float: return try Self.number(Double(number), at: codingPath)
        case let number as any BinaryInteger: return integer(number)
        default:
            let slot = Slot()
            try value.encode(to: SlotEncoder(slot: slot, codingPath: codingPath))
            return slot.tree
        }
    }

    static func number(_ value: Double, at codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
        }
        return .number(value)
    }

    static func integer<Integer: BinaryInteger>(_ value: Integer) -> JSONValue {
        Int(exactly: value).map(JSONValue.integer) ?? .number(Double(value))
    }

    static func failure(_ what: String) -> EncodingError {
        .invalidValue(what, .init(codingPath: [], debugDescription: "\(what) is not supported"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .empty = slot.content { slot.content = .object([:]) }
        return KeyedEncodingContainer(KeyedTreeContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .empty = slot.content { slot.content = .array([]) }
        return UnkeyedTreeContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleTreeContainer(slot: slot, codingPath: codingPath)
    }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    private func put(_ child: Slot, at key: Key) throws {
        var members = try slot.members()
        slot.content = .empty  // keeps the dictionary uniquely referenced while it changes
        members[key.stringValue] = child
        slot.content = .object(members)
    }

    mutating func encodeNil(forKey key: Key) throws { try put(Slot(.value(.null)), at: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try put(Slot(.value(.bool(value))), at: key)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        try put(Slot(.value(.string(value))), at: key)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try put(Slot(.value(try SlotEncoder.number(value, at: codingPath + [key]))), at: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(Double(value), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        try put(Slot(.value(.integer(value))), at: key)
    }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try put(Slot(.value(try SlotEncoder.tree(of: value, at: codingPath + [key]))), at: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = Slot(.object([:]))
        try? put(child, at: key)
        return KeyedEncodingContainer(
            KeyedTreeContainer<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Slot(.array([]))
        try? put(child, at: key)
        return UnkeyedTreeContainer(slot: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key.stringValue)
    }

    private func superEncoder(named name: String) -> any Encoder {
        let child = Slot()
        var members = (try? slot.members()) ?? [:]
        members[name] = child
        slot.content = .object(members)
        return SlotEncoder(slot: child, codingPath: codingPath)
    }
}

private struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int { (try? slot.elements().count) ?? 0 }

    private func append(_ child: Slot) throws {
        var elements = try slot.elements()
        slot.content = .empty  // keeps the array uniquely referenced while it grows
        elements.append(child)
        slot.content = .array(elements)
    }

    mutating func encodeNil() throws { try append(Slot(.value(.null))) }
    mutating func encode(_ value: Bool) throws { try append(Slot(.value(.bool(value)))) }
    mutating func encode(_ value: String) throws { try append(Slot(.value(.string(value)))) }
    mutating func encode(_ value: Double) throws {
        try append(Slot(.value(try SlotEncoder.number(value, at: codingPath))))
    }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { try append(Slot(.value(.integer(value)))) }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try append(Slot(.value(try SlotEncoder.tree(of: value, at: codingPath))))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = Slot(.object([:]))
        try? append(child)
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(slot: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Slot(.array([]))
        try? append(child)
        return UnkeyedTreeContainer(slot: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        let child = Slot()
        try? append(child)
        return SlotEncoder(slot: child, codingPath: codingPath)
    }
}

private struct SingleTreeContainer: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue) throws {
        guard case .empty = slot.content else { throw SlotEncoder.failure("a second value in one container") }
        slot.content = .value(value)
    }

    mutating func encodeNil() throws { try set(.null) }
    mutating func encode(_ value: Bool) throws { try set(.bool(value)) }
    mutating func encode(_ value: String) throws { try set(.string(value)) }
    mutating func encode(_ value: Double) throws { try set(try SlotEncoder.number(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { try set(.integer(value)) }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try set(try SlotEncoder.tree(of: value, at: codingPath))
    }
}
