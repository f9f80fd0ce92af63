import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds credentials to a prepared request just before each attempt is sent.
///
/// Nemo Connect's authentication provider interface: Basic, bearer tokens, and any
/// request modification (a token query item, a signature) fit behind it. It is called once per
/// attempt, so a retried request gets fresh credentials and a fresh signature.
public protocol AuthenticationProvider: Sendable {
    /// Adds credentials to `request`.
    func authenticate(_ request: inout URLRequest) async throws
}

/// HTTP Basic (RFC 7617), sent up front as an `Authorization` header: never in answer to a
/// challenge, which has hung and crashed FoundationNetworking (README, Platform notes #5).
public struct BasicAuthentication: AuthenticationProvider, CustomStringConvertible,
    CustomDebugStringConvertible,
    CustomReflectable
{
    private let headerValue: String
    private let username: String

    /// Credentials for `username` and `password`.
    public init(username: String, password: String) {
        self.username = username
        headerValue = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    /// Sets `Authorization: Basic …`.
    public func authenticate(_ request: inout URLRequest) async throws {
        request.setValue(headerValue, forHTTPHeaderField: "Authorization")
    }

    /// Names the user, never the password.
    public var description: String { "BasicAuthentication(username: \(username), password: <redacted>)" }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// Shows `dump()` and debuggers the user name only, never the header value.
    public var customMirror: Mirror {
        Mirror(self, children: ["username": username, "password": Redaction.placeholder])
    }
}

/// `Authorization: Bearer <token>`, the token asked for on every attempt so it can be refreshed.
public struct BearerTokenAuthentication: AuthenticationProvider, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    private let token: @Sendable () async throws -> String

    /// Sends the token that `token` returns at the time of each attempt.
    public init(token: @escaping @Sendable () async throws -> String) {
        self.token = token
    }

    /// Sends the fixed `token`.
    public init(token: String) {
        self.token = { token }
    }

    /// Sets `Authorization: Bearer …`.
    public func authenticate(_ request: inout URLRequest) async throws {
        request.setValue("Bearer " + (try await token()), forHTTPHeaderField: "Authorization")
    }

    /// Never shows the token.
    public var description: String { "BearerTokenAuthentication(token: <redacted>)" }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// Shows `dump()` and debuggers no token.
    public var customMirror: Mirror { Mirror(self, children: ["token": Redaction.placeholder]) }
}

/// Nemo Connect's request-modification hook: any change to the request, such as adding a token
/// key to the query or signing the method, URL and body.
public struct RequestModification: AuthenticationProvider {
    private let modify: @Sendable (inout URLRequest) async throws -> Void

    /// Runs `modify` on every attempt's request.
    public init(_ modify: @escaping @Sendable (inout URLRequest) async throws -> Void) {
        self.modify = modify
    }

    /// Adds `name=value` to the query, such as `api_key=…`, keeping the items already there.
    public static func queryItem(name: String, value: String) -> RequestModification {
        RequestModification { request in
            guard let url = request.url,
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { return }
            var items = components.percentEncodedQueryItems ?? []
            let allowed = CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
            items.append(
                URLQueryItem(
                    name: name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name,
                    value: value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
                )
            )
            components.percentEncodedQueryItems = items
            request.url = components.url ?? url
        }
    }

    /// Applies the modification.
    public func authenticate(_ request: inout URLRequest) async throws {
        try await modify(&request)
    }
}
