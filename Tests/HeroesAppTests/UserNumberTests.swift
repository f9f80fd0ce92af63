import Foundation
import Testing

@testable import HeroesApp

/// What the environment or a damaged picture hands the console's own drawing: never a trap, and
/// never a byte a terminal would act on.
@Suite("Sizes from the environment, and a picture's error text")
@MainActor
struct UserNumberTests {
    @Test(
        "COLUMNS and LINES outside a window's 1–65,535 are not a size",
        arguments: ["9223372036854775807", "-9223372036854775808", "0", "65536", "x"])
    func windowSize(value: String) {
        let terminal = Terminal(environment: ["COLUMNS": value, "LINES": value], color: .never)
        // The window's own size, if the test runs on one, stands in.
        let window = Terminal(environment: [:], color: .never)
        #expect(terminal.columns == window.columns && terminal.rows == window.rows)
        #expect(Terminal(environment: ["COLUMNS": "120", "LINES": "40"], color: .never).rows == 40)
    }

    /// A PNG's error quotes its chunk's type, four bytes the server chose: here CR, ESC `[` `K`,
    /// which would wipe the line and forge another.
    @Test("a damaged picture's error line is escaped whole")
    func escapedError() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += [0, 0, 0, 0] + [0x0D, 0x1B, 0x5B, 0x4B] + [0, 0, 0, 0]
        let lines = PictureDrawer.lines(for: Data(bytes), columns: 80)
        #expect(lines.count == 1)
        #expect(lines[0].hasPrefix("picture cannot be shown"), "\(lines)")
        #expect(!lines[0].unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(lines)")
    }
}
