import Foundation

/// A tree from `JSONSerialization`, which says each value's kind; a `Decoder` only tries guesses.
extension JSONValue {
    /// The tree of a JSON document; throws `MappingFailure` when it is not JSON.
    public static func parse(_ data: Data) throws(MappingFailure) -> JSONValue {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // Foundation's message differs per platform.
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
            self = .null  // NSNull
        }
    }

    /// A number: type `c` is a boolean, a whole number that fits an integer, else a Double.
    private static func number(_ number: NSNumber) -> JSONValue {
        let type = String(cString: number.objCType)
        if type == "c" { return .bool(number.boolValue) }
        if type != "d", type != "f", !(number is NSDecimalNumber) { return .integer(number.intValue) }
        let double = number.doubleValue
        if double.rounded() == double, let integer = Int(exactly: double) { return .integer(integer) }
        return .number(double)
    }
}
