/// A tree encodes as the JSON it is, and decodes from any JSON, so the store can keep records
/// in their wire form and the mapping pipeline can take Foundation's `JSONDecoder` as its input.
extension JSONValue: Codable {
    /// Reads any JSON value.
    ///
    /// A `Decoder` cannot say what kind of value it holds, so each kind is tried in turn, in the
    /// order a page of heroes holds them most (strings, then objects, arrays and integers): a
    /// miss costs a thrown `typeMismatch`. Any other error (a bad escape, a number outside JSON's
    /// grammar) is the body's fault and goes on unchanged, so it is reported as itself rather
    /// than as the last kind tried.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
            return
        }
        do {
            self = .string(try container.decode(String.self))
            return
        } catch DecodingError.typeMismatch {}
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(object.allKeys.count)
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count ?? 0)
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
            return
        }
        do {
            // A whole number spelled with a fraction or an exponent (`3.0`, `3e0`) is an integer.
            let number = try container.decode(Double.self)
            if number.rounded() == number, let integer = Int(exactly: number) {
                self = .integer(integer)
            } else {
                self = .number(number)
            }
        } catch {
            // Last, and rarest: a boolean. When it is not one either, the number's error says why.
            guard let flag = try? container.decode(Bool.self) else { throw error }
            self = .bool(flag)
        }
    }

    /// Writes the value as JSON.
    ///
    /// Objects and arrays go through keyed and unkeyed containers, their strings, numbers and
    /// nulls straight in: handing `JSONEncoder` a `[String: JSONValue]` whole costs it a dynamic
    /// cast and a box per value, twice the time of a store's shard.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: JSONKey.self)
            for (key, value) in members {
                let key = JSONKey(stringValue: key)
                switch value {
                case .string(let text): try container.encode(text, forKey: key)
                case .integer(let number): try container.encode(number, forKey: key)
                case .null: try container.encodeNil(forKey: key)
                default: try container.encode(value, forKey: key)
                }
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                switch element {
                case .string(let text): try container.encode(text)
                case .integer(let number): try container.encode(number)
                case .null: try container.encodeNil()
                default: try container.encode(element)
                }
            }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}

/// Any key of an object, for reading members by name.
private struct JSONKey: CodingKey, Hashable {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
