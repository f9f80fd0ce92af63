/// The `Idempotency-Key` request header of the IETF httpapi draft "The Idempotency-Key HTTP Header
/// Field": a Structured Field Item whose value is a String (RFC 8941 §3.3.3), such as
/// `"8e03978e-40d5-43e8-bc93-6894a57f9324"`.
enum IdempotencyKey {
    /// The longest key kept, in characters: a UUID takes 36, and the ledger holds every key.
    static let maximumLength = 255

    /// The header's name as docs/API.md spells it.
    static let fieldName = "Idempotency-Key"

    /// What a request's header fields say.
    enum Parsed: Equatable {
        /// No `Idempotency-Key`: the create runs as it always did.
        case absent
        /// The key, unquoted and unescaped.
        case key(String)
        /// A value that is not one quoted string of 1 to `maximumLength` characters: a sentence for the 400.
        case malformed(String)
    }

    /// The key a request carries. Parameters are refused, since the draft defines none, and so is
    /// a repeated header (an Item is one value, never a list).
    static func parse(_ fields: [HTTPField]) -> Parsed {
        let values = fields.filter { asciiCaseInsensitiveEqual($0.name, fieldName) }.map(\.value)
        guard let value = values.first else { return .absent }
        guard values.count == 1 else { return .malformed("\(fieldName) must be sent once") }
        guard let key = string(value) else {
            return .malformed(#"\#(fieldName) must be a quoted string, such as "8e03978e-…""#)
        }
        guard !key.isEmpty, key.count <= maximumLength else {
            return .malformed("\(fieldName) must hold 1 to \(maximumLength) characters")
        }
        return .key(key)
    }

    /// The content of an sf-string: `DQUOTE *( %x20-21 / %x23-5B / %x5D-7E / "\" ( DQUOTE / "\" ) ) DQUOTE`,
    /// with the spaces RFC 8941 §4.2 lets a parser discard around it, and nothing else.
    static func string(_ value: String) -> String? {
        var bytes = Substring(value).utf8.drop { $0 == UInt8(ascii: " ") }
        while bytes.last == UInt8(ascii: " ") { bytes = bytes.dropLast() }
        guard bytes.first == UInt8(ascii: "\""), bytes.count >= 2 else { return nil }
        var content: [UInt8] = []
        var index = bytes.index(after: bytes.startIndex)
        while index < bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            switch byte {
            case UInt8(ascii: "\""):
                // The closing quote must be the last byte.
                return index == bytes.endIndex ? String(decoding: content, as: UTF8.self) : nil
            case UInt8(ascii: "\\"):
                guard index < bytes.endIndex,
                    bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "\\")
                else { return nil }
                content.append(bytes[index])
                index = bytes.index(after: index)
            case 0x20...0x7E:
                content.append(byte)
            default:
                return nil
            }
        }
        return nil
    }
}
