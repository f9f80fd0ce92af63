import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether no command opens the console: both standard streams are terminals, or `HEROES_CONSOLE=1`.
enum ConsoleMode {
    /// The variable that forces the console on a pipe.
    static let variable = "HEROES_CONSOLE"

    /// Whether this run, with no command given, should open the console.
    static func wanted(environment: [String: String]) -> Bool {
        if let forced = environment[variable], !forced.isEmpty { return forced == "1" }
        return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }
}
