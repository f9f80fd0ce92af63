/// A tree encodes as the JSON it is, and decodes from any JSON, so the store can keep records
/// in their wire form.
extension JSONValue: Codable {
    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let members = try? container.decode([String: JSONValue].self) {
            self = .object(members)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .bool(try container.decode(Bool.self))
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
