import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds credentials to a prepared request before each attempt, so a retry gets fresh ones:
/// Basic, bearer tokens, or any request modification (a query token, a signature).
public protocol AuthenticationProvider: Sendable {
    /// Adds credentials to `request`.
    func authenticate(_ request: inout URLRequest) async throws
}
