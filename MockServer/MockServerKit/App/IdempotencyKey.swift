/// The `Idempotency-Key` header (IETF httpapi draft): a Structured Field String Item
/// (RFC 8941 §3.3.3), such as `"8e03978e-40d5-43e8-bc93-6894a57f9324"`.
enum IdempotencyKey {
    /// In characters: a UUID takes 36, and the ledger holds every key.
    static let maximumLength = 255

    static let fieldName = "Idempotency-Key"

    enum Parsed: Equatable {
        /// No header: an ordinary create.
        case absent
        /// Unquoted and unescaped.
        case key(String)
        /// Not one quoted string of 1 to `maximumLength` characters: the 400's sentence.
        case malformed(String)
    }

    /// Refuses parameters (the draft defines none) and a repeated header (an Item is one value).
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
    /// with only the spaces RFC 8941 §4.2 lets a parser discard around it.
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
