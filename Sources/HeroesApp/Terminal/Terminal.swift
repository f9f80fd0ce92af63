import Foundation
import Presentation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a stream is a TTY, its width, and whether colour is welcome; views get a `ConsoleStyle`.
struct Terminal: Sendable {
    let outputIsTerminal: Bool
    let errorIsTerminal: Bool
    /// Standard output is coloured: `--color`, else a terminal without `NO_COLOR` or `TERM=dumb`.
    let outputUsesColor: Bool
    let errorUsesColor: Bool
    /// `COLUMNS` and `LINES`, when set: they win over the window's size.
    private let fixedColumns: Int?
    private let fixedRows: Int?

    init(environment: [String: String], color: ColorChoice) {
        outputIsTerminal = isatty(STDOUT_FILENO) == 1
        errorIsTerminal = isatty(STDERR_FILENO) == 1
        outputUsesColor = color.usesColor(isTerminal: outputIsTerminal, environment: environment)
        errorUsesColor = color.usesColor(isTerminal: errorIsTerminal, environment: environment)
        // A window's size is 16 bits; a value outside it is not one.
        let size = { (name: String) in
            environment[name].flatMap(Int.init).flatMap { (1...65_535).contains($0) ? $0 : nil }
        }
        fixedColumns = size("COLUMNS")
        fixedRows = size("LINES")
    }

    /// `COLUMNS`, else the window's width, asked at each use (it may be resized).
    var columns: Int? { fixedColumns ?? windowSize?.columns }

    var rows: Int? { fixedRows ?? windowSize?.rows }

    var outputStyle: ConsoleStyle {
        ConsoleStyle(
            width: columns ?? Self.unlimited, usesColor: outputUsesColor,
            isTerminal: outputIsTerminal)
    }

    var errorStyle: ConsoleStyle {
        ConsoleStyle(
            width: columns ?? 80, usesColor: errorUsesColor, isTerminal: errorIsTerminal)
    }

    /// A width no line reaches: output to a pipe or a file is never cut.
    private static let unlimited = 10_000

    /// A terminal that reports no size, or 0 (a serial line, some emulators), is taken as 80×24.
    private var windowSize: (columns: Int, rows: Int)? {
        let descriptor = outputIsTerminal ? STDOUT_FILENO : STDERR_FILENO
        guard outputIsTerminal || errorIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return (80, 24) }
        return (size.ws_col > 0 ? Int(size.ws_col) : 80, size.ws_row > 0 ? Int(size.ws_row) : 24)
    }
}
