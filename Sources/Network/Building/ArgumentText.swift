import Foundation

/// The text a placeholder stands for: an argument, or a key of its encoded form.
struct ArgumentText {
    let serializer: any Serializer
    let endpoint: String

    /// nil when the value is absent (`nil`, or JSON null).
    func text(for argument: any Encodable & Sendable, index: Int, keyPath: [String]) throws(NetworkError)
        -> String?
    {
        if let optional = argument as? any OptionalArgument, optional.isNone { return nil }
        if keyPath.isEmpty, let text = Self.plainText(argument) { return text }
        if argument is Data {
            throw .encoding("\(endpoint): argument \(index) is Data, which can only be a body")
        }
        let tree: EncodedValue
        do {
            tree = try serializer.decode(EncodedValue.self, from: serializer.encode(argument))
        } catch {
            throw .encoding("\(endpoint): argument \(index) cannot be encoded: \(error)")
        }
        let place =
            keyPath.isEmpty ? "argument \(index)" : "argument \(index) [\(keyPath.joined(separator: "."))]"
        guard let value = tree.value(at: keyPath) else {
            throw .encoding("\(endpoint): \(place) has no such key")
        }
        switch value {
        case .null: return nil
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text), .string(let text): return text
        case .array, .object: throw .encoding("\(endpoint): \(place) is not a single value")
        }
    }

    /// Common scalars skip the serializer (a call's fast path).
    private static func plainText(_ argument: any Encodable & Sendable) -> String? {
        switch argument {
        case let text as String: text
        case let number as Int: String(number)
        case let flag as Bool: flag ? "true" : "false"
        case let uuid as UUID: uuid.uuidString
        case let url as URL: url.absoluteString
        case let value as any LosslessStringConvertible & Encodable:
            value.description
        default: nil
        }
    }
}

/// Lets a placeholder see `nil` whatever the wrapped type.
protocol OptionalArgument {
    var isNone: Bool { get }
}

extension Optional: OptionalArgument {
    var isNone: Bool { self == nil }
}
