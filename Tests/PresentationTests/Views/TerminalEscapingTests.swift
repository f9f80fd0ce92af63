import Domain
import Foundation
import TestSupport
import Testing

@testable import Presentation

@Suite("Terminal escaping: data shows, the terminal never acts on it")
struct TerminalEscapingTests {
    @Test(
        "each control a terminal acts on becomes a visible escape; the printable rest stays",
        arguments: [
            ("Evil\u{1B}[31mRed", #"Evil\e[31mRed"#),
            ("title\u{1B}]0;pwned\u{07}", #"title\e]0;pwned\u{7}"#),
            ("nul\u{0}del\u{7F}", #"nul\u{0}del\u{7F}"#),
            ("c1\u{9B}2J", #"c1\u{9B}2J"#),
            ("abc\u{202E}fed\u{2066}x\u{2069}", #"abc\u{202E}fed\u{2066}x\u{2069}"#),
            ("東京 🦊 e\u{301}", "東京 🦊 e\u{301}"),
            ("cr\rlf", #"cr\u{D}lf"#),
        ])
    func escapes(raw: String, shown: String) {
        #expect(raw.terminalEscaped() == shown)
    }

    @Test("multi-line text keeps its newlines and tabs, and single-line text makes them spaces")
    func lineBreaks() {
        #expect("a\nb\tc\u{1B}".terminalEscaped(keepingLineBreaks: true) == "a\nb\tc\\e")
        #expect("a\nb\tc\u{1B}".singleLine == #"a b c\e"#)
    }

    @Test("the stream keeps the views' colours, \\r and erase-line, and escapes every other control")
    func streamFilter() {
        let styled = "\u{1B}[1;33mstale\u{1B}[0m\r\u{1B}[K 45%\n"
        #expect(styled.terminalSafeOutput == styled)
        #expect("\u{1B}]0;pwned\u{07}".terminalSafeOutput == #"\e]0;pwned\u{7}"#)
        #expect("\u{1B}[2J\u{1B}[H".terminalSafeOutput == #"\e[2J\e[H"#, "no screen clear, no cursor move")
        #expect("\u{9B}31m\u{202E}".terminalSafeOutput == #"\u{9B}31m\u{202E}"#)
        #expect("\u{1B}".terminalSafeOutput == #"\e"#, "a lone ESC at the end")
    }

    @Test("a table counts the escaped form, so rows stay aligned")
    func tableAligns() {
        let table = TextTable(
            headers: ["ID", "CODE NAME", "TEAM"],
            rows: [["0001", "Evil\u{1B}[31mRed", "Dawn"], ["0002", "Plain", "Dusk"]])
        let lines = table.render(style: .plain)
        let teamColumn = lines.map { $0.ranges(of: "D").last?.lowerBound.utf16Offset(in: $0) }
        #expect(lines[1].contains(#"Evil\e[31mRed"#), "\(lines)")
        #expect(teamColumn[1] == teamColumn[2], "\(lines)")
    }

    @Test("a JSON line holds no raw control, and parses back to the exact string")
    func jsonEscapes() throws {
        let raw = "Evil\u{1B}[31m\u{7F}\u{9B}\u{202E}x"
        let text = JSONDocument.object(["code_name": .string(raw)]).text
        #expect(!text.unicodeScalars.contains { String.needsEscape($0, keepingLineBreaks: false) }, "\(text)")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        #expect(object?["code_name"] == raw)
    }

    @Test("an error message prints on one line, escaped")
    @MainActor
    func errorLine() {
        let buffer = TextBuffer()
        ConsoleErrorView(output: buffer).showError(
            ErrorViewModel(code: .notFound, message: "no such hero\u{1B}]0;pwned\u{07}\nsecond"))
        #expect(buffer.text == "error: no such hero\\e]0;pwned\\u{7} second [not_found]\n")
    }

    @Test("a JSON error carries the message exactly, escaped as JSON only")
    @MainActor
    func errorJSON() throws {
        let buffer = TextBuffer()
        let message = "no such hero\u{1B}[2J\nsecond"
        JSONErrorView(output: buffer).showError(ErrorViewModel(code: .notFound, message: message))
        #expect(!buffer.text.contains("\\e"), "\(buffer.text)")
        let object =
            try JSONSerialization.jsonObject(with: Data(buffer.text.utf8)) as? [String: [String: String]]
        #expect(object?["error"]?["message"] == message)
    }
}
