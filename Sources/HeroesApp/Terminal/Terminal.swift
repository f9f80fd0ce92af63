import Foundation
import Presentation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process's terminal allows: whether a stream is a TTY, how wide it is, and whether
/// colour is welcome. The console views get the answer as a `ConsoleStyle`; they never ask.
struct Terminal: Sendable {
    /// Standard output is a terminal.
    let outputIsTerminal: Bool
    /// Standard error is a terminal.
    let errorIsTerminal: Bool
    /// Columns: `COLUMNS` when set, else the terminal's width, else none (a pipe is not cut).
    let columns: Int?
    /// Standard output is coloured: `--color`, else a terminal without `NO_COLOR` or `TERM=dumb`.
    let outputUsesColor: Bool
    /// Standard error is coloured, by the same rule.
    let errorUsesColor: Bool

    /// Reads the process's own terminal and environment; `color` says when to colour.
    init(environment: [String: String], color: ColorChoice) {
        outputIsTerminal = isatty(STDOUT_FILENO) == 1
        errorIsTerminal = isatty(STDERR_FILENO) == 1
        outputUsesColor = color.usesColor(isTerminal: outputIsTerminal, environment: environment)
        errorUsesColor = color.usesColor(isTerminal: errorIsTerminal, environment: environment)
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
            self.columns = columns
        } else {
            self.columns = Self.windowColumns(of: outputIsTerminal ? STDOUT_FILENO : STDERR_FILENO)
        }
    }

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

    private static func windowColumns(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
