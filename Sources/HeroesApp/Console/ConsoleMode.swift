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
    static let variable = "HEROES_CONSOLE"

    static func wanted(environment: [String: String]) -> Bool {
        if let forced = environment[variable], !forced.isEmpty { return forced == "1" }
        return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }
}
