import Foundation

/// An `--offline` read with nothing cached yet; not an unreachable server, whose advice
/// (`use --offline`) would point the wrong way.
struct NothingCachedError: Error, Sendable, CustomStringConvertible {
    /// The server the cache is kept for; `nil` for the bundled one.
    let server: URL?

    var description: String {
        let name = server.map { "for \($0.absoluteString)" } ?? "for the bundled demo server"
        return "nothing is cached \(name) yet: run `heroes-cli sync` online first"
    }
}
