import Foundation

/// Follows only a `GET` or `HEAD` within its origin, at most `maximumHops`. The platform would
/// follow 20 anywhere, https to http, copying `Authorization` along.
struct RedirectPolicy: Sendable {
    enum Decision: Sendable, Equatable {
        case follow
        /// The 3xx response is the answer.
        case refuse
        /// The call fails with `TransportError.tooManyRedirects`.
        case tooMany
    }

    var maximumHops = 5
    /// False for a proxy.
    var follows = true

    /// `hop` counts from 1.
    func decision(method: String, from: URL, to: URL, hop: Int) -> Decision {
        guard follows, ["GET", "HEAD"].contains(method.uppercased()),
            Self.origin(of: from) == Self.origin(of: to),
            Self.origin(of: from) != nil
        else { return .refuse }
        return hop > maximumHops ? .tooMany : .follow
    }

    /// Port defaulted, lowercased; nil unless http or https.
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
