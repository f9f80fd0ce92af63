/// An argument's encoded form as a tree, for `%N[team.id]` in any serializer's format.
enum EncodedValue: Decodable, Equatable {
    case null
    case bool(Bool)
    /// As the encoder wrote it.
    case number(String)
    case string(String)
    case array([EncodedValue])
    case object([String: EncodedValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(Double.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: EncodedValue].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([EncodedValue].self))
        }
    }

    /// Object keys by name, array elements by decimal index.
    func value(at keyPath: [String]) -> EncodedValue? {
        var current = self
        for key in keyPath {
            switch current {
            case .object(let members):
                guard let member = members[key] else { return nil }
                current = member
            case .array(let elements):
                guard let index = Int(key), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
