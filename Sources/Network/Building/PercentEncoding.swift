/// Percent-encodes substituted values for the part of the URL they land in (RFC 3986).
enum PercentEncoding {
    /// All but `pchar` encoded, so `/`, `?`, `#`, `%` stay inside the segment.
    static func pathSegment(_ text: String) -> String { encode(text, keeping: pathSegmentExtras) }

    /// Only unreserved characters kept, so `&`, `=`, `+` cannot split it.
    static func queryComponent(_ text: String) -> String { encode(text, keeping: []) }

    private static let pathSegmentExtras: Set<UInt8> = Set("!$&'()*+,;=:@".utf8)
    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func encode(_ text: String, keeping extras: Set<UInt8>) -> String {
        let utf8 = text.utf8
        if utf8.allSatisfy({ isUnreserved($0) || extras.contains($0) }) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if isUnreserved(byte) || extras.contains(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
