import Foundation

/// The global options, the environment filling the gaps.
struct Settings: Sendable {
    /// `nil` means the bundled demo server.
    var server: URL?
    let user: String?
    /// In base64.
    let clearanceKey: String?
    var cacheDirectory: URL
    var dataDirectory: URL
    let configFile: URL?
    var isOffline: Bool
    let isJSON: Bool
    let color: ColorChoice
    let isVerbose: Bool
    /// Supplied by the executable.
    var demoServer: (any DemoServer)?

    init(_ invocation: Invocation, environment: [String: String]) throws(UsageError) {
        func given(_ option: Option<String>) -> String? {
            if let value = invocation[option] { return value }
            guard let key = option.spec.environment, let value = environment[key], !value.isEmpty else {
                return nil
            }
            return value
        }
        if let text = given(.server) {
            // A password in the URL sits in `ps` output and shell history: refused, never repeated.
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
            // Paths are appended: a query or fragment would misdirect every request.
            if text.contains("?") || text.contains("#") {
                throw UsageError(
                    "\(Option.server.spec.synopsis) must not hold a query (?) or a fragment (#), not '\(text)'"
                )
            }
            // URL accepts any digits as a port; the socket API takes 1 to 65535.
            if let port = url.port, !(1...65_535).contains(port) {
                throw UsageError("\(Option.server.spec.synopsis) has port \(port); a port is 1 to 65535")
            }
            server = url
        } else {
            server = nil
        }
        user = given(.user)
        // A colon in the user would move Basic's `user:password` split (RFC 7617).
        if let user,
            user.contains(":") || user.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            throw UsageError(
                "\(Option.user.spec.synopsis) (or HEROES_USER) must not hold ':' or a control character")
        }
        clearanceKey = given(.key)
        for option in [Option.cacheDirectory, .config, .output] where invocation[option]?.isEmpty == true {
            throw UsageError("\(option.spec.synopsis) needs a path, not an empty word")
        }
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

    /// Read from the text, so an unparsable URL is caught too.
    static func userInfo(in text: String) -> Substring? {
        let afterScheme = text.range(of: "://").map { text[$0.upperBound...] } ?? text[...]
        let authority = afterScheme.prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        return authority[..<at]
    }
}
