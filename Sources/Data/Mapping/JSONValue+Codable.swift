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
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
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
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// Any key of an object, for reading its members without knowing them.
private struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
