import Foundation

/// The global options after the environment has filled the gaps: what every command needs to
/// know about where to talk, as whom, and how to print.
struct Settings: Sendable {
    /// The server named by `--server` or `HEROES_SERVER`; `nil` means the bundled demo server.
    var server: URL?
    /// The editor account, if one was named.
    let user: String?
    /// The clearance key in base64, if one was given.
    let clearanceKey: String?
    /// Where the offline cache lives.
    let cacheDirectory: URL
    /// Where the bundled server keeps its state between runs.
    let dataDirectory: URL
    /// An app plist given with `--config`, instead of the bundled one.
    let configFile: URL?
    /// Read from the cache only.
    var isOffline: Bool
    /// Print JSON on standard output.
    let isJSON: Bool
    /// When to colour: `--color WHEN`, `never` with `--no-color`, else `auto` (which reads
    /// `NO_COLOR` and the terminal).
    let color: ColorChoice

    /// Reads the global options of `invocation`, falling back to `environment`.
    init(_ invocation: Invocation, environment: [String: String]) throws(UsageError) {
        func given(_ option: Option<String>) -> String? {
            if let value = invocation[option] { return value }
            guard let key = option.spec.environment, let value = environment[key], !value.isEmpty else {
                return nil
            }
            return value
        }
        if let text = given(.server) {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme), url.host != nil
            else {
                throw UsageError(
                    "\(Option.server.spec.synopsis) must be an http:// or https:// URL, not '\(text)'")
            }
            server = url
        } else {
            server = nil
        }
        user = given(.user)
        clearanceKey = given(.key)
        let paths = UserPaths(environment: environment)
        cacheDirectory =
            given(.cacheDirectory).map { URL(fileURLWithPath: $0, isDirectory: true) } ?? paths.cache
        dataDirectory = paths.data
        configFile = invocation[.config].map { URL(fileURLWithPath: $0) }
        isOffline = invocation[.offline]
        isJSON = invocation[.json]
        color = invocation[.noColor] ? .never : invocation[.color] ?? .auto
    }
}
