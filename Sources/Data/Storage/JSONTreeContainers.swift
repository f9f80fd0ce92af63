/// The members of an object in the tree, by key, for `JSONTreeDecoder`.
struct JSONTreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    /// The decoder of the member at `key`; a missing key is `keyNotFound`.
    func decoder(for key: Key) throws -> JSONTreeDecoder {
        guard let member = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "no such key"))
        }
        return JSONTreeDecoder(member, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).scalar() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).scalar() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).scalar() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).scalar() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).scalar() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).scalar() }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).scalar() }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).scalar() }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).scalar() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).scalar() }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).scalar() }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).scalar() }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).scalar() }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).scalar() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder(for: key)) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONTreeDecoder(members["super"] ?? .null, codingPath: codingPath + [PathKey(stringValue: "super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}

/// The elements of an array in the tree, in order, for `JSONTreeDecoder`.
struct JSONTreeUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The decoder of the next element, moving past it; past the end is `valueNotFound`.
    private mutating func next() throws -> JSONTreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "at the end"))
        }
        let decoder = JSONTreeDecoder(
            elements[currentIndex], codingPath: codingPath + [PathKey(intValue: currentIndex)])
        currentIndex += 1
        return decoder
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().scalar() }
    mutating func decode(_ type: String.Type) throws -> String { try next().scalar() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().scalar() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().scalar() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().scalar() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().scalar() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().scalar() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().scalar() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().scalar() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().scalar() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().scalar() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().scalar() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().scalar() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().scalar() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// A key of a coding path that no `CodingKeys` names: an array index, or `super`.
private struct PathKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
