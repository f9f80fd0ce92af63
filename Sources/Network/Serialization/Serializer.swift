import Foundation

/// Turns values into body bytes and back; registered by name, named by a descriptor.
public protocol Serializer: Sendable {
    /// The `Content-Type` of bodies this serializer makes, such as `application/json`.
    var contentType: String { get }

    /// Encodes `value` as a request body.
    func encode<Value: Encodable>(_ value: Value) throws -> Data

    /// Decodes a response body as `type`.
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value
}
