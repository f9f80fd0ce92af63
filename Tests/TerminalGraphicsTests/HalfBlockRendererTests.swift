import TerminalGraphics
import Testing

@Suite("Half-block drawing")
struct HalfBlockRendererTests {
    @Test("two pixel rows make one line: top as foreground, bottom as background, transparent as black")
    func twoRowsPerLine() {
        let image = RGBAImage(
            width: 2, height: 3,
            pixels: [
                255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 255, 40, 50, 60, 255, 90, 90, 90,
                0,
            ])
        let lines = HalfBlockRenderer(columns: 80).render(image)
        #expect(
            lines == [
                "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀\u{1B}[38;2;0;255;0m\u{1B}[48;2;10;20;30m▀\u{1B}[0m",
                "\u{1B}[38;2;40;50;60m\u{1B}[49m▀\u{1B}[38;2;0;0;0m\u{1B}[49m▀\u{1B}[0m",
            ])
    }

    @Test("a picture wider than the terminal is averaged down to its columns, keeping its shape")
    func scaledToWidth() {
        let pixels: [UInt8] = (0..<(128 * 128)).flatMap { index -> [UInt8] in
            [index % 128 < 64 ? 0 : 200, 0, 0, 255]
        }
        let lines = HalfBlockRenderer(columns: 32).render(RGBAImage(width: 128, height: 128, pixels: pixels))
        #expect(lines.count == 16)
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 32 })
        #expect(lines[0].hasPrefix("\u{1B}[38;2;0;0;0m"))
        #expect(lines[0].contains("\u{1B}[38;2;200;0;0m"))
        #expect(
            HalfBlockRenderer(columns: 500).render(
                RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 9, count: 64))
            ).count == 2)
    }

    @Test("a picture taller than the rows left is scaled down to fit them too, keeping its shape")
    func scaledToHeight() {
        let square = RGBAImage(width: 128, height: 128, pixels: [UInt8](repeating: 90, count: 128 * 128 * 4))
        // At 120×40 with 30 rows left: 60 columns, 30 lines, not 120 columns and 60 lines.
        let lines = HalfBlockRenderer(columns: 120, rows: 30).render(square)
        #expect(lines.count == 30)
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 60 })
        let wide = RGBAImage(width: 200, height: 50, pixels: [UInt8](repeating: 90, count: 200 * 50 * 4))
        #expect(HalfBlockRenderer(columns: 80, rows: 30).render(wide).count == 10, "the width binds first")
    }

    @Test("a picture one pixel wide and 4096 tall still fits the rows it is given")
    func thinPictureFitsTheRows() {
        let pixels = [UInt8](repeating: 255, count: 4 * 4096)
        let lines = HalfBlockRenderer(columns: 80, rows: 40).render(
            RGBAImage(width: 1, height: 4096, pixels: pixels))
        #expect(lines.count == 40)
    }

    /// `COLUMNS` and `LINES` are the environment's: a size past a window's 16 bits is taken as
    /// the largest window, so `2 * rows * width` cannot overflow.
    @Test("columns and rows at Int.max draw a picture at its own size, without trapping")
    func hugeSize() {
        let image = RGBAImage(width: 8, height: 8, pixels: [UInt8](repeating: 200, count: 8 * 8 * 4))
        let lines = HalfBlockRenderer(columns: .max, rows: .max).render(image)
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 8 })
    }
}
