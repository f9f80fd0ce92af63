/// Comments in mapping files (WireMock allows them) become spaces, newlines kept, so the
/// strict parser sees the same offsets.
enum JSONComments {
    static func strip(_ bytes: [UInt8]) -> [UInt8] {
        let (slash, star, quote, backslash, newline) = (
            UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n")
        )
        // Most files have none: no copy then.
        guard bytes.contains(slash) else { return bytes }
        var output = bytes
        var index = 0
        var inString = false
        while index < output.count {
            let byte = output[index]
            if inString {
                if byte == backslash {
                    index += 1
                } else if byte == quote {
                    inString = false
                }
            } else if byte == quote {
                inString = true
            } else if byte == slash, index + 1 < output.count, output[index + 1] == slash {
                while index < output.count, output[index] != newline {
                    output[index] = UInt8(ascii: " ")
                    index += 1
                }
                continue
            } else if byte == slash, index + 1 < output.count, output[index + 1] == star {
                // An unclosed comment is left as it is, for the parser to refuse.
                var end = index + 2
                while end + 1 < output.count, !(output[end] == star && output[end + 1] == slash) { end += 1 }
                guard end + 1 < output.count else { return output }
                for blank in index...(end + 1) where output[blank] != newline {
                    output[blank] = UInt8(ascii: " ")
                }
                index = end + 2
                continue
            }
            index += 1
        }
        return output
    }
}
