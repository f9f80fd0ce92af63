import Foundation

/// Reads plist scalars strictly, so a boolean never passes for a number or back, on every platform.
public enum PlistValue {
    /// `<integer>` or `<real>`, not a boolean.
    public static func number(_ value: Any) -> Double? {
        guard !isBoolean(value) else { return nil }
        if let integer = value as? Int { return Double(integer) }
        return value as? Double
    }

    /// An `<integer>`, or a `<real>` with no fraction; not a boolean.
    public static func integer(_ value: Any) -> Int? {
        guard let number = number(value), number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    public static func boolean(_ value: Any) -> Bool? {
        guard isBoolean(value) else { return nil }
        return value as? Bool
    }

    private static func isBoolean(_ value: Any) -> Bool {
        // swift-corelibs gives `<true/>` as `Bool` (and `1 is Bool`); Darwin a CFBoolean of type "c".
        if type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }
}
