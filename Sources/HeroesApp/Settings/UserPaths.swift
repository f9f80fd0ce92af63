import Foundation

/// The XDG folders: the cache in `$XDG_CACHE_HOME/heroes`, the bundled server's state in
/// `$XDG_DATA_HOME/heroes`.
struct UserPaths: Sendable {
    let cache: URL
    let data: URL

    init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, default relative: String) -> URL {
            // XDG says a relative path in these variables is invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                relative, isDirectory: true)
        }
        cache = base("XDG_CACHE_HOME", default: ".cache").appendingPathComponent("heroes", isDirectory: true)
        data = base("XDG_DATA_HOME", default: ".local/share").appendingPathComponent(
            "heroes", isDirectory: true)
    }
}
