/// ESC sequences, C1 controls and bidi overrides from data become visible escapes (`\e`,
/// `\u{9B}`, `\u{202E}`). Views escape data through `singleLine`, so widths count the escaped
/// form; `FileHandleOutputStream` escapes anything else but the views' own styling.
extension String {
    /// Newlines and tabs kept when `keepingLineBreaks`.
    public func terminalEscaped(keepingLineBreaks: Bool = false) -> String {
        guard unicodeScalars.contains(where: { Self.needsEscape($0, keepingLineBreaks: keepingLineBreaks) })
        else { return self }
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if Self.needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) {
                escaped.append(contentsOf: Self.visibleEscape(of: scalar).unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL and C1
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional embeddings, overrides, isolates
        default: false
        }
    }

    /// `\e` for ESC, `\u{HEX}` for any other.
    static func visibleEscape(of scalar: Unicode.Scalar) -> String {
        scalar == "\u{1B}" ? "\\e" : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// Line breaks, `\r` and style sequences (`m`, `K`) kept, the rest escaped.
    var terminalSafeOutput: String {
        // Printable ASCII and line breaks, most of what is written, need no look.
        if utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) { return self }
        let scalars = Array(unicodeScalars)
        var kept = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = Self.styleSequenceEnd(in: scalars, from: index) {
                kept.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if scalar == "\r" || !Self.needsEscape(scalar, keepingLineBreaks: true) {
                kept.append(scalar)
            } else {
                kept.append(contentsOf: Self.visibleEscape(of: scalar).unicodeScalars)
            }
            index += 1
        }
        return String(kept)
    }

    /// The end of a style sequence (`ESC [ digits m|K`) at `start`, or nil.
    private static func styleSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == ";" {
            index += 1
        }
        guard index < scalars.count, scalars[index] == "m" || scalars[index] == "K" else { return nil }
        return index
    }
}
