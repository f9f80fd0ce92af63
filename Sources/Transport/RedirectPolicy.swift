import Foundation

/// Redirects followed: only a `GET` or `HEAD` within its origin, at most `maximumHops`. The
/// platform would follow 20 anywhere, https to http, copying `Authorization` along.
struct RedirectPolicy: Sendable {
    /// What to do with one redirect.
    enum Decision: Sendable, Equatable {
        /// Send the new request.
        case follow
        /// Do not follow: the 3xx response is the answer.
        case refuse
        /// Stop: the call fails with `TransportError.tooManyRedirects`.
        case tooMany
    }

    /// Redirects followed in one request, at most.
    var maximumHops = 5
    /// False for a proxy: every redirect is the answer.
    var follows = true

    /// The decision for hop number `hop` (from 1) of a `method` request from `from` to `to`.
    func decision(method: String, from: URL, to: URL, hop: Int) -> Decision {
        guard follows, ["GET", "HEAD"].contains(method.uppercased()),
            Self.origin(of: from) == Self.origin(of: to),
            Self.origin(of: from) != nil
        else { return .refuse }
        return hop > maximumHops ? .tooMany : .follow
    }

    /// Scheme, host and port (the default when absent), lowercased; nil unless http or https.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let defaultPort: Int
        switch scheme {
        case "http": defaultPort = 80
        case "https": defaultPort = 443
        default: return nil
        }
        return "\(scheme)://\(host):\(url.port ?? defaultPort)"
    }
}
