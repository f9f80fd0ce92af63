import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// When `heroes-cli` with no command opens the interactive console instead of printing the usage:
/// when standard input and output are both terminals, or when `HEROES_CONSOLE=1` forces it (for
/// scripts and tests that drive the console through a pipe).
enum ConsoleMode {
    /// The variable that forces the console on a pipe.
    static let variable = "HEROES_CONSOLE"

    /// Whether this run, with no command given, should open the console.
    static func wanted(environment: [String: String]) -> Bool {
        if let forced = environment[variable], !forced.isEmpty { return forced == "1" }
        return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }
}
