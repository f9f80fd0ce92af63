/// Bounds on a body the JSON matchers parse, so a parse costs bounded time and memory;
/// beyond them no JSON pattern matches, and the near miss says why.
enum JSONBodyLimits {
    static let maximumBytes = 1 << 20
    static let maximumDepth = 64
    /// Cost grows with values more than bytes (a 1 MiB array of digits takes over 0.5 s).
    static let maximumValues = 50_000

    /// Why `body` is not parsed, or nil; one pass over the bytes before any parser sees them.
    static func refusal(_ body: [UInt8]) -> String? {
        if body.count > maximumBytes {
            return "the body is \(body.count) bytes, over the \(maximumBytes)-byte limit for JSON matching"
        }
        var depth = 0
        var values = 0
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumDepth {
                    return "the body nests deeper than \(maximumDepth) levels, the limit for JSON matching"
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ","):
                values += 1
                if values >= maximumValues {
                    return "the body holds over \(maximumValues) values, the limit for JSON matching"
                }
            default: break
            }
        }
        return nil
    }
}
