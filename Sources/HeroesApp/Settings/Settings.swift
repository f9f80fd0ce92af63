import Foundation

/// The global options, the environment filling the gaps.
struct Settings: Sendable {
    /// The server named by `--server` or `HEROES_SERVER`; `nil` means the bundled demo server.
    var server: URL?
    /// The editor account, if one was named.
    let user: String?
    /// The clearance key in base64, if one was given.
    let clearanceKey: String?
    /// Where the offline cache lives.
    var cacheDirectory: URL
    /// Where the bundled server keeps its state between runs.
    var dataDirectory: URL
    /// An app plist given with `--config`, instead of the bundled one.
    let configFile: URL?
    /// Read from the cache only.
    var isOffline: Bool
    /// Print JSON on standard output.
    let isJSON: Bool
    /// `--color WHEN`, `never` with `--no-color`, else `auto`.
    let color: ColorChoice
    /// Log each HTTP exchange and cache decision on standard error.
    let isVerbose: Bool

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
            // A password in the URL sits in `ps` output and shell history, so it is refused, and
            // never repeated in a message.
            if Self.userInfo(in: text) != nil {
                throw UsageError(
                    "\(Option.server.spec.synopsis) must not hold a user name or password; "
                        + "give the user with --user and the password in HEROES_PASSWORD, or at the prompt")
            }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme), url.host != nil
            else {
                throw UsageError(
                    "\(Option.server.spec.synopsis) must be an http:// or https:// URL, not '\(text)'")
            }
            // Paths are appended to the base: a query or fragment would send every request elsewhere.
            if text.contains("?") || text.contains("#") {
                throw UsageError(
                    "\(Option.server.spec.synopsis) must not hold a query (?) or a fragment (#), not '\(text)'"
                )
            }
            server = url
        } else {
            server = nil
        }
        user = given(.user)
        // Basic credentials are `user:password`: a colon in the user would move the split (RFC 7617).
        if let user,
            user.contains(":") || user.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            throw UsageError(
                "\(Option.user.spec.synopsis) (or HEROES_USER) must not hold ':' or a control character")
        }
        clearanceKey = given(.key)
        let paths = UserPaths(environment: environment)
        cacheDirectory =
            given(.cacheDirectory).map { URL(fileURLWithPath: $0, isDirectory: true) } ?? paths.cache
        dataDirectory = paths.data
        configFile = invocation[.config].map { URL(fileURLWithPath: $0) }
        isOffline = invocation[.offline]
        isJSON = invocation[.json]
        color = invocation[.noColor] ? .never : invocation[.color] ?? .auto
        isVerbose = invocation[.verbose]
    }

    /// The `user:password@` of a URL, read from the text so an unparsable URL is caught too.
    static func userInfo(in text: String) -> Substring? {
        let afterScheme = text.range(of: "://").map { text[$0.upperBound...] } ?? text[...]
        let authority = afterScheme.prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        return authority[..<at]
    }
}
