import Foundation
import Network

/// Reads bodies into `JSONValue` trees for the pipeline; sent bodies go through `JSONSerializer`.
package struct JSONTreeSerializer: Serializer {
    private let json = JSONSerializer()

    package init() {}

    package var contentType: String { "application/json" }

    package func encode<Value: Encodable>(_ value: Value) throws -> Data { try json.encode(value) }

    /// Non-JSON fails with `MappingFailure`, like a body of non-heroes.
    package func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        if type == JSONValue.self, let tree = try JSONValue.parse(data) as? Value { return tree }
        return try json.decode(type, from: data)
    }
}
