import Foundation

/// A tree from Foundation's `JSONSerialization`, which reads a body in one pass and says what
/// kind each value is. `JSONDecoder` cannot (a `Decoder` only answers whether a guess was
/// right), so reading a page through it cost a thrown error per miss, three times the decode of
/// plain structs.
extension JSONValue {
    /// The tree of a JSON document; throws `MappingFailure` when it is not JSON (RFC 8259's
    /// grammar, as Foundation reads it: a repeated key keeps its last value).
    public static func parse(_ data: Data) throws(MappingFailure) -> JSONValue {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // Foundation gives no position on Linux, and other words on each platform.
            throw MappingFailure("not JSON")
        }
        return JSONValue(serialized: object)
    }

    /// The tree of what `JSONSerialization` made.
    init(serialized object: Any) {
        switch object {
        case let text as String:
            self = .string(text)
        case let members as [String: Any]:
            self = .object(members.mapValues(JSONValue.init(serialized:)))
        case let elements as [Any]:
            self = .array(elements.map(JSONValue.init(serialized:)))
        case let number as NSNumber:
            self = Self.number(number)
        default:
            self = .null  // NSNull, the only other thing JSONSerialization makes
        }
    }

    /// A number as the contract reads it: `true` and `false` are booleans (Foundation's boolean
    /// is an NSNumber of type `c`), a whole number that fits is an integer, anything else a Double.
    private static func number(_ number: NSNumber) -> JSONValue {
        let type = String(cString: number.objCType)
        if type == "c" { return .bool(number.boolValue) }
        if type != "d", type != "f", !(number is NSDecimalNumber) { return .integer(number.intValue) }
        let double = number.doubleValue
        if double.rounded() == double, let integer = Int(exactly: double) { return .integer(integer) }
        return .number(double)
    }
}
