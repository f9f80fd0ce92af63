import Foundation

/// Turns values into body bytes and back; registered by name, named by a descriptor.
public protocol Serializer: Sendable {
    /// Such as `application/json`.
    var contentType: String { get }

    func encode<Value: Encodable>(_ value: Value) throws -> Data

    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value
}
