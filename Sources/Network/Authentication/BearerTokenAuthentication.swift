import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
