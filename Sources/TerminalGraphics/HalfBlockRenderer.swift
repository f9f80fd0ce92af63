/// Draws with `▀`, two pixels a cell (foreground on top), in 24-bit colour; each line resets colours.
public struct HalfBlockRenderer: Sendable {
    /// In columns.
    public let columns: Int
    /// In lines; `nil` for no limit.
    public let rows: Int?

    /// Each 1 to 65,535, a window's range, so no product of them overflows.
    public init(columns: Int, rows: Int? = nil) {
        self.columns = min(max(1, columns), 65_535)
        self.rows = rows.map { min(max(1, $0), 65_535) }
    }

    /// Averaged down to fit, shape kept, never enlarged; transparency over black.
    public func render(_ image: RGBAImage) -> [String] {
        // A line holds two pixel rows.
        let widthForRows = rows.map { max(1, 2 * $0 * image.width / max(1, image.height)) } ?? Int.max
        let width = max(1, min(columns, image.width, widthForRows))
        let scale = Double(image.width) / Double(width)
        var pixelRows = max(1, Int((Double(image.height) / scale).rounded()))
        // A picture too thin to narrow further still fits the rows; its shape gives way.
        if let rows { pixelRows = min(pixelRows, 2 * rows) }
        let height = pixelRows + pixelRows % 2
        var lines: [String] = []
        for row in stride(from: 0, to: height, by: 2) {
            var line = ""
            for column in 0..<width {
                let top = average(image, column: column, row: row, scale: scale, rows: pixelRows) ?? (0, 0, 0)
                let bottom = average(image, column: column, row: row + 1, scale: scale, rows: pixelRows)
                line += "\u{1B}[38;2;\(top.0);\(top.1);\(top.2)m"
                line += bottom.map { "\u{1B}[48;2;\($0.0);\($0.1);\($0.2)m" } ?? "\u{1B}[49m"
                line += "▀"
            }
            lines.append(line + "\u{1B}[0m")
        }
        return lines
    }

    /// Output pixel (`column`, `row`); nil below the last row.
    private func average(
        _ image: RGBAImage, column: Int, row: Int, scale: Double, rows: Int
    ) -> (Int, Int, Int)? {
        guard row < rows else { return nil }
        let yScale = Double(image.height) / Double(rows)
        let x0 = Int(Double(column) * scale)
        let x1 = max(x0 + 1, min(image.width, Int(Double(column + 1) * scale)))
        let y0 = Int(Double(row) * yScale)
        let y1 = max(y0 + 1, min(image.height, Int(Double(row + 1) * yScale)))
        var sums = (0, 0, 0)
        for y in y0..<min(y1, image.height) {
            for x in x0..<min(x1, image.width) {
                let pixel = image.pixel(x: x, y: y)
                let alpha = Int(pixel.alpha)
                sums.0 += Int(pixel.red) * alpha / 255
                sums.1 += Int(pixel.green) * alpha / 255
                sums.2 += Int(pixel.blue) * alpha / 255
            }
        }
        let count = max(1, (min(y1, image.height) - y0) * (min(x1, image.width) - x0))
        return (sums.0 / count, sums.1 / count, sums.2 / count)
    }
}
