import Foundation

/// JSON through Foundation's coders; RFC 3339 dates, and snake_case keys when asked.
public struct JSONSerializer: Serializer {
    public enum KeyStyle: Sendable {
        case asWritten
        /// `codeName` ↔ `code_name`.
        case snakeCase
    }

    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    public init(keys: KeyStyle = .asWritten) {
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        decoder.dateDecodingStrategy = .iso8601
        if keys == .snakeCase {
            encoder.keyEncodingStrategy = .convertToSnakeCase
            decoder.keyDecodingStrategy = .convertFromSnakeCase
        }
        self.encoder = encoder
        self.decoder = decoder
    }

    public var contentType: String { "application/json" }

    public func encode<Value: Encodable>(_ value: Value) throws -> Data { try encoder.encode(value) }

    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try decoder.decode(type, from: data)
    }
}
