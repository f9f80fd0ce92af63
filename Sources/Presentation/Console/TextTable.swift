/// Left-aligned columns cut to a width: the widest give way first, a cut cell ends in "…".
struct TextTable {
    var headers: [String]
    /// One array per row, as many as there are headers.
    var rows: [[String]]

    static let gap = 2

    /// Header first, none wider than `style.width`.
    func render(style: ConsoleStyle) -> [String] {
        let widths = columnWidths(fitting: style.width)
        let header = line(headers, widths: widths) { style.paint($0, .bold) }
        return [header] + rows.map { line($0.map(\.singleLine), widths: widths) { $0 } }
    }

    private func columnWidths(fitting width: Int) -> [Int] {
        var widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column].singleLine : "" })
                .map(\.displayWidth).max() ?? 0
        }
        let available = max(widths.count, width - Self.gap * max(0, widths.count - 1))
        while widths.reduce(0, +) > available,
            let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
            widths[widest] > 1
        {
            widths[widest] -= 1
        }
        return widths
    }

    private func line(_ cells: [String], widths: [Int], paint: (String) -> String) -> String {
        var parts: [String] = []
        for (column, width) in widths.enumerated() {
            let cell = column < cells.count ? cells[column] : ""
            let isLast = column == widths.count - 1
            let fitted = isLast ? cell.truncated(toWidth: width) : cell.fitted(toWidth: width)
            parts.append(paint(fitted))
        }
        let text = parts.joined(separator: String(repeating: " ", count: Self.gap))
        return String(text.reversed().drop { $0 == " " }.reversed())
    }
}
