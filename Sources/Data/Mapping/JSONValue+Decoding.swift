import Foundation

/// Data's one JSON reader: Foundation's `JSONDecoder`, into the tree.
extension JSONValue: Decodable {
    /// Throws when it is not JSON.
    public static func parse(_ data: Data) throws(MappingFailure) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            // Foundation's message differs per platform.
            throw MappingFailure("not JSON")
        }
    }

    /// A `Decoder` says no value's kind, so each is tried, the commonest first. A whole number
    /// within `exactIntegers` is an integer (`3.0` too); any other number is a `Double`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let integer = try? container.decode(Int.self) {
            self = Self.exactIntegers.contains(Int64(integer)) ? .integer(integer) : .number(Double(integer))
        } else if let number = try? container.decode(Double.self) {
            self =
                Int64(exactly: number).map { Self.exactIntegers.contains($0) } == true
                ? .integer(Int(number)) : .number(number)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(object.allKeys.count)
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
        } else {
            var elements = try decoder.unkeyedContainer()
            var array: [JSONValue] = []
            if let count = elements.count { array.reserveCapacity(count) }
            while !elements.isAtEnd { array.append(try elements.decode(JSONValue.self)) }
            self = .array(array)
        }
    }

    /// I-JSON's exact integers (RFC 7493 §2.2): ±(2^53 − 1); sums of two cannot overflow.
    public static let exactIntegers: ClosedRange<Int64> = -(1 << 53 - 1)...(1 << 53 - 1)

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
