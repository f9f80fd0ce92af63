extension Character {
    /// Terminal columns: 2 for wide East Asian characters and emoji, 0 for controls, else 1.
    var displayWidth: Int {
        // Printable ASCII skips the Unicode property lookups, which showed in profiles.
        if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F { return 1 }
        return unicodeWidth
    }

    var unicodeWidth: Int {
        guard let first = unicodeScalars.first else { return 0 }
        if first.properties.generalCategory == .control || first.properties.generalCategory == .format {
            return 0
        }
        if first.properties.isEmojiPresentation || unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        return Self.wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
}

extension String {
    /// Counting by `Character`.
    var displayWidth: Int {
        // Printable ASCII is one column a byte and never joins its neighbours.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
        return reduce(0) { $0 + $1.displayWidth }
    }

    /// Ends in "…" when anything was cut.
    func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 0 else { return "" }
        var kept = ""
        var used = 0
        for character in self {
            let next = character.displayWidth
            guard used + next <= width - 1 else { break }
            kept.append(character)
            used += next
        }
        return kept + "…"
    }

    /// Cut or padded with spaces to exactly `width` columns.
    func fitted(toWidth width: Int) -> String {
        let cut = truncated(toWidth: width)
        return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
    }

    /// Breaks and tabs become spaces, other controls visible escapes, so a width counts what is
    /// shown.
    var singleLine: String {
        String(map { $0.isNewline || $0 == "\t" ? " " : $0 }).terminalEscaped()
    }
}
