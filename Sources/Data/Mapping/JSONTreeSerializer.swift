import Foundation
import Network

/// The `Serializer` of the mapping pipeline's bodies: a `WireBody` (a page of records, say) is
/// read by Foundation's `JSONDecoder` in its mapping's terms, a `JSONValue` tree by Foundation's
/// `JSONSerialization`; bodies are encoded as JSON with sorted keys, like `JSONSerializer`.
public struct JSONTreeSerializer: Serializer {
    private let fallback = JSONSerializer()

    /// A serializer; it holds no state.
    public init() {}

    /// `application/json`.
    public var contentType: String { "application/json" }

    /// Encodes `value` as JSON.
    public func encode<Value: Encodable>(_ value: Value) throws -> Data { try fallback.encode(value) }

    /// Decodes `data` as JSON. A body that does not decode fails with `MappingFailure` saying
    /// what Foundation found wrong, so the pipeline's callers see one kind of failure for a bad
    /// body whether it is bad as JSON or as heroes.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        if type == JSONValue.self, let tree = try JSONValue.parse(data) as? Value { return tree }
        do {
            return try fallback.decode(type, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw MappingFailure("not JSON")  // as a tree's parse says it
        } catch let error as DecodingError {
            throw MappingFailure(Self.reason(error))
        }
    }

    /// Foundation's own words, and the key path of the value it refused when it names one
    /// (a string or number inside an otherwise well-formed body). Foundation on Linux gives no
    /// line or column for a syntax error.
    static func reason(_ error: DecodingError) -> String {
        let context: DecodingError.Context? =
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
                .keyNotFound(_, let context):
                context
            @unknown default: nil
            }
        guard let context else { return "\(error)" }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        return path.isEmpty
            ? context.debugDescription : "\(context.debugDescription) (at \(path.joined(separator: ".")))"
    }
}
