/// Codable, so any serializer can carry a tree.
extension JSONValue: Codable {
    /// Reads any JSON value; `3.0` is an integer.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self =
                number.rounded() == number
                ? Int(exactly: number).map(Self.integer) ?? .number(number) : .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let members = try? container.decode([String: JSONValue].self) {
            self = .object(members)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    /// Writes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let integer): try container.encode(integer)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}
