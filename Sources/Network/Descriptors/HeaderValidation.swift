import Foundation

/// RFC 9110 tokens for names; no control characters in values (a CR or LF starts a header).
enum HeaderValidation {
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        let character = Character(scalar)
        return character.isLetter || character.isNumber || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }

    /// nil when `value` can be sent.
    static func problem(in value: String) -> String? {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\r", "\n": return "contains a CR or LF, which would end the header"
            case "\t": continue
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                return "contains the control character U+\(String(scalar.value, radix: 16, uppercase: true))"
            default: continue
            }
        }
        return nil
    }
}
