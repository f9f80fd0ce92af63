/// The bounds on a request body that JSON matchers (`equalToJson`, `matchesJsonPath`) parse, so
/// that parsing one costs a bounded time and memory: beyond them the body is not parsed, the
/// request matches no JSON pattern, and its near miss says why.
enum JSONBodyLimits {
    /// The largest body parsed as JSON: 1 MiB.
    static let maximumBytes = 1 << 20
    /// The deepest nesting of arrays and objects parsed.
    static let maximumDepth = 64
    /// The most values (array items and object members) parsed: the parse's cost grows with
    /// them more than with bytes (a 1 MiB array of digits takes over half a second).
    static let maximumValues = 50_000

    /// Why `body` is not parsed as JSON, or nil when it is within the bounds. The depth is found
    /// and values are counted in one pass over the bytes, skipping strings, before any parser
    /// sees them.
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
