import Foundation

/// `JSONSerialization` says each value's kind; a `Decoder` only tries guesses.
extension JSONValue {
    /// Throws when it is not JSON.
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

    /// Type `c` is a boolean, a whole number within `exactIntegers` an integer, else a Double.
    private static func number(_ number: NSNumber) -> JSONValue {
        let type = String(cString: number.objCType)
        if type == "c" { return .bool(number.boolValue) }
        let double = number.doubleValue
        let whole: Int64? =
            if type == "Q" {
                Int64(exactly: number.uint64Value)  // past Int64.max: its int64Value wraps
            } else if type != "d", type != "f", !(number is NSDecimalNumber) {
                number.int64Value
            } else {
                double.rounded() == double ? Int64(exactly: double) : nil
            }
        if let whole, exactIntegers.contains(whole) { return .integer(Int(whole)) }
        return .number(double)
    }

    /// I-JSON's exact integers (RFC 7493 §2.2): ±(2^53 − 1); sums of two cannot overflow.
    public static let exactIntegers: ClosedRange<Int64> = -(1 << 53 - 1)...(1 << 53 - 1)
}
