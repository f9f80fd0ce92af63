/// Others' text made harmless for a terminal: control characters, DEL, C1 controls and
/// bidirectional overrides become visible escapes (`\e`), so it cannot forge lines or colours.
public enum TerminalText {
    /// `text` with every such character escaped, line breaks included.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if !needsEscape(scalar) {
                escaped.unicodeScalars.append(scalar)
            } else if scalar == "\u{1B}" {
                escaped += "\\e"
            } else {
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL and C1
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional embeddings, overrides, isolates
        default: false
        }
    }
}
