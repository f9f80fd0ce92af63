import Foundation
import Network

/// A `Serializer` whose responses are `JSONValue` trees, parsed in one pass (`JSONParser`);
/// bodies are encoded as JSON with sorted keys, like `JSONSerializer`.
public struct JSONTreeSerializer: Serializer {
    private let fallback = JSONSerializer()

    /// A serializer; it holds no state.
    public init() {}

    /// `application/json`.
    public var contentType: String { "application/json" }

    /// Encodes `value` as JSON.
    public func encode<Value: Encodable>(_ value: Value) throws -> Data { try fallback.encode(value) }

    /// Parses `data` as a tree when `type` is `JSONValue`; decodes any other type as JSON.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        guard type == JSONValue.self else { return try fallback.decode(type, from: data) }
        guard let tree = try JSONParser.parse(data) as? Value else {
            throw MappingFailure("the tree is not a \(type)")
        }
        return tree
    }
}
