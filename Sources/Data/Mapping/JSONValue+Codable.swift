/// Decodable, so any serializer can carry a tree (`JSONTreeSerializer` reads it directly).
extension JSONValue: Decodable {
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

}
