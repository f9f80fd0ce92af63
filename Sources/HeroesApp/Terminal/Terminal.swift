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
    /// Standard output is a terminal.
    let outputIsTerminal: Bool
    /// Standard error is a terminal.
    let errorIsTerminal: Bool
    /// Standard output is coloured: `--color`, else a terminal without `NO_COLOR` or `TERM=dumb`.
    let outputUsesColor: Bool
    /// Standard error is coloured, by the same rule.
    let errorUsesColor: Bool
    /// `COLUMNS` and `LINES`, when set: they win over the window's size.
    private let fixedColumns: Int?
    private let fixedRows: Int?

    /// Reads the process's own terminal and environment; `color` says when to colour.
    init(environment: [String: String], color: ColorChoice) {
        outputIsTerminal = isatty(STDOUT_FILENO) == 1
        errorIsTerminal = isatty(STDERR_FILENO) == 1
        outputUsesColor = color.usesColor(isTerminal: outputIsTerminal, environment: environment)
        errorUsesColor = color.usesColor(isTerminal: errorIsTerminal, environment: environment)
        fixedColumns = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        fixedRows = environment["LINES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// `COLUMNS`, else the width now (asked at each use: the window may be resized), else none.
    var columns: Int? { fixedColumns ?? windowSize?.columns }

    /// Rows: `LINES` when set, else the terminal's height now, else none.
    var rows: Int? { fixedRows ?? windowSize?.rows }

    /// The style for standard output.
    var outputStyle: ConsoleStyle {
        ConsoleStyle(
            width: columns ?? Self.unlimited, usesColor: outputUsesColor,
            isTerminal: outputIsTerminal)
    }

    /// The style for standard error, where errors and progress bars go.
    var errorStyle: ConsoleStyle {
        ConsoleStyle(
            width: columns ?? 80, usesColor: errorUsesColor, isTerminal: errorIsTerminal)
    }

    /// A width no line reaches: output to a pipe or a file is never cut.
    private static let unlimited = 10_000

    /// A terminal's size; one that reports none, or 0 (a serial line, some emulators), is taken
    /// as the classic 80×24 rather than as room for anything.
    private var windowSize: (columns: Int, rows: Int)? {
        let descriptor = outputIsTerminal ? STDOUT_FILENO : STDERR_FILENO
        guard outputIsTerminal || errorIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return (80, 24) }
        return (size.ws_col > 0 ? Int(size.ws_col) : 80, size.ws_row > 0 ? Int(size.ws_row) : 24)
    }
}
