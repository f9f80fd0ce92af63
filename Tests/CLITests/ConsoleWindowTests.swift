import Foundation
import Testing

extension CLITests {
    @Suite(
        "The console and the window: it lays out for the size the window has now",
        .enabled(if: PseudoTerminal.python != nil, "python3 runs the pseudo-terminal"))
    struct ConsoleWindowTests {
        /// The widest line of `text` between `start` and `end`, in characters, escapes left out.
        static func widest(_ text: Substring) -> Int {
            let plain = text.replacingOccurrences(
                of: "\u{1B}\\[[0-9;]*[mK]", with: "", options: .regularExpression)
            return plain.split(whereSeparator: \.isNewline).map(\.count).max() ?? 0
        }

        @Test("after a resize the next page is laid out for the new width")
        func reflows() async throws {
            let run = try await PseudoTerminal.converse(
                try CLI(), [], columns: 120, rows: 40,
                turns: [
                    .init(waitFor: "heroes> ", columns: 50, rows: 40, line: "n"),
                    .init(waitFor: "heroes> ", line: "q"),
                ])
            #expect(run.status == 0, "\(run)")
            let pages = run.stdout.components(separatedBy: "heroes> ")
            try #require(pages.count >= 3, "\(run)")
            #expect(Self.widest(pages[0][...]) > 60, "the first page is wide: \(pages[0])")
            #expect(Self.widest(pages[1][...]) <= 50, "the next one fits 50 columns: \(pages[1])")
        }

        @Test("a hero's picture fits the window's height too, so the card stays on the screen")
        func pictureFitsHeight() async throws {
            let run = try await PseudoTerminal.converse(
                try CLI(), [], columns: 120, rows: 40,
                turns: [.init(waitFor: "heroes> ", line: "0007"), .init(waitFor: "hero 0007> ", line: "q")])
            #expect(run.status == 0, "\(run)")
            let drawn = run.stdout.split(whereSeparator: \.isNewline).filter { $0.contains("▀") }
            #expect(!drawn.isEmpty, "the picture was drawn: \(run)")
            #expect(drawn.count <= 30, "at most the 40 rows less the card and prompt: \(drawn.count)")
        }
    }
}
