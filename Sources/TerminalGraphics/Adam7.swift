/// The seven passes of Adam7 interlacing, or the one pass of a plain picture.
enum Adam7 {
    /// Every `dx`-th column from `x0` and every `dy`-th row from `y0`.
    struct Pass: Sendable, Equatable {
        let x0: Int
        let y0: Int
        let dx: Int
        let dy: Int
        let width: Int
        let height: Int
    }

    private static let grid: [(x0: Int, y0: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// The passes that hold pixels, in storage order.
    static func passes(width: Int, height: Int, interlaced: Bool) -> [Pass] {
        guard interlaced else { return [Pass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)] }
        return grid.compactMap { cell in
            let passWidth = (width - cell.x0 + cell.dx - 1) / cell.dx
            let passHeight = (height - cell.y0 + cell.dy - 1) / cell.dy
            guard passWidth > 0, passHeight > 0 else { return nil }
            return Pass(
                x0: cell.x0, y0: cell.y0, dx: cell.dx, dy: cell.dy, width: passWidth, height: passHeight)
        }
    }
}
