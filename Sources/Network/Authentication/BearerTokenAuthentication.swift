import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Authorization: Bearer <token>`, the token asked for on every attempt so it can be refreshed.
public struct BearerTokenAuthentication: AuthenticationProvider, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    private let token: @Sendable () async throws -> String

    /// `token` is called at each attempt.
    public init(token: @escaping @Sendable () async throws -> String) {
        self.token = token
    }

    public init(token: String) {
        self.token = { token }
    }

    public func authenticate(_ request: inout URLRequest) async throws {
        request.setValue("Bearer " + (try await token()), forHTTPHeaderField: "Authorization")
    }

    public var description: String { "BearerTokenAuthentication(token: <redacted>)" }

    public var debugDescription: String { description }

    /// `dump()` and debuggers see no token.
    public var customMirror: Mirror { Mirror(self, children: ["token": Redaction.placeholder]) }
}
