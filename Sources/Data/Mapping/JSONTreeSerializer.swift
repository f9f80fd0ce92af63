import Foundation
import Network

/// The `Serializer` of the mapping pipeline's bodies: every body is read by Foundation's
/// `JSONSerialization` into one `JSONValue` tree, the one way from bytes to a hero; bodies sent
/// (and any other model) go through `JSONSerializer`.
public struct JSONTreeSerializer: Serializer {
    private let json = JSONSerializer()

    /// A serializer; it holds no state.
    public init() {}

    /// `application/json`.
    public var contentType: String { "application/json" }

    /// Encodes `value` as JSON.
    public func encode<Value: Encodable>(_ value: Value) throws -> Data { try json.encode(value) }

    /// Decodes `data` as a `JSONValue` tree; a body that is not JSON fails with `MappingFailure`,
    /// as a body that is not heroes does, so callers see one kind of failure for both.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        if type == JSONValue.self, let tree = try JSONValue.parse(data) as? Value { return tree }
        return try json.decode(type, from: data)
    }
}
