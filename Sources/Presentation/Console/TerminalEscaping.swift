/// Text made harmless for a terminal. A code name, a power, a team name or a server's error text
/// is data, and a terminal acts on some characters instead of showing them: an ESC sequence can
/// recolour the screen, move the cursor or retitle the window, a C1 control is an ESC sequence
/// of one character, and a bidirectional override makes text read in an order it was not
/// written in. Each such character is replaced by a visible escape (`\e`, `\u{9B}`, `\u{202E}`);
/// everything printable stays as it is.
///
/// It happens in two steps, with one rule:
/// - a view lays data out through `singleLine`, which escapes it, so the width code counts the
///   escaped form and a table stays aligned;
/// - `FileHandleOutputStream`, the one place text leaves for standard output or standard error,
///   escapes whatever reaches it but the views' own styling (`\r`, and CSI sequences of numbers
///   ending in `m` or `K`), so a line written without a view (a warning, a prompt) is safe too.
extension String {
    /// The text with every control character escaped; newlines and tabs stay when
    /// `keepingLineBreaks` (multi-line text).
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

    /// Whether a terminal would act on `scalar` rather than show it.
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

    /// The text as written to a stream: line breaks, `\r` and the views' own styling (CSI
    /// sequences of digits and `;` ending in `m` or `K`) stay; every other control is escaped.
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

    /// The index of the last scalar of a style sequence (`ESC [ digits-and-semicolons m|K`)
    /// starting at `start`, or `nil` when what starts there is anything else.
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
