struct RequestHead {
    var method: String
    /// Origin form or absolute form, as sent.
    var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1 (later 1.x minors are answered as 1.1).
    var minorVersion: Int
    var fields: [HTTPField]

    func value(_ name: String) -> String? {
        fields.first { asciiCaseInsensitiveEqual($0.name, name) }?.value
    }

    func values(_ name: String) -> [String] {
        fields.compactMap { asciiCaseInsensitiveEqual($0.name, name) ? $0.value : nil }
    }
}

/// Without allocating, over contiguous bytes when the strings have them: this runs several
/// times per request.
func asciiCaseInsensitiveEqual(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let contiguous = lhs.utf8.withContiguousStorageIfAvailable { left in
        rhs.utf8.withContiguousStorageIfAvailable { right in
            for index in 0..<left.count where lower(left[index]) != lower(right[index]) { return false }
            return true
        }
    }
    if let contiguous, let equal = contiguous { return equal }
    return zip(lhs.utf8, rhs.utf8).allSatisfy { lower($0) == lower($1) }
}

extension Substring {
    /// Whether it starts with `prefix`, byte for byte: no character breaking, for paths (ASCII)
    /// checked per request.
    func hasBytePrefix(_ prefix: String) -> Bool {
        // Over the whole string's contiguous bytes: `Substring.UTF8View`'s own element access
        // and contiguous view are several times slower.
        let whole = base.utf8
        let start = whole.distance(from: whole.startIndex, to: startIndex)
        let length = whole.distance(from: startIndex, to: endIndex)
        let compared = whole.withContiguousStorageIfAvailable { bytes in
            prefix.utf8.withContiguousStorageIfAvailable { wanted in
                length >= wanted.count
                    && Bytes.equal(UnsafeBufferPointer(rebasing: bytes[start..<start + wanted.count]), wanted)
            }
        }
        if let compared, let starts = compared { return starts }
        return utf8.starts(with: prefix.utf8)
    }
}

private func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
}

/// Byte classes of RFC 9110.
enum ByteClass {
    /// `tchar`: a token's characters (method, field name).
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// HTAB, visible ASCII, space, or obs-text.
    static func isFieldValue(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }
}
