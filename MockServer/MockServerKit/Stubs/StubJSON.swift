import Foundation

/// A stub's JSON as a Sendable tree: mappings decode from it, bodies compare as it, JSONPath
/// walks it. Not `Data`'s `JSONValue`: the mock server depends on no app module.
enum StubJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case array([StubJSON])
    case object([String: StubJSON])

    /// Any value at the top; nil when not JSON.
    init?(parsing bytes: some Sequence<UInt8>) {
        guard
            let object = try? JSONSerialization.jsonObject(
                with: Data(bytes), options: [.fragmentsAllowed])
        else { return nil }
        self.init(foundation: object)
    }

    init(foundation object: Any) {
        switch object {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            // JSON `true` bridges to the number 1 too; a boolean is told by its C type.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else if let exact = object as? Int {
                self = .integer(exact)
            } else {
                self = .double(number.doubleValue)
            }
        case let array as [Any]:
            self = .array(array.map(StubJSON.init(foundation:)))
        case let dictionary as [String: Any]:
            self = .object(dictionary.mapValues(StubJSON.init(foundation:)))
        default:
            self = .null
        }
    }

    var foundation: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): NSNumber(value: value)
        case .integer(let value): NSNumber(value: value)
        case .double(let value): NSNumber(value: value)
        case .string(let value): value
        case .array(let values): values.map(\.foundation)
        case .object(let members): members.mapValues(\.foundation)
        }
    }

    /// JSON text, keys sorted so equal values give equal bytes.
    var serialized: [UInt8] {
        let data = try? JSONSerialization.data(
            withJSONObject: foundation, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        return data.map { Array($0) } ?? Array("null".utf8)
    }

    /// For a string matcher: a string as it is, anything else as JSON.
    var text: String {
        if case .string(let value) = self { return value }
        return String(decoding: serialized, as: UTF8.self)
    }

    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    subscript(key: String) -> StubJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// For error messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
