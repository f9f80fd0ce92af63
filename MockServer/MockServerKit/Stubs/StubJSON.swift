import Foundation

/// A JSON value of the stubs, as `JSONSerialization` reads it, as a Sendable tree: mappings are
/// decoded from it, bodies are compared as it, and JSONPath walks it. (Named for its job: the
/// `Data` module's `JSONValue` is the app's, and the mock server depends on no app module.)
enum StubJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case array([StubJSON])
    case object([String: StubJSON])

    /// Parses JSON text (any value at the top, not only objects); nil when it is not JSON.
    init?(parsing bytes: some Sequence<UInt8>) {
        guard
            let object = try? JSONSerialization.jsonObject(
                with: Data(bytes), options: [.fragmentsAllowed])
        else { return nil }
        self.init(foundation: object)
    }

    /// The value of a Foundation object made by `JSONSerialization`.
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

    /// The value as a Foundation object `JSONSerialization` can write.
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

    /// The value as JSON text, keys sorted so equal values give equal bytes.
    var serialized: [UInt8] {
        let data = try? JSONSerialization.data(
            withJSONObject: foundation, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        return data.map { Array($0) } ?? Array("null".utf8)
    }

    /// The value as text for a string matcher: a string as it is, anything else as its JSON.
    var text: String {
        if case .string(let value) = self { return value }
        return String(decoding: serialized, as: UTF8.self)
    }

    /// The number, for comparisons; nil for anything else.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// A member of an object; nil for anything else or a missing key.
    subscript(key: String) -> StubJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The name of the value's kind, for error messages.
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
