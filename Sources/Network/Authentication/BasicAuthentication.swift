import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP Basic (RFC 7617), sent up front, never on a challenge (Transport's README, Platform notes #5).
public struct BasicAuthentication: AuthenticationProvider, CustomStringConvertible,
    CustomDebugStringConvertible,
    CustomReflectable
{
    private let headerValue: String
    private let username: String

    public init(username: String, password: String) {
        self.username = username
        headerValue = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    public func authenticate(_ request: inout URLRequest) async throws {
        request.setValue(headerValue, forHTTPHeaderField: "Authorization")
    }

    /// Never shows the password.
    public var description: String { "BasicAuthentication(username: \(username), password: <redacted>)" }

    public var debugDescription: String { description }

    /// `dump()` and debuggers see the user name only.
    public var customMirror: Mirror {
        Mirror(self, children: ["username": username, "password": Redaction.placeholder])
    }
}
