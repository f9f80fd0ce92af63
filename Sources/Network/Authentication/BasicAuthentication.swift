import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP Basic (RFC 7617), sent up front, never in answer to a challenge (Transport's README, Platform notes #5).
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
