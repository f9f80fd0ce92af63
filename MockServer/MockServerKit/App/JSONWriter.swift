/// Writes JSON (RFC 8259) straight into bytes, in a fixed key order, so equal values give equal bytes.
struct JSONWriter {
    /// The JSON written so far.
    private(set) var bytes: [UInt8] = []

    /// Appends literal JSON text (punctuation, keys known to need no escaping).
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends JSON that is already encoded.
    mutating func append(_ encoded: [UInt8]) {
        bytes.append(contentsOf: encoded)
    }

    /// Appends a quoted, escaped string.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a string or `null`.
    mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// Appends `"key":` for a key that needs no escaping.
    mutating func key(_ name: String) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: "\":".utf8)
    }

    /// Appends a JSON array of strings.
    mutating func strings(_ values: [String]) {
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(",") }
            string(value)
        }
        raw("]")
    }
}
