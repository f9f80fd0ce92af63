import Testing

@testable import Presentation

@Suite("Display width and truncation")
struct DisplayWidthTests {
    @Test(
        "characters count by display: wide CJK and emoji take two columns, combining marks none",
        arguments: [
            ("Night Owl", 9), ("東京", 4), ("🦊", 2), ("e\u{301}", 1), ("👩‍🚀", 2), ("❤️", 2), ("1", 1), ("", 0),
        ]
    )
    func widths(text: String, width: Int) {
        #expect(text.displayWidth == width)
    }

    @Test("every ASCII character is as wide as its Unicode properties say, quick path or not")
    func asciiAgreesWithUnicode() {
        for value in 0..<128 {
            let character = Character(Unicode.Scalar(UInt8(value)))
            #expect(character.displayWidth == character.unicodeWidth, "U+\(value)")
            #expect(String(character).displayWidth == character.unicodeWidth, "U+\(value)")
        }
        #expect("#\u{FE0F}\u{20E3}".displayWidth == 2, "a keycap starts with ASCII but is an emoji")
        #expect("a\r\nb".displayWidth == 2)
    }

    @Test(
        "truncation keeps what fits and ends in an ellipsis",
        arguments: [
            ("Night Owl", 9, "Night Owl"), ("Night Owl", 8, "Night O…"), ("東京 Kitsune", 4, "東…"),
            ("東京 Kitsune", 3, "東…"), ("🦊🦊", 3, "🦊…"), ("abc", 1, "…"), ("abc", 0, ""),
        ]
    )
    func truncation(text: String, width: Int, expected: String) {
        #expect(text.truncated(toWidth: width) == expected)
        #expect(expected.displayWidth <= width)
    }

    @Test("a table never exceeds the width, however narrow")
    func tableFits() {
        let table = TextTable(headers: ["ID", "NAME"], rows: [["0007", "東京 Kitsune 🦊 with a long tail"]])
        for width in [8, 12, 20, 40] {
            for line in table.render(style: ConsoleStyle(width: width)) {
                #expect(line.displayWidth <= width, "\(width): \(line)")
            }
        }
    }
}
